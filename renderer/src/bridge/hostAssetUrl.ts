import { STATIC_DATA_URL_PREFIX } from '@shared/contract/staticDataUrl';

/**
 * A cached image's URL as this page may load it. A browser-host page carries its token in its own URL and
 * the host sets no cookie, so a `/static-data/…` image needs that token too; the desktop app's pages (the
 * app:// protocol) have none and need none.
 */
export function hostAssetUrl(path: string, pageSearch: string = window.location.search): string {
  if (!path.startsWith(STATIC_DATA_URL_PREFIX)) return path;
  return withPageToken(path, pageSearch);
}

/** A path of this page's own origin with the page's token when it has one (a browser-host page): a download. */
export function withPageToken(path: string, pageSearch: string = window.location.search): string {
  const token = new URLSearchParams(pageSearch).get('token');
  if (!token) return path;
  return `${path}${path.includes('?') ? '&' : '?'}token=${encodeURIComponent(token)}`;
}
