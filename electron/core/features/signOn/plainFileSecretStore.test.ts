import { chmod, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createPlainFileSecretStore } from './plainFileSecretStore';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sightline-signon-secrets-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('createPlainFileSecretStore', () => {
  it('keeps values in a file only this user can read, and removes it when empty', async () => {
    const file = join(dir, 'secrets.json');
    const store = createPlainFileSecretStore(file, 'linux');
    await Promise.all([store.set('a', 'one'), store.set('b', 'two')]);
    expect(await store.get('a')).toBe('one');
    expect(await store.get('b')).toBe('two');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    await store.delete('a');
    await store.delete('b');
    await expect(stat(file)).rejects.toMatchObject({ code: 'ENOENT' });
    expect(store.isEncrypted()).toBe(false);
  });

  it('ignores a file that other users can read', async () => {
    const file = join(dir, 'secrets.json');
    const store = createPlainFileSecretStore(file, 'linux');
    await store.set('a', 'one');
    await chmod(file, 0o644);
    expect(await store.get('a')).toBeNull();
  });
});
