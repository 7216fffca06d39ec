import { open, realpath, rm } from 'node:fs/promises';
import { join, sep } from 'node:path';
import type { Result } from '@shared/contract/errors';
import { STATIC_DATA_URL_PREFIX } from '@shared/contract/staticDataUrl';
import type { Downloader } from '../../platform/net/download';
import { isSafeRelativePath } from './cacheLayout';
import type { ImageSource } from './imageSource';
import { isCardLocale } from './cards/cardBundles';
import type { CardLocale } from './cards/cardBundles';
import type { CardImageKind, CardIndex } from './cards/cardIndex';

/**
 * Images of the static data as our own URLs (`/static-data/…`), and the resolver that maps such a URL back to a
 * file inside the cache. The renderer may show only same-origin images, and the cache is the one place they live:
 * what is not cached yet is fetched into it first (arena art from Data Dragon, card art from the record's asset
 * URL on the card data host), and a path that would lead out of the cache resolves to nothing.
 */

export interface StaticAsset {
  file: string;
  contentType: string;
}

/** URL path (as the host sees it, percent-encoded) → a file to serve, or null for "not found". */
export type StaticAssetResolver = (urlPath: string) => Promise<StaticAsset | null>;

const CARD_IMAGE_KINDS: readonly CardImageKind[] = ['card', 'full', 'alt', 'altFull'];
const CARD_CODE = /^[0-9A-Za-z]{4,24}$/;
const NAME_REF = /^[A-Za-z0-9_]{1,60}$/;
const ARENA_IMAGE = /^cdn\/(?:[^/]+\/)?img\/.+\.(?:png|jpe?g|webp)$/i;

const encodePath = (path: string): string => path.split('/').map(encodeURIComponent).join('/');

export const staticAssetUrl = {
  /** A Data Dragon image path ("cdn/14.1.1/img/champion/Annie.png"). */
  arena: (path: string): string => `${STATIC_DATA_URL_PREFIX}arena/${encodePath(path)}`,
  card: (locale: string, cardCode: string, kind: CardImageKind = 'card'): string =>
    `${STATIC_DATA_URL_PREFIX}cards/${locale}/${encodeURIComponent(cardCode)}/${kind}.png`,
  region: (locale: string, nameRef: string): string =>
    `${STATIC_DATA_URL_PREFIX}regions/${locale}/${encodeURIComponent(nameRef)}.png`,
};

export interface StaticAssetResolverOptions {
  cacheDir: string;
  arenaImage(path: string, options: { fetch?: boolean }): Promise<ImageSource>;
  loadCardIndex(locale: CardLocale): Promise<Result<CardIndex>>;
  /** Fetches card art the bundles lack into the cache. */
  download: Downloader;
  /** Record asset URLs are followed only to this host (the card data host), never anywhere a bundle points. */
  cardDataUrl: string;
  maxImageBytes?: number;
  now?: () => number;
}

/** After a failed fetch the same image is not asked for again for this long (a grid of art while offline). */
const FAILURE_MEMORY_MS = 60_000;

export function createStaticAssetResolver(options: StaticAssetResolverOptions): StaticAssetResolver {
  const maxBytes = options.maxImageBytes ?? 16 * 1024 * 1024;
  const now = options.now ?? Date.now;
  const cardHost = originOf(options.cardDataUrl);
  const pending = new Map<string, Promise<string | null>>();
  const failedAt = new Map<string, number>();

  /** Runs a fetch once per key at a time, and not again soon after it failed. */
  const once = (key: string, run: () => Promise<string | null>): Promise<string | null> => {
    const failure = failedAt.get(key);
    if (failure !== undefined && now() - failure < FAILURE_MEMORY_MS) return Promise.resolve(null);
    const running = pending.get(key);
    if (running) return running;
    const attempt = run()
      .then((file) => {
        if (file === null) failedAt.set(key, now());
        else failedAt.delete(key);
        return file;
      })
      .finally(() => pending.delete(key));
    pending.set(key, attempt);
    return attempt;
  };

  const fetchRemote = (url: string, destination: string): Promise<string | null> =>
    once(destination, async () => {
      if (cardHost === null || originOf(url) !== cardHost) return null;
      const outcome = await options.download.download({ url, destination, maxBytes });
      if (outcome.kind !== 'ok') return null;
      if ((await sniffImageType(destination)) === null) {
        await rm(destination, { force: true });
        return null;
      }
      return destination;
    });

  const fileOf = async (source: ImageSource | null, remoteCopy: string): Promise<string | null> => {
    if (source === null) return null;
    if (source.kind === 'file') return source.path;
    return fetchRemote(source.url, remoteCopy);
  };

  const resolveFile = async (segments: string[]): Promise<string | null> => {
    const [area, ...rest] = segments;
    if (area === 'arena') {
      const path = rest.join('/');
      if (!ARENA_IMAGE.test(path) || !isSafeRelativePath(path)) return null;
      return once(`arena:${path}`, async () => {
        const source = await options.arenaImage(path, { fetch: true });
        return source.kind === 'file' ? source.path : null;
      });
    }
    if (area === 'cards' && rest.length === 3) {
      const [locale = '', cardCode = '', fileName = ''] = rest;
      const kind = CARD_IMAGE_KINDS.find((candidate) => fileName === `${candidate}.png`);
      if (!kind || !isCardLocale(locale) || !CARD_CODE.test(cardCode)) return null;
      const index = await options.loadCardIndex(locale);
      if (!index.ok) return null;
      const remoteCopy = join(options.cacheDir, 'cards', locale, 'remote', `${cardCode}-${kind}.png`);
      return fileOf(index.value.image(cardCode, kind), remoteCopy);
    }
    if (area === 'regions' && rest.length === 2) {
      const [locale = '', fileName = ''] = rest;
      const nameRef = fileName.endsWith('.png') ? fileName.slice(0, -'.png'.length) : '';
      if (!isCardLocale(locale) || !NAME_REF.test(nameRef)) return null;
      const index = await options.loadCardIndex(locale);
      if (!index.ok) return null;
      const remoteCopy = join(options.cacheDir, 'cards', locale, 'remote', `region-${nameRef}.png`);
      return fileOf(index.value.regionIcon(nameRef), remoteCopy);
    }
    return null;
  };

  return async (urlPath) => {
    const segments = pathSegments(urlPath);
    if (!segments) return null;
    const file = await resolveFile(segments);
    if (file === null || !(await isInside(options.cacheDir, file))) return null;
    const contentType = await sniffImageType(file);
    return contentType ? { file, contentType } : null;
  };
}

/** The decoded segments after the prefix; null for anything that is not a plain path of plain names. */
function pathSegments(urlPath: string): string[] | null {
  if (!urlPath.startsWith(STATIC_DATA_URL_PREFIX)) return null;
  const segments: string[] = [];
  for (const raw of urlPath.slice(STATIC_DATA_URL_PREFIX.length).split('/')) {
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      return null;
    }
    if (segment === '' || segment === '.' || segment === '..' || /[/\\\0:]/.test(segment)) return null;
    segments.push(segment);
  }
  return segments.length > 0 ? segments : null;
}

/** The file, links resolved, lies inside the folder, links resolved: nothing outside the cache is ever served. */
async function isInside(folder: string, file: string): Promise<boolean> {
  try {
    const [root, target] = await Promise.all([realpath(folder), realpath(file)]);
    return target.startsWith(root + sep);
  } catch {
    return false;
  }
}

/** The type from the file's first bytes, not its name: only real images are served. */
export async function sniffImageType(file: string): Promise<string | null> {
  let handle;
  try {
    handle = await open(file, 'r');
    const head = Buffer.alloc(12);
    const { bytesRead } = await handle.read(head, 0, 12, 0);
    const bytes = head.subarray(0, bytesRead);
    if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
      return 'image/png';
    }
    if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
    if (
      bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
      bytes.subarray(8, 12).toString('latin1') === 'WEBP'
    ) {
      return 'image/webp';
    }
    return null;
  } catch {
    return null;
  } finally {
    await handle?.close();
  }
}

function originOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : null;
  } catch {
    return null;
  }
}
