import { beforeEach, describe, expect, it } from 'vitest';
import { OVERLAY_ROUTES, type Audience } from '@shared/contract';
import { APP_PAGES, pagesOriginFor } from '../protocol/pagesOrigin';
import { createContentsGuard } from '../security/attachGuards';
import { fakeNavigation, FakeBrowserWindow, type FakeWebContents } from '../tools/testkit/fakeElectron';
import {
  createCasterPanelWindow,
  createCompanionWindow,
  createOverlayWindow,
  type WindowFactoryDeps,
} from './windowFactory';

const route = OVERLAY_ROUTES[0];
const bounds = { x: 1, y: 2, width: 480, height: 160 };

function deps(overrides: Partial<WindowFactoryDeps<FakeBrowserWindow>> = {}) {
  const guarded: FakeWebContents[] = [];
  const attached: FakeWebContents[] = [];
  const audiences: Audience[] = [];
  const routes: (string | undefined)[] = [];
  const logged: string[] = [];
  const value: WindowFactoryDeps<FakeBrowserWindow> = {
    BrowserWindow: FakeBrowserWindow,
    preloadPath: '/out/preload/index.cjs',
    pages: APP_PAGES,
    platform: 'win32',
    guard: (contents) => void guarded.push(contents as FakeWebContents),
    attachState: (contents, audience, route) => {
      attached.push(contents as FakeWebContents);
      audiences.push(audience);
      routes.push(route);
    },
    log: (message) => void logged.push(message),
    ...overrides,
  };
  return { value, guarded, attached, audiences, routes, logged };
}

beforeEach(() => FakeBrowserWindow.reset());

describe('createOverlayWindow', () => {
  it('opens a click-through window on top of everything, on every workspace', () => {
    const window = createOverlayWindow(deps().value, route, bounds);
    expect(window.calls).toContainEqual({ method: 'setIgnoreMouseEvents', args: [true, { forward: true }] });
    expect(window.calls).toContainEqual({ method: 'setAlwaysOnTop', args: [true, 'screen-saver'] });
    expect(window.calls).toContainEqual({
      method: 'setVisibleOnAllWorkspaces',
      args: [true, { visibleOnFullScreen: true }],
    });
    expect(window.options).toMatchObject({ ...bounds, transparent: true, focusable: false, type: 'toolbar' });
  });

  it('loads the overlay route from the app origin, after everything is configured', () => {
    const window = createOverlayWindow(deps().value, route, bounds);
    expect(window.loadedUrl).toBe('app://sightline/overlay/status');
    expect(window.callNames().at(-1)).toBe('loadURL');
  });

  it('guards the page and connects it to the overlay audience’s state before loading', () => {
    const { value, guarded, attached, audiences } = deps();
    const window = createOverlayWindow(value, route, bounds);
    expect(guarded).toEqual([window.webContents]);
    expect(attached).toEqual([window.webContents]);
    expect(audiences).toEqual(['overlay']);
  });

  it('connects each overlay window to what its own route draws', () => {
    const { value, routes } = deps();
    for (const each of OVERLAY_ROUTES) createOverlayWindow(value, each, bounds);
    expect(routes).toEqual(OVERLAY_ROUTES.map((each) => each.name));
  });

  it('with the real guard, its page cannot navigate away or open windows', () => {
    const opened: string[] = [];
    const guard = createContentsGuard({
      pages: APP_PAGES,
      openExternal: async (url) => void opened.push(url),
      log: () => undefined,
    });
    const window = createOverlayWindow(deps({ guard }).value, route, bounds);
    const away = fakeNavigation('https://example.com/');
    window.webContents.emit('will-navigate', away);
    expect(away.defaultPrevented).toBe(true);
    expect(window.webContents.windowOpenHandler?.({ url: 'app://sightline/' })).toEqual({ action: 'deny' });
  });

  it('does not show the window itself: the overlay list decides', () => {
    const window = createOverlayWindow(deps().value, route, bounds);
    window.emit('ready-to-show');
    expect(window.visible).toBe(false);
  });
});

describe('createCompanionWindow', () => {
  it('loads the companion page and shows it once painted', () => {
    const window = createCompanionWindow(deps().value);
    expect(window.loadedUrl).toBe('app://sightline/');
    expect(window.visible).toBe(false);
    window.emit('ready-to-show');
    expect(window.visible).toBe(true);
  });

  it('opens on another page when asked (the first-run guide)', () => {
    expect(createCompanionWindow(deps().value, '/welcome').loadedUrl).toBe('app://sightline/welcome');
  });

  it('logs a failed load instead of throwing', async () => {
    class FailingWindow extends FakeBrowserWindow {
      override loadURL(): Promise<void> {
        return Promise.reject(new Error('ERR_FILE_NOT_FOUND'));
      }
    }
    const { value, logged } = deps({ BrowserWindow: FailingWindow });
    createCompanionWindow(value);
    await new Promise((resolve) => setImmediate(resolve));
    expect(logged).toEqual([expect.stringContaining('ERR_FILE_NOT_FOUND')]);
  });
});

describe('createCasterPanelWindow', () => {
  const panelBounds = { x: 1376, y: 796, width: 520, height: 220 };

  it('stays above the game on every workspace but is never click-through', () => {
    const window = createCasterPanelWindow(deps().value, panelBounds);
    expect(window.calls).toContainEqual({ method: 'setAlwaysOnTop', args: [true, 'screen-saver'] });
    expect(window.calls).toContainEqual({
      method: 'setVisibleOnAllWorkspaces',
      args: [true, { visibleOnFullScreen: true }],
    });
    expect(window.callNames()).not.toContain('setIgnoreMouseEvents');
    expect(window.options).toMatchObject({ ...panelBounds, focusable: true, alwaysOnTop: true });
  });

  it('guards the page, connects it to state, loads the panel route and shows it once painted', () => {
    const { value, guarded, attached, audiences } = deps();
    const window = createCasterPanelWindow(value, panelBounds);
    createCompanionWindow(value);
    expect(guarded[0]).toBe(window.webContents);
    expect(attached[0]).toBe(window.webContents);
    // The panel commands the replay: it is the companion's, as the companion window is.
    expect(audiences).toEqual(['companion', 'companion']);
    expect(window.loadedUrl).toBe('app://sightline/panel/caster');
    expect(window.visible).toBe(false);
    window.emit('ready-to-show');
    expect(window.visible).toBe(true);
  });
});

describe('under npm run dev', () => {
  const dev = pagesOriginFor({ packaged: false, devServerUrl: 'http://localhost:5173' });

  it('every window loads its route from the dev server', () => {
    const { value } = deps({ pages: dev });
    expect(createOverlayWindow(value, route, bounds).loadedUrl).toBe('http://localhost:5173/overlay/status');
    expect(createCompanionWindow(value, '/welcome').loadedUrl).toBe('http://localhost:5173/welcome');
    expect(createCasterPanelWindow(value, bounds).loadedUrl).toBe('http://localhost:5173/panel/caster');
  });

  it('a packaged app loads app:// whatever the variable says', () => {
    const packaged = pagesOriginFor({ packaged: true, devServerUrl: 'http://localhost:5173' });
    const { value } = deps({ pages: packaged });
    expect(createCompanionWindow(value).loadedUrl).toBe('app://sightline/');
  });
});
