import { extname, join, normalize, sep } from 'node:path';
import { isOverlayPath, overlayRouteAt } from '@shared/contract/overlays';
import { overlayRoutePagePath } from './overlayRoutePages';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.ico': 'image/x-icon',
};

export type RendererFile = { kind: 'file'; path: string; contentType: string } | { kind: 'not-found' };

/**
 * Maps a URL path to a file of the built renderer. Paths with an extension are files (and must stay
 * inside the folder); anything else is a view route: an overlay route gets the overlays' page made for it
 * (overlay/<name>.html, which names its feature's script), a mistyped one (under /overlay/) the overlays' plain
 * page, overlay.html, which names no script and draws nothing, and every other route the companion's index.html.
 * The browser host and the desktop app's protocol both map through here.
 */
export function resolveRendererFile(rendererDir: string, urlPath: string): RendererFile {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return { kind: 'not-found' };
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return { kind: 'not-found' };
  const extension = extname(decoded);
  if (extension === '') {
    const page = isOverlayPath(decoded) ? overlayPage(decoded) : 'index.html';
    return { kind: 'file', path: join(rendererDir, page), contentType: CONTENT_TYPES['.html'] ?? '' };
  }
  const root = normalize(rendererDir);
  const path = normalize(join(root, decoded));
  if (!path.startsWith(root + sep)) return { kind: 'not-found' };
  const contentType = CONTENT_TYPES[extension.toLowerCase()];
  return contentType ? { kind: 'file', path, contentType } : { kind: 'not-found' };
}

function overlayPage(path: string): string {
  const route = overlayRouteAt(path);
  return route ? overlayRoutePagePath(route.name) : 'overlay.html';
}
