import type { PagesOrigin } from '../protocol/pagesOrigin';
import { isAllowedNavigation, isPermissionAllowed, isSafeExternalUrl } from './guards';

/** What Electron passes to navigation listeners (its Event with url), reduced to what the guard uses. */
export interface NavigationDetails {
  url: string;
  preventDefault(): void;
}

/** The slice of Electron's WebContents the guards attach to (structurally compatible with it). */
export interface GuardableWebContents {
  on(event: 'will-navigate' | 'will-redirect', listener: (details: NavigationDetails) => void): unknown;
  on(
    event: 'will-frame-navigate',
    listener: (details: NavigationDetails & { isMainFrame: boolean }) => void,
  ): unknown;
  on(event: 'will-attach-webview', listener: (event: { preventDefault(): void }) => void): unknown;
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' }): void;
}

/** The slice of Electron's Session whose permission hooks the guards answer. */
export interface GuardableSession {
  setPermissionRequestHandler(
    handler: (
      webContents: unknown,
      permission: string,
      callback: (granted: boolean) => void,
      details: { requestingUrl?: string },
    ) => void,
  ): void;
  setPermissionCheckHandler(
    handler: (webContents: unknown, permission: string, requestingOrigin: string) => boolean,
  ): void;
}

export interface GuardOptions {
  /** The windows' pages, the one origin a window may show (pagesOriginFor). */
  pages: PagesOrigin;
  /** Hands a link to the system browser (shell.openExternal); called only with safe https URLs. */
  openExternal(url: string): Promise<void>;
  log(message: string): void;
  /** Whether a frame inside a page may load this URL: the browser host's overlay pages (isOverlayPreviewUrl). */
  isFramedOverlay?(url: string): boolean;
}

/**
 * Keeps a page on the app's origin: no navigation or redirect elsewhere, no new windows, no webviews.
 * A safe https link the user clicks opens in the system browser instead.
 */
export function attachNavigationGuards(contents: GuardableWebContents, options: GuardOptions): void {
  const openOutside = (url: string): void => {
    if (!isSafeExternalUrl(url)) {
      options.log(`blocked opening ${describeUrl(url)}`);
      return;
    }
    options
      .openExternal(url)
      .catch((error: unknown) => options.log(`could not open a link: ${String(error)}`));
  };
  const keepInside = (details: NavigationDetails): void => {
    if (isAllowedNavigation(options.pages, details.url)) return;
    details.preventDefault();
    openOutside(details.url);
  };
  const refuse = (details: NavigationDetails): void => {
    if (isAllowedNavigation(options.pages, details.url)) return;
    details.preventDefault();
    options.log(`blocked navigating to ${describeUrl(details.url)}`);
  };
  contents.on('will-navigate', keepInside);
  // Fires for every frame; the main frame is will-navigate's, so a link opens outside only once.
  // A subframe may also show an overlay link (the OBS page's live previews), never anything else.
  contents.on('will-frame-navigate', (details) => {
    if (!details.isMainFrame && !options.isFramedOverlay?.(details.url)) refuse(details);
  });
  contents.on('will-redirect', refuse);
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    openOutside(url);
    return { action: 'deny' };
  });
}

/** Answers every permission request and check with isPermissionAllowed for the windows' pages. */
export function attachPermissionGuards(session: GuardableSession, pages: PagesOrigin): void {
  session.setPermissionRequestHandler((_contents, permission, callback, details) =>
    callback(isPermissionAllowed(pages, permission, details.requestingUrl)),
  );
  session.setPermissionCheckHandler((_contents, permission, requestingOrigin) =>
    isPermissionAllowed(pages, permission, requestingOrigin),
  );
}

// Logs name the scheme and host only: a blocked URL may carry tokens in its path or query.
function describeUrl(url: string): string {
  if (!URL.canParse(url)) return 'an invalid URL';
  const parsed = new URL(url);
  return `${parsed.protocol}//${parsed.host}`;
}

/**
 * Guards a WebContents once, however often it is offered: both app-wide ('web-contents-created') and
 * the window factory call it, and a second set of listeners would open every link twice.
 */
export function createContentsGuard(options: GuardOptions): (contents: GuardableWebContents) => void {
  const guarded = new WeakSet<GuardableWebContents>();
  return (contents) => {
    if (guarded.has(contents)) return;
    guarded.add(contents);
    attachNavigationGuards(contents, options);
  };
}
