import { readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { isOverlayPath, OVERLAY_ROUTES } from '@shared/contract/overlays';
import { CONTENT_ENCODINGS, isCompressible, type CompressedFiles } from './compressedFiles';
import { resolveRendererFile } from './rendererFiles';

/** The URL paths a page names as its scripts, preloads and styles (`src="…"`, `href="…"`, same-origin only). */
function pathsNamedBy(html: string): string[] {
  return [...html.matchAll(/\b(?:src|href)="(\/[^"/][^"]*)"/g)].map((match) => match[1] ?? '');
}

/**
 * The built renderer's compressible files in the order a cold start needs them: the files each overlay route's
 * page names (what an OBS source asks for first after the app starts; the page itself is made for each request,
 * with its snapshot, and sent as is), then every other file. Paths are the ones a request for the same URL
 * resolves to, so the cache entries are the ones requests read.
 */
export async function filesToWarm(rendererDir: string): Promise<string[]> {
  const files = new Set<string>();
  const add = (urlPath: string): void => {
    const file = resolveRendererFile(rendererDir, urlPath);
    if (file.kind === 'file' && isCompressible(file.contentType)) files.add(file.path);
  };
  for (const route of OVERLAY_ROUTES) {
    const page = resolveRendererFile(rendererDir, route.path);
    if (page.kind !== 'file') continue;
    const html = await readFile(page.path, 'utf8').catch(() => null);
    if (html === null) continue;
    for (const named of pathsNamedBy(html)) add(new URL(named, 'http://127.0.0.1').pathname);
  }
  const entries = await readdir(rendererDir, { recursive: true, withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const urlPath = `/${relative(rendererDir, join(entry.parentPath, entry.name)).split(sep).join('/')}`;
    // The routes' own pages are never sent from the cache: no URL asks for them by name (/overlay/… is a route).
    if (isOverlayPath(urlPath)) continue;
    add(urlPath);
  }
  return [...files];
}

/**
 * Compresses the built renderer's files into `compressed` in the background, right after the host listens, so
 * the first load of an overlay after the app starts is not the one that waits for it. One file at a time, with
 * a turn of the event loop between files: a request never queues behind more than one file's compression, and a
 * request for a file being warmed shares its compression (the cache keeps one per file and encoding). Stops
 * between files once `signal` aborts (the host closing).
 */
export async function warmCompressedFiles(
  rendererDir: string,
  compressed: CompressedFiles,
  signal: AbortSignal,
): Promise<void> {
  for (const path of await filesToWarm(rendererDir)) {
    for (const encoding of CONTENT_ENCODINGS) {
      if (signal.aborted) return;
      await compressed.read(path, encoding);
      await nextTurn();
    }
  }
}
