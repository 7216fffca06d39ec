import { createWriteStream, type WriteStream } from 'node:fs';
import { join } from 'node:path';
import { ensurePrivateDir, PRIVATE_FILE_MODE, restrictToOwner } from '../fs/privateDir';

export const LOG_FILE_NAME = 'sightline.log';

/**
 * The data folder's log, appended to, made private first (folder and file): its lines name players,
 * hosts and paths. The desktop app and `sightline serve` both write here. `onError` is told why the log stopped.
 */
export async function openLogFile(
  dataDir: string,
  onError: (error: Error) => void = () => undefined,
): Promise<WriteStream> {
  await ensurePrivateDir(dataDir);
  const path = join(dataDir, LOG_FILE_NAME);
  // One an older version left readable is tightened; a new one is created owner-only.
  await restrictToOwner(path);
  const stream = createWriteStream(path, { flags: 'a', mode: PRIVATE_FILE_MODE });
  // A read-only or full folder stops the log, never the app: the stream closes, later lines are dropped.
  stream.on('error', onError);
  return stream;
}
