import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from '../../platform/fs/atomicFile';

export const SIGNING_SECRET_FILE = 'tournament-signing-secret';

export function signingSecretPath(dataDir: string): string {
  return join(dataDir, SIGNING_SECRET_FILE);
}

/**
 * The metaData signing secret: made once, kept in a file only this user can read (0600), never sent
 * anywhere. A standalone receiver on a public server is given a copy of this file.
 */
export async function loadOrCreateSigningSecret(file: string): Promise<Buffer> {
  const existing = await loadSigningSecret(file);
  if (existing) return existing;
  const secret = randomBytes(32);
  await writeFileAtomic(file, secret.toString('hex'), 0o600);
  return secret;
}

/** The secret if the file holds one; null when there is no file yet. */
export async function loadSigningSecret(file: string): Promise<Buffer | null> {
  const text = (await readFile(file, 'utf8').catch(() => '')).trim();
  if (text === '') return null;
  if (!/^[0-9a-f]{64}$/.test(text)) {
    throw new Error(`The signing secret in ${file} is not 64 hex digits; it was left as it is.`);
  }
  return Buffer.from(text, 'hex');
}
