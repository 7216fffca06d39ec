import { readFile, rm, stat } from 'node:fs/promises';
import { AppRequestError, type SecretStorage, type WebApiKeyStatus } from '@shared/contract';
import { writeFileAtomic } from '../../../platform/fs/atomicFile';
import type { SecretStore } from '../../../platform/secrets/secretStore';

/** The secret store's name for the key (shared with the desktop's safeStorage file). */
export const API_KEY_SECRET = 'riotApiKey';
/** Riot keys look like RGAPI-<uuid>; anything far from that is a paste mistake. */
const KEY_PATTERN = /^RGAPI-[A-Za-z0-9-]{8,64}$/;

export const PLAIN_FILE_WARNING =
  'The headless host has no OS encryption: the key is kept unencrypted in a file only your user can read.';

export type ApiKeyStorage =
  /** The desktop app: the OS-encrypted secret store (Electron safeStorage). */
  | { kind: 'secret-store'; store: SecretStore }
  /** The headless host: a file readable by the user only (0600), with a warning. */
  | { kind: 'plain-file'; file: string; platform?: NodeJS.Platform };

export interface ApiKeyStoreOptions {
  storage: ApiKeyStorage;
  /** SIGHTLINE_API_KEY: wins over what is stored, for this run only. */
  environmentKey: string | null;
}

export interface ApiKeyStore {
  /** The key for a request, or null. Never leaves the core. */
  read(): Promise<string | null>;
  /** What a view may know: whether there is a key and where it is kept. */
  describe(): Promise<Omit<WebApiKeyStatus, 'kind'>>;
  save(key: string): Promise<void>;
  clear(): Promise<void>;
}

export function checkApiKeyFormat(key: string): string | null {
  return KEY_PATTERN.test(key.trim())
    ? null
    : 'That does not look like an API key: copy the whole key from developer.riotgames.com (it starts with RGAPI-).';
}

/** The user's own key: from the environment for one run, else the secret store or the 0600 file. */
export function createApiKeyStore(options: ApiKeyStoreOptions): ApiKeyStore {
  const { storage } = options;
  const environmentKey = options.environmentKey?.trim() || null;
  // What the key panel says before a key is entered: the file a key saved now is written to.
  const keptIn: SecretStorage =
    storage.kind === 'secret-store' ? { kind: 'os-encrypted' } : { kind: 'plain-file', path: storage.file };

  const readKeyFile = async (): Promise<{ key: string | null; warning: string | null }> => {
    if (storage.kind !== 'plain-file') return { key: null, warning: null };
    let text: string;
    try {
      text = await readFile(storage.file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { key: null, warning: null };
      throw error;
    }
    if ((storage.platform ?? process.platform) !== 'win32') {
      const mode = (await stat(storage.file)).mode & 0o777;
      if ((mode & 0o077) !== 0) {
        return {
          key: null,
          warning: `The key file ${storage.file} can be read by other users, so it is ignored: run chmod 600 on it or enter the key again.`,
        };
      }
    }
    return { key: text.trim() || null, warning: PLAIN_FILE_WARNING };
  };

  return {
    async read() {
      if (environmentKey) return environmentKey;
      if (storage.kind === 'secret-store') return (await storage.store.get(API_KEY_SECRET))?.trim() || null;
      return (await readKeyFile()).key;
    },
    async describe() {
      if (environmentKey) return { present: true, source: 'environment', warning: null, storage: keptIn };
      if (storage.kind === 'secret-store') {
        const present = Boolean(await storage.store.get(API_KEY_SECRET));
        return { present, source: present ? 'stored' : null, warning: null, storage: keptIn };
      }
      const { key, warning } = await readKeyFile();
      return { present: key !== null, source: key ? 'file' : null, warning, storage: keptIn };
    },
    async save(key) {
      if (environmentKey) {
        throw new AppRequestError({
          code: 'unsupported',
          message: 'SIGHTLINE_API_KEY sets the key for this run; unset it to store a key.',
        });
      }
      const problem = checkApiKeyFormat(key);
      if (problem) throw new AppRequestError({ code: 'bad-input', message: problem });
      if (storage.kind === 'secret-store') return storage.store.set(API_KEY_SECRET, key.trim());
      // Created 0600 and renamed into place, so the key is never readable by others, not even briefly.
      await writeFileAtomic(storage.file, `${key.trim()}\n`, 0o600);
    },
    async clear() {
      if (storage.kind === 'secret-store') return storage.store.delete(API_KEY_SECRET);
      await rm(storage.file, { force: true });
    },
  };
}
