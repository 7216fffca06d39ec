import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';

const PREFIX = 'sightline-tests-';

/** Names `folder` in TMPDIR for this process and every process it starts; the returned call puts TMPDIR back. */
export function pointTmpdirAt(folder: string): () => void {
  const before = process.env.TMPDIR;
  process.env.TMPDIR = folder;
  return () => {
    if (before === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = before;
  };
}

/**
 * Vitest's and Playwright's global set-up: one temporary folder per run, named by TMPDIR for every worker and every
 * process a test starts. Sightline keeps what its processes share (the web API's limits per key and host, the game
 * clients' pacing) in a folder under the temporary one; a test that leaves a pause there (a 429 asking to wait
 * years) would otherwise hand it to a later run's test whose simulator got the same port. Removed at the end.
 */
export default function runTempFolder(): () => void {
  // Vitest sets up once for the run and once per project: the run's folder serves them all.
  if (basename(tmpdir()).startsWith(PREFIX)) return () => undefined;
  const folder = mkdtempSync(join(tmpdir(), PREFIX));
  // Other accounts may pass through to a folder of theirs inside, as in /tmp: the throwaway PostgreSQL runs as
  // its own account when the tests run as root.
  chmodSync(folder, 0o711);
  const restore = pointTmpdirAt(folder);
  return () => {
    restore();
    rmSync(folder, { recursive: true, force: true });
  };
}
