import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppRequestError } from '@shared/contract';
import {
  createEncryptedFileSecretStore,
  encryptionProblem,
  SECRETS_FILE,
  type StringCipher,
} from './encryptedFileSecretStore';

/** A reversible stand-in for safeStorage: XOR with a key, so ciphertext never equals the plain text. */
function fakeCipher(overrides: Partial<StringCipher> = {}): StringCipher {
  const xor = (bytes: Buffer) => Buffer.from(bytes.map((byte) => byte ^ 0x5a));
  return {
    isEncryptionAvailable: () => true,
    linuxBackend: () => null,
    encryptString: (plain) => Buffer.concat([Buffer.from('ENC'), xor(Buffer.from(plain, 'utf8'))]),
    decryptString: (encrypted) => {
      if (encrypted.subarray(0, 3).toString() !== 'ENC')
        throw new Error('Error while decrypting the ciphertext');
      return xor(encrypted.subarray(3)).toString('utf8');
    },
    ...overrides,
  };
}

let dir: string;
let file: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sightline-secrets-'));
  file = join(dir, SECRETS_FILE);
});

afterEach(() => rm(dir, { recursive: true, force: true }));

describe('encryptionProblem', () => {
  it('is null when the OS encrypts', () => {
    expect(encryptionProblem(fakeCipher())).toBeNull();
    expect(encryptionProblem(fakeCipher({ linuxBackend: () => 'gnome_libsecret' }))).toBeNull();
  });

  it('explains an unavailable encryption', () => {
    expect(encryptionProblem(fakeCipher({ isEncryptionAvailable: () => false }))).toMatch(/no encryption/);
  });

  it('refuses the Linux basic_text backend, saying what to do', () => {
    const problem = encryptionProblem(fakeCipher({ linuxBackend: () => 'basic_text' }));
    expect(problem).toMatch(/plain text/);
    expect(problem).toMatch(/keyring/);
  });

  it('refuses a backend that is not chosen yet', () => {
    expect(encryptionProblem(fakeCipher({ linuxBackend: () => 'unknown' }))).toMatch(/not ready/);
  });
});

describe('createEncryptedFileSecretStore', () => {
  it('stores, reads back and deletes a secret', async () => {
    const store = createEncryptedFileSecretStore({ cipher: fakeCipher(), file });
    expect(await store.get('riotApiKey')).toBeNull();
    await store.set('riotApiKey', 'RGAPI-1234');
    expect(await store.get('riotApiKey')).toBe('RGAPI-1234');
    await store.delete('riotApiKey');
    expect(await store.get('riotApiKey')).toBeNull();
    expect(store.isEncrypted()).toBe(true);
  });

  it('keeps only versioned base64 ciphertext on disk, readable by the user only', async () => {
    const store = createEncryptedFileSecretStore({ cipher: fakeCipher(), file });
    await store.set('riotApiKey', 'RGAPI-1234');
    const text = await readFile(file, 'utf8');
    expect(text).not.toContain('RGAPI-1234');
    const parsed = JSON.parse(text) as { version: number; secrets: Record<string, string> };
    expect(parsed.version).toBe(1);
    expect(parsed.secrets.riotApiKey).toMatch(/^v1:[A-Za-z0-9+/]+=*$/);
    // What is on disk is what the OS's encryption made of the key, not the key merely encoded.
    const stored = Buffer.from(parsed.secrets.riotApiKey?.slice('v1:'.length) ?? '', 'base64');
    expect(stored.toString('utf8')).not.toContain('RGAPI-1234');
    expect(fakeCipher().decryptString(stored)).toBe('RGAPI-1234');
    if (process.platform !== 'win32') {
      expect((await stat(file)).mode & 0o777).toBe(0o600);
    }
  });

  it.each([
    ['encryption is unavailable', { isEncryptionAvailable: () => false }],
    ['the Linux backend is basic_text', { linuxBackend: () => 'basic_text' }],
  ])('refuses to store when %s, and writes nothing', async (_case, overrides: Partial<StringCipher>) => {
    const store = createEncryptedFileSecretStore({ cipher: fakeCipher(overrides), file });
    expect(store.isEncrypted()).toBe(false);
    const attempt = store.set('riotApiKey', 'RGAPI-1234');
    await expect(attempt).rejects.toBeInstanceOf(AppRequestError);
    await expect(attempt).rejects.toMatchObject({ error: { code: 'unsupported' } });
    await expect(readFile(file, 'utf8')).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('keeps the others when several secrets change at once', async () => {
    const store = createEncryptedFileSecretStore({ cipher: fakeCipher(), file });
    await Promise.all(['a', 'b', 'c', 'd'].map((name) => store.set(name, `value-${name}`)));
    expect(await Promise.all(['a', 'b', 'c', 'd'].map((name) => store.get(name)))).toEqual([
      'value-a',
      'value-b',
      'value-c',
      'value-d',
    ]);
  });

  it('never overwrites a damaged file, and says which file', async () => {
    await writeFile(file, '{ not json');
    const logged: string[] = [];
    const store = createEncryptedFileSecretStore({
      cipher: fakeCipher(),
      file,
      log: (m) => void logged.push(m),
    });
    await expect(store.set('riotApiKey', 'x')).rejects.toMatchObject({
      error: { code: 'io', message: expect.stringContaining(file) },
    });
    expect(await store.get('riotApiKey')).toBeNull();
    expect(await readFile(file, 'utf8')).toBe('{ not json');
    expect(logged).toEqual([expect.stringContaining('damaged')]);
  });

  it('returns null for a value it cannot decrypt now, and keeps it for later', async () => {
    let available = true;
    const cipher = fakeCipher({ isEncryptionAvailable: () => available });
    const store = createEncryptedFileSecretStore({ cipher, file });
    await store.set('riotApiKey', 'RGAPI-1234');
    available = false;
    expect(await store.get('riotApiKey')).toBeNull();
    available = true;
    expect(await store.get('riotApiKey')).toBe('RGAPI-1234');
  });

  it('returns null for ciphertext the keyring rejects', async () => {
    await writeFile(file, JSON.stringify({ version: 1, secrets: { riotApiKey: 'v1:bm90IG91cnM=' } }));
    const store = createEncryptedFileSecretStore({ cipher: fakeCipher(), file });
    expect(await store.get('riotApiKey')).toBeNull();
  });

  it.each(['', '__proto__', 'has space', '../etc', 'x'.repeat(65)])('refuses the name %j', async (name) => {
    const store = createEncryptedFileSecretStore({ cipher: fakeCipher(), file });
    await expect(store.set(name, 'v')).rejects.toMatchObject({ error: { code: 'bad-input' } });
    await expect(store.get(name)).rejects.toMatchObject({ error: { code: 'bad-input' } });
  });
});
