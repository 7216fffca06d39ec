import { STATIC_DATA_URL_PREFIX } from '@shared/contract/staticDataUrl';
import { isDownloadPath } from '../../core/transport/host/downloadRoute';
import { APP_ORIGIN, appUrl, parseAppUrl } from './appOrigin';

/**
 * Where the windows' pages come from, the one origin the shell trusts (IPC senders, navigation, permissions):
 * the app's protocol, or under `npm run dev` Vite's dev server, for hot reload.
 */
export interface PagesOrigin {
  /** `app://sightline`, or the dev server's `http://localhost:<port>`. */
  readonly origin: string;
  /** The URL of a route, e.g. url('/overlay/status'). */
  url(path: `/${string}`): string;
  /** Whether a URL is of this origin (and carries no credentials); anything unparsable is not. */
  owns(url: string | undefined): boolean;
  /**
   * In development, the app:// URL that answers a request the pages make to the dev server for what only the core
   * has (cached images, downloads); null for every other request, and always in the packaged app.
   */
  servedByApp(url: string): string | null;
}

/** The packaged app's pages (and an unpackaged one's without the dev server): the built renderer on app://. */
export const APP_PAGES: PagesOrigin = {
  origin: APP_ORIGIN,
  url: appUrl,
  owns: (url) => parseAppUrl(url) !== null,
  servedByApp: () => null,
};

/** The names electron-vite's dev server may take on this machine (its URL names the configured host). */
const LOOPBACK_HOSTS: ReadonlySet<string> = new Set(['localhost', '127.0.0.1', '[::1]']);

/** The variable electron-vite sets for the app it starts under `electron-vite dev`. */
export const DEV_SERVER_VARIABLE = 'ELECTRON_RENDERER_URL';

/**
 * Decides the pages' origin. The dev server's only when the app is not packaged and the variable names plain
 * http on loopback (no credentials, no path): a packaged app ignores the variable, and an unpackaged one refuses
 * any other value with an error (the app would otherwise trust, and run its pages from, a foreign origin).
 */
export function pagesOriginFor(options: {
  packaged: boolean;
  devServerUrl: string | undefined;
}): PagesOrigin {
  if (options.packaged || options.devServerUrl === undefined || options.devServerUrl === '') return APP_PAGES;
  return devServerPages(devServerOrigin(options.devServerUrl));
}

function devServerOrigin(value: string): string {
  const refuse = (why: string): never => {
    throw new Error(
      `${DEV_SERVER_VARIABLE} must be Vite's dev server on this machine (http://localhost:<port>); ${why}.`,
    );
  };
  if (!URL.canParse(value)) return refuse('it is not a URL');
  const url = new URL(value);
  // Named by scheme and host only: the value is not ours to repeat whole.
  if (url.protocol !== 'http:') return refuse(`it is ${url.protocol}//${url.host}`);
  if (!LOOPBACK_HOSTS.has(url.hostname)) return refuse(`${url.host} is not this machine`);
  if (url.username !== '' || url.password !== '') return refuse('it carries credentials');
  if (url.pathname !== '/' || url.search !== '' || url.hash !== '')
    return refuse('it names more than an origin');
  return url.origin;
}

function devServerPages(origin: string): PagesOrigin {
  const owned = (url: string | undefined): URL | null => {
    if (url === undefined || !URL.canParse(url)) return null;
    const parsed = new URL(url);
    return parsed.origin === origin && parsed.username === '' && parsed.password === '' ? parsed : null;
  };
  return {
    origin,
    url: (path) => `${origin}${path}`,
    owns: (url) => owned(url) !== null,
    servedByApp: (url) => {
      const parsed = owned(url);
      if (!parsed) return null;
      const { pathname, search } = parsed;
      return pathname.startsWith(STATIC_DATA_URL_PREFIX) || isDownloadPath(pathname)
        ? `${APP_ORIGIN}${pathname}${search}`
        : null;
    },
  };
}
