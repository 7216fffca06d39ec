import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { StateMessage } from '@shared/contract';
import { chooseEncoding, isCompressible, type CompressedFiles } from './compressedFiles';
import { pageWithSnapshot } from './embeddedSnapshot';
import { serveFile, type ServedFile } from './serveFile';

/** The build names every bundle file by its content's hash: a new build has new names, so no copy goes stale. */
export const HASHED_ASSETS_PREFIX = '/assets/';
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';

/**
 * Sends a file of the built renderer. The hashed bundle files may be kept by the browser (OBS reloading a source
 * downloads and compiles nothing again); the pages stay `no-store` from `headers` (a page's URL holds the token,
 * and a new build must be picked up). Text is sent in brotli or gzip when the client takes one, compressed once
 * (`compressed`); `vary` says the answer depends on Accept-Encoding. No validators are sent, so a conditional
 * request gets the whole file again, never a 304.
 */
export async function serveRendererFile(
  request: IncomingMessage,
  response: ServerResponse,
  file: { path: string; contentType: string },
  headers: Record<string, string>,
  compressed: CompressedFiles,
): Promise<ServedFile> {
  const urlPath = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
  const cache: Record<string, string> = urlPath.startsWith(HASHED_ASSETS_PREFIX)
    ? { 'cache-control': IMMUTABLE_CACHE }
    : {};
  const headOnly = request.method === 'HEAD';
  const base: Record<string, string> = { ...headers, ...cache, 'content-type': file.contentType };
  if (!isCompressible(file.contentType)) return serveFile(response, file.path, base, { headOnly });
  const varied = { ...base, vary: 'accept-encoding' };
  const encoding = chooseEncoding(request.headers['accept-encoding']);
  if (encoding === null) return serveFile(response, file.path, varied, { headOnly });
  const body = await compressed.read(file.path, encoding);
  if (body === null) return { kind: 'not-found' };
  response.writeHead(200, {
    ...varied,
    'content-encoding': encoding,
    'content-length': String(body.byteLength),
  });
  response.end(headOnly ? undefined : body);
  return { kind: 'served' };
}

/**
 * Sends an overlay route's page with the snapshot its socket would send it first (pageWithSnapshot), so it draws
 * its first value without waiting for the socket. Made for each request, as the state is the moment's, and sent
 * as is: a page of a few KB over the loopback gains nothing from being compressed, and would wait for it.
 */
export async function serveOverlayPage(
  request: IncomingMessage,
  response: ServerResponse,
  file: { path: string; contentType: string },
  headers: Record<string, string>,
  snapshot: StateMessage,
): Promise<ServedFile> {
  let html: string;
  try {
    html = await readFile(file.path, 'utf8');
  } catch {
    return { kind: 'not-found' };
  }
  const body = Buffer.from(pageWithSnapshot(html, snapshot));
  response.writeHead(200, {
    ...headers,
    'content-type': file.contentType,
    'content-length': String(body.byteLength),
  });
  response.end(request.method === 'HEAD' ? undefined : body);
  return { kind: 'served' };
}
