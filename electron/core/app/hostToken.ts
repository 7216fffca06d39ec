import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from '../fs/atomicFile';

const TOKEN_FILE = 'host-token';

/** The per-install token of the browser host: made once, kept readable by the user only. */
export async function loadOrCreateHostToken(dataDir: string): Promise<string> {
  const file = join(dataDir, TOKEN_FILE);
  const existing = await readFile(file, 'utf8').catch(() => '');
  if (/^[A-Za-z0-9_-]{16,128}$/.test(existing.trim())) return existing.trim();
  const token = randomBytes(24).toString('base64url');
  await writeFileAtomic(file, token, 0o600);
  return token;
}
