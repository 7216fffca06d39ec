import { readFile } from 'node:fs/promises';
import { AppRequestError } from '@shared/contract';
import { writeFileAtomic } from '../../core/platform/fs/atomicFile';
import type { SecretStore } from '../../core/platform/secrets/secretStore';

/** The OS encryption the store relies on (Electron's safeStorage), reduced to what it uses. */
export interface StringCipher {
  isEncryptionAvailable(): boolean;
  /** Linux only: the keyring in use. Null elsewhere. */
  linuxBackend(): string | null;
  encryptString(plainText: string): Buffer;
  decryptString(encrypted: Buffer): string;
}

export interface SecretFileIo {
  /** The file's text, or null when it does not exist. */
  read(path: string): Promise<string | null>;
  write(path: string, text: string): Promise<void>;
}

export interface EncryptedFileSecretStoreOptions {
  cipher: StringCipher;
  file: string;
  io?: SecretFileIo;
  log?: (message: string) => void;
}

export const SECRETS_FILE = 'secrets.json';
const FILE_VERSION = 1;
/** Marks a value as safeStorage ciphertext in base64, so another scheme could be told apart later. */
const VALUE_PREFIX = 'v1:';
const NAME_PATTERN = /^[a-zA-Z][a-zA-Z0-9._-]{0,63}$/;

/**
 * Why the store cannot encrypt, or null when it can. On Linux, 'basic_text' means Chromium fell back
 * to a key hard-coded in its source: that is obfuscation, not encryption, so the store refuses it.
 */
export function encryptionProblem(cipher: StringCipher): string | null {
  if (!cipher.isEncryptionAvailable()) {
    return 'Cannot store secrets: the operating system offers no encryption to this app right now.';
  }
  const backend = cipher.linuxBackend();
  if (backend === 'basic_text') {
    return (
      'Cannot store secrets: no system keyring (GNOME Keyring/libsecret or KWallet) is available, so they ' +
      'could only be saved in plain text. Install or unlock a keyring and restart Sightline.'
    );
  }
  if (backend === 'unknown') return 'Cannot store secrets: the system keyring is not ready yet.';
  return null;
}

const nodeIo: SecretFileIo = {
  read: (path) =>
    readFile(path, 'utf8').catch((error: unknown) => {
      if (isMissingFile(error)) return null;
      throw error;
    }),
  // Readable by the user only: even ciphertext is nobody else's business.
  write: (path, text) => writeFileAtomic(path, text, 0o600),
};

/**
 * A SecretStore kept in one JSON file of OS-encrypted values. It refuses to store anything it cannot
 * encrypt, never overwrites a file it cannot read, and writes one change at a time.
 */
export function createEncryptedFileSecretStore(options: EncryptedFileSecretStoreOptions): SecretStore {
  const { cipher, file } = options;
  const io = options.io ?? nodeIo;
  const log = options.log ?? (() => undefined);
  let queue: Promise<unknown> = Promise.resolve();

  const load = async (): Promise<Record<string, string>> => {
    const text = await io.read(file);
    if (text === null) return {};
    const entries = parseSecretsFile(text);
    if (!entries) {
      throw new AppRequestError({
        code: 'io',
        message: `The secrets file ${file} is damaged; Sightline leaves it untouched. Move it away to store new keys.`,
      });
    }
    return entries;
  };

  const save = (entries: Record<string, string>): Promise<void> =>
    io.write(file, `${JSON.stringify({ version: FILE_VERSION, secrets: entries }, null, 2)}\n`);

  // Changes are read-modify-write of one file: run them one after another so none is lost.
  const serially = <T>(change: () => Promise<T>): Promise<T> => {
    const run = queue.then(change, change);
    queue = run.catch(() => undefined);
    return run;
  };

  return {
    async get(name) {
      checkName(name);
      let entries: Record<string, string>;
      try {
        entries = await load();
      } catch (error) {
        log(error instanceof Error ? error.message : String(error));
        return null;
      }
      const stored = Object.hasOwn(entries, name) ? entries[name] : undefined;
      if (stored === undefined) return null;
      if (encryptionProblem(cipher) !== null || !stored.startsWith(VALUE_PREFIX)) {
        log(`secret ${name} is stored but cannot be read now`);
        return null;
      }
      try {
        return cipher.decryptString(Buffer.from(stored.slice(VALUE_PREFIX.length), 'base64'));
      } catch {
        // Kept in the file: the keyring may come back (a locked wallet, another login session).
        log(`secret ${name} could not be decrypted`);
        return null;
      }
    },
    async set(name, value) {
      checkName(name);
      const problem = encryptionProblem(cipher);
      if (problem !== null) throw new AppRequestError({ code: 'unsupported', message: problem });
      return serially(async () => {
        const entries = await load();
        const encrypted = cipher.encryptString(value).toString('base64');
        await save({ ...entries, [name]: `${VALUE_PREFIX}${encrypted}` });
      });
    },
    async delete(name) {
      checkName(name);
      return serially(async () => {
        const entries = await load();
        if (!Object.hasOwn(entries, name)) return;
        const { [name]: _removed, ...rest } = entries;
        await save(rest);
      });
    },
    isEncrypted: () => encryptionProblem(cipher) === null,
  };
}

function parseSecretsFile(text: string): Record<string, string> | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isRecord(parsed) || parsed.version !== FILE_VERSION || !isRecord(parsed.secrets)) return null;
  const entries: Record<string, string> = {};
  for (const [name, value] of Object.entries(parsed.secrets)) {
    if (typeof value !== 'string' || !NAME_PATTERN.test(name)) return null;
    entries[name] = value;
  }
  return entries;
}

function checkName(name: string): void {
  if (!NAME_PATTERN.test(name)) {
    throw new AppRequestError({ code: 'bad-input', message: `Invalid secret name "${name.slice(0, 64)}".` });
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isMissingFile(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === 'ENOENT';
}
