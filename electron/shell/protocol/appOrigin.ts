/**
 * The app's own origin. The renderer is served from this custom scheme rather than file://, so that
 * "is this our page?" has a precise answer (the sender, navigation and permission checks all ask it).
 */
export const APP_SCHEME = 'app';
export const APP_HOST = 'sightline';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;

/** The URL of a renderer view, e.g. appUrl('/overlay/status'). */
export function appUrl(path: `/${string}`): string {
  return `${APP_ORIGIN}${path}`;
}

/**
 * Parses a URL and answers whether it belongs to the app's origin: our scheme and host, no port, no
 * credentials. Anything unparsable is foreign. Node's URL keeps a custom scheme's host as written, so an
 * upper-case variant is foreign too (fail closed).
 */
export function parseAppUrl(url: string | undefined): URL | null {
  if (url === undefined || !URL.canParse(url)) return null;
  const parsed = new URL(url);
  const ours =
    parsed.protocol === `${APP_SCHEME}:` &&
    parsed.host === APP_HOST &&
    parsed.username === '' &&
    parsed.password === '';
  return ours ? parsed : null;
}
