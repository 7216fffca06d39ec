import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import type { Logger } from '../../platform/log/logger';
import { DOWNLOAD_PATH_PREFIX, type DownloadFile, type DownloadShelf } from './downloadShelf';
import type { HostTokens } from './hostTokens';
import { SECURITY_HEADERS } from './securityHeaders';
import { serveFile } from './serveFile';

/**
 * `GET /download/<id>`: a file the core made for the user (a history export), sent once as an attachment.
 * The browser host asks for the companion token as for every companion request (in the URL, as pages carry
 * it): an overlay link never downloads, and cannot spend a companion's download either. The desktop app's
 * origin has no token; there the unguessable, single-use, short-lived id is what admits the request.
 */

export function isDownloadPath(urlPath: string): boolean {
  return urlPath.startsWith(DOWNLOAD_PATH_PREFIX);
}

/** The browser host's answer to a download path (after its Host and Origin checks). */
export async function serveDownload(
  request: IncomingMessage,
  response: ServerResponse,
  url: URL,
  deps: { downloads?: DownloadShelf; tokens: HostTokens; logger: Logger },
): Promise<void> {
  if (request.method !== 'GET') return answer(response, 405, 'method not allowed', { allow: 'GET' });
  if (deps.tokens.kindOf(url.searchParams.get('token')) !== 'companion')
    return answer(response, 403, 'forbidden: missing or wrong companion token');
  const taken = deps.downloads?.take(url.pathname);
  if (!taken) return answer(response, 404, 'not found: no such download (each is sent once)');
  try {
    const served = await serveFile(response, taken.path, downloadHeaders(taken), { headOnly: false });
    if (served.kind === 'not-found') answer(response, 404, 'not found: the file is gone');
    if (served.kind === 'read-failed')
      deps.logger.warn('host download read failed', { error: served.error.message });
  } finally {
    await taken.done();
  }
}

/** The desktop app's (`app://`) answer to a download path, in fetch types: the same file, once. */
export async function downloadResponse(
  downloads: DownloadShelf | null,
  urlPath: string,
  method: string,
): Promise<Response> {
  if (method !== 'GET') return plain(405, 'method not allowed', { allow: 'GET' });
  const taken = downloads?.take(urlPath);
  if (!taken) return plain(404, 'not found: no such download (each is sent once)');
  let size: number;
  try {
    size = (await stat(taken.path)).size;
  } catch {
    await taken.done();
    return plain(404, 'not found: the file is gone');
  }
  const file = createReadStream(taken.path);
  // Deleted once read, or once the download is cancelled (the stream closes either way).
  file.once('close', () => void taken.done());
  return new Response(Readable.toWeb(file) as ReadableStream<Uint8Array>, {
    status: 200,
    headers: { ...downloadHeaders(taken), 'content-length': String(size) },
  });
}

/** An attachment under its own name; never cached (it holds the user's history). */
export function downloadHeaders(file: DownloadFile): Record<string, string> {
  const ascii = file.fileName.replace(/[^A-Za-z0-9._-]/g, '_');
  return {
    ...SECURITY_HEADERS,
    'cache-control': 'no-store',
    'cross-origin-resource-policy': 'same-origin',
    'content-type': file.mimeType,
    'content-disposition': `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
  };
}

function answer(
  response: ServerResponse,
  status: number,
  body: string,
  headers: Record<string, string> = {},
): void {
  if (response.headersSent) return void response.destroy();
  response.writeHead(status, {
    ...SECURITY_HEADERS,
    'cache-control': 'no-store',
    'content-type': 'text/plain; charset=utf-8',
    ...headers,
  });
  response.end(body);
}

function plain(status: number, body: string, headers: Record<string, string> = {}): Response {
  return new Response(body, {
    status,
    headers: {
      ...SECURITY_HEADERS,
      'cache-control': 'no-store',
      'content-type': 'text/plain; charset=utf-8',
      ...headers,
    },
  });
}
