import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { STATIC_DATA_URL_PREFIX } from '@shared/contract/staticDataUrl';
import type { HostAssetResolver } from '../../core/transport/host/browserHost';
import { downloadResponse, isDownloadPath } from '../../core/transport/host/downloadRoute';
import type { DownloadShelf } from '../../core/transport/host/downloadShelf';
import { resolveRendererFile } from '../../core/transport/host/rendererFiles';
import { SECURITY_HEADERS as PAGE_SECURITY_HEADERS } from '../../core/transport/host/securityHeaders';
import { parseAppUrl } from './appOrigin';

export type AppUrlTarget = { file: string; contentType: string } | { status: 404 };

const NOT_FOUND = { status: 404 } as const;

/**
 * Maps an `app://sightline/<path>` URL to a file of the built renderer: assets by path, an overlay route
 * (/overlay/status) to its page (overlay/status.html) and any other route (/, /history) to index.html
 * (resolveRendererFile). Never leaves the folder: dot segments (also percent-encoded), backslashes, NUL and drive
 * letters are refused outright rather than normalised away.
 */
export function resolveAppUrl(rendererDir: string, url: string): AppUrlTarget {
  const parsed = parseAppUrl(url);
  if (!parsed) return NOT_FOUND;
  let decoded: string;
  try {
    decoded = decodeURIComponent(parsed.pathname);
  } catch {
    return NOT_FOUND;
  }
  if (/[\0\\:]/.test(decoded)) return NOT_FOUND;
  if (decoded.split('/').some((segment) => segment === '..' || segment === '.')) return NOT_FOUND;
  const file = resolveRendererFile(resolve(rendererDir), parsed.pathname);
  return file.kind === 'file' ? { file: file.path, contentType: file.contentType } : NOT_FOUND;
}

const SECURITY_HEADERS = { ...PAGE_SECURITY_HEADERS, 'cache-control': 'no-cache' } as const;

export interface AppProtocolOptions {
  rendererDir: string;
  /** Cached static-data images (`/static-data/…`): the core's resolver, the same one the browser host uses. */
  assets?: HostAssetResolver;
  readFile?: (path: string) => Promise<Uint8Array>;
  /** The core's download shelf once it runs (`/download/…`): served as the browser host serves it. */
  downloads?: () => DownloadShelf | null;
}

/** A `/static-data/…` path of an app URL, still percent-encoded, or null for any other URL. */
function staticDataPath(url: string): string | null {
  const parsed = parseAppUrl(url);
  return parsed?.pathname.startsWith(STATIC_DATA_URL_PREFIX) ? parsed.pathname : null;
}

/**
 * The handler behind `protocol.handle('app', …)`, in plain fetch types so Node can test it: read-only
 * (GET/HEAD), the CSP and nosniff on every answer, and a bare 404 for anything outside the renderer.
 */
export function createAppProtocolHandler(
  options: AppProtocolOptions,
): (request: Request) => Promise<Response> {
  const read = options.readFile ?? ((path: string) => readFile(path));
  return async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return new Response('method not allowed', {
        status: 405,
        headers: { ...SECURITY_HEADERS, allow: 'GET, HEAD' },
      });
    }
    const downloadPath = parseAppUrl(request.url)?.pathname;
    if (downloadPath !== undefined && isDownloadPath(downloadPath))
      return downloadResponse(options.downloads?.() ?? null, downloadPath, request.method);
    const assetPath = staticDataPath(request.url);
    const asset = assetPath !== null ? await options.assets?.(assetPath) : undefined;
    const target =
      assetPath !== null ? (asset ?? NOT_FOUND) : resolveAppUrl(options.rendererDir, request.url);
    if ('status' in target) return notFound();
    let body: Uint8Array;
    try {
      body = await read(target.file);
    } catch {
      return notFound();
    }
    const headers = {
      ...SECURITY_HEADERS,
      'content-type': target.contentType,
      'content-length': String(body.byteLength),
    };
    return new Response(request.method === 'HEAD' ? null : body, { status: 200, headers });
  };
}

function notFound(): Response {
  return new Response('not found', {
    status: 404,
    headers: { ...SECURITY_HEADERS, 'content-type': 'text/plain; charset=utf-8' },
  });
}
