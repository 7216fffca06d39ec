import { open, type FileHandle } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import { pipeline } from 'node:stream/promises';

/** How serving a file went: sent whole, not there (nothing was sent), or cut short by a read that failed. */
export type ServedFile = { kind: 'served' } | { kind: 'not-found' } | { kind: 'read-failed'; error: Error };

/**
 * The one way the host sends a file as a response body. The file is opened first, and the open file is what is
 * measured and read: a file removed or replaced meanwhile (a cache clear while OBS loads its overlays) is sent
 * whole as it was when opened, or is `not-found` before anything is written, so the caller still chooses the
 * status. Once the headers are out, a read that fails destroys the response (the client sees it cut short):
 * every error of the streams is handled here, none reaches the process as an unhandled 'error' event.
 */
export async function serveFile(
  response: ServerResponse,
  path: string,
  headers: Record<string, string>,
  options: { headOnly: boolean },
): Promise<ServedFile> {
  let file: FileHandle;
  try {
    file = await open(path, 'r');
  } catch {
    return { kind: 'not-found' };
  }
  let size: number;
  try {
    const info = await file.stat();
    if (!info.isFile()) {
      await file.close();
      return { kind: 'not-found' };
    }
    size = info.size;
  } catch {
    await file.close().catch(() => undefined);
    return { kind: 'not-found' };
  }
  response.writeHead(200, { ...headers, 'content-length': String(size) });
  if (options.headOnly || size === 0) {
    await file.close();
    response.end();
    return { kind: 'served' };
  }
  // Read exactly the size announced: a file that grows meanwhile must not overrun its content-length.
  const body = file.createReadStream({ start: 0, end: size - 1, autoClose: true });
  try {
    await pipeline(body, response);
    return { kind: 'served' };
  } catch (error) {
    response.destroy();
    // The client going away (a source closed mid-image) is its business, not a failure to report.
    if (isPrematureClose(error)) return { kind: 'served' };
    return { kind: 'read-failed', error: error instanceof Error ? error : new Error(String(error)) };
  }
}

function isPrematureClose(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | null)?.code === 'ERR_STREAM_PREMATURE_CLOSE';
}
