/**
 * Where the user's own keys live. In the desktop app: Electron safeStorage (OS encryption).
 * Values never leave the main process: views only learn whether a secret is set.
 */
export interface SecretStore {
  get(name: string): Promise<string | null>;
  set(name: string, value: string): Promise<void>;
  delete(name: string): Promise<void>;
  /** False when the store cannot encrypt (then it refuses to store). */
  isEncrypted(): boolean;
}

/** For tests and for a headless host with no secret configured: holds nothing beyond the process. */
export function createMemorySecretStore(): SecretStore {
  const values = new Map<string, string>();
  return {
    get: async (name) => values.get(name) ?? null,
    set: async (name, value) => void values.set(name, value),
    delete: async (name) => void values.delete(name),
    isEncrypted: () => false,
  };
}
