import {
  app,
  BrowserWindow,
  dialog,
  globalShortcut,
  ipcMain,
  Menu,
  nativeImage,
  net,
  protocol,
  screen,
  session,
  shell,
  Tray,
} from 'electron';
import {
  FIRST_RUN_PATH,
  IPC_CHANNELS,
  isOverlayName,
  OVERLAY_ROUTES,
  settingsSchema,
  type Settings,
} from '@shared/contract';
import { startCore, type Core } from '../core/app/startCore';
import { openLogFile } from '../core/platform/log/logFile';
import { createLogger } from '../core/platform/log/logger';
import { readEnvironment } from '../core/platform/settings/environment';
import { gameCfgPathsFromArgv } from './app/appArguments';
import { createGracefulQuit } from './app/gracefulQuit';
import { shellPaths } from './app/shellPaths';
import { autostartDir, createStartWithSystem, launchCommand, startsHidden } from './app/startWithSystem';
import { createGameCfgPicker } from './dialogs/gameCfgPicker';
import { createPaymentConfirmation, createPaymentUnlockConfirmation } from './dialogs/paymentConfirmation';
import { registerAppShortcuts } from './hotkeys/appShortcuts';
import type { RegisteredShortcuts } from './hotkeys/globalShortcuts';
import { createIpcHandlers, senderInfoOf } from './ipc/ipcHandlers';
import { APP_SCHEME } from './protocol/appOrigin';
import { createAppProtocolHandler } from './protocol/appProtocol';
import { createDevServerRequestHandler } from './protocol/devServerRequests';
import { APP_PAGES, DEV_SERVER_VARIABLE, pagesOriginFor } from './protocol/pagesOrigin';
import { createSafeStorageSecretStore } from './secrets/safeStorageSecretStore.electron';
import { attachPermissionGuards, createContentsGuard } from './security/attachGuards';
import { isOverlayPreviewUrl } from './security/guards';
import { trayIconBitmap } from './tray/trayIcon';
import { buildTrayMenu, toMenuTemplate, TRAY_TOOLTIP, type TrayAction } from './tray/trayMenu';
import { casterPanelBounds } from './windows/casterPanelOptions';
import { createOverlayPlacement, isGameRunning, readDisplays } from './windows/overlayPlacement';
import { createOverlayWindows } from './windows/overlayWindows';
import { createSingleWindow } from './windows/singleWindow';
import {
  createCasterPanelWindow,
  createCompanionWindow,
  createOverlayWindow,
  type WindowFactoryDeps,
} from './windows/windowFactory';
import { overlayBounds } from './windows/windowOptions';

// Both must happen before 'ready': the scheme's privileges, and the sandbox for every renderer.
protocol.registerSchemesAsPrivileged([
  {
    scheme: APP_SCHEME,
    privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true },
  },
]);
app.enableSandbox();

if (app.requestSingleInstanceLock()) {
  app.whenReady().then(launch).catch(failToStart);
} else {
  // Another Sightline is running; it shows its window (see 'second-instance').
  app.quit();
}

/** Electron's videos folder; the core finds one itself when Electron cannot say (getPath throws then). */
function electronVideosDir(): string | undefined {
  try {
    return app.getPath('videos');
  } catch {
    return undefined;
  }
}

async function launch(): Promise<void> {
  const env = readEnvironment(process.env);
  const dataDir = env.dataDir ?? app.getPath('userData');
  let started: Core | null = null;
  const logFile = await openLogFile(dataDir, (error) => started?.dataFolder.writeFailed(error, 'the log'));
  const writeLine = (line: string): void => void logFile.write(`${line}\n`);
  const logger = createLogger(writeLine);
  const log = (message: string): void => logger.warn(message);
  const paths = shellPaths(import.meta.url);
  // The built pages on app://, or under `npm run dev` (never packaged) Vite's dev server, for hot reload.
  const pages = pagesOriginFor({ packaged: app.isPackaged, devServerUrl: process.env[DEV_SERVER_VARIABLE] });

  // Images are served once the core runs; until then their URLs answer 404 like any missing file.
  let resolveAsset: Core['resolveAsset'] | null = null;
  let downloads: Core['downloads'] | null = null;
  const appProtocol = createAppProtocolHandler({
    rendererDir: paths.rendererDir,
    assets: async (urlPath) => (resolveAsset ? resolveAsset(urlPath) : null),
    downloads: () => downloads,
  });
  protocol.handle(APP_SCHEME, appProtocol);
  if (pages !== APP_PAGES) {
    log(`pages from the dev server at ${pages.origin}`);
    const passOn = (request: Request): Promise<Response> =>
      net.fetch(request, { bypassCustomProtocolHandlers: true });
    protocol.handle('http', createDevServerRequestHandler(pages, appProtocol, passOn));
  }
  attachPermissionGuards(session.defaultSession, pages);
  const openExternal = (url: string): Promise<void> => shell.openExternal(url);
  // The OBS page's previews frame the browser host's overlay pages, once the host listens.
  let hostPort: number | null = null;
  const isFramedOverlay = (url: string): boolean => isOverlayPreviewUrl(url, hostPort);
  const guard = createContentsGuard({ pages, openExternal, log, isFramedOverlay });
  app.on('web-contents-created', (_event, contents) => guard(contents));

  // Modal to the companion when it is on screen (a sheet on a hidden window would never be seen).
  const paymentDialogs = {
    dialog,
    parentWindow: () => {
      const window = companion.current();
      return window?.isVisible() ? window : null;
    },
  };
  const startWithSystem = createStartWithSystem({
    platform: process.platform,
    app,
    command: launchCommand({
      execPath: process.execPath,
      packaged: app.isPackaged,
      appPath: app.getAppPath(),
      appImage: process.env.APPIMAGE,
    }),
    autostartDir: autostartDir(process.env, app.getPath('home')),
  });
  // Registered once the core runs; the Shortcuts page asks which the system refused.
  let shortcuts: RegisteredShortcuts | null = null;
  let applyingStartWithSystem: Promise<void> = Promise.resolve();
  const core = await startCore({
    mode: 'desktop',
    dataDir,
    env,
    variables: process.env,
    rendererDir: paths.rendererDir,
    resourcesDir: paths.resourcesDir,
    packaged: app.isPackaged,
    secretStore: createSafeStorageSecretStore(dataDir, log),
    openExternal,
    confirmPayment: createPaymentConfirmation(paymentDialogs),
    confirmUnlock: createPaymentUnlockConfirmation(paymentDialogs),
    pickGameCfg: createGameCfgPicker({ dialog, focusedWindow: () => BrowserWindow.getFocusedWindow() }),
    gameCfgPaths: gameCfgPathsFromArgv(process.argv),
    videosDir: electronVideosDir(),
    systemLocale: app.getLocale(),
    desktop: {
      displays: () => readDisplays(screen),
      refusedShortcuts: () => [...(shortcuts?.refused ?? [])],
      // After a change being made: the page asks right after saving.
      startsWithSystem: async () => {
        await applyingStartWithSystem;
        return startWithSystem.isOn();
      },
    },
    log: writeLine,
  });
  resolveAsset = core.resolveAsset;
  downloads = core.downloads;
  hostPort = core.host.port;
  started = core;

  const ipc = createIpcHandlers({ pages, router: core.router, feeds: core.feeds, log });
  ipcMain.handle(IPC_CHANNELS.request, (event, channel: unknown, input: unknown) =>
    ipc.handleRequest(senderInfoOf(event), channel, input),
  );
  ipcMain.on(IPC_CHANNELS.resync, (event) => ipc.handleResync(senderInfoOf(event), event.sender));

  const windowDeps: WindowFactoryDeps<BrowserWindow> = {
    BrowserWindow,
    preloadPath: paths.preloadPath,
    pages,
    platform: process.platform,
    guard,
    attachState: (contents, audience, route) => ipc.attach(contents, audience, route),
    log,
  };

  // Until the first-run guide is skipped or done, the companion opens on it.
  const companion = createSingleWindow(() =>
    createCompanionWindow(windowDeps, core.settings.effective.firstRun.dismissed ? '/' : FIRST_RUN_PATH),
  );
  const showCompanion = (): void => companion.show();
  const casterPanel = createSingleWindow(() =>
    createCasterPanelWindow(windowDeps, casterPanelBounds(screen.getPrimaryDisplay().workArea)),
  );

  const icon = trayIconBitmap(32);
  const tray = new Tray(
    nativeImage.createFromBitmap(icon.buffer, { width: icon.width, height: icon.height, scaleFactor: 2 }),
  );
  tray.setToolTip(TRAY_TOOLTIP);
  // On the display the user chose (the primary while it is not connected), over its taskbar while a game runs.
  const placement = createOverlayPlacement({
    screen,
    settings: () => core.settings.effective.desktop,
    gameRunning: () => isGameRunning(core.hub.state),
    moved: (area) => overlays.place((route) => overlayBounds(route, area)),
  });
  let gameRunning = isGameRunning(core.hub.state);
  const stopWatchingGame = core.hub.subscribe(() => {
    if (isGameRunning(core.hub.state) === gameRunning) return;
    gameRunning = !gameRunning;
    placement.refresh();
  });
  const overlays = createOverlayWindows({
    routes: OVERLAY_ROUTES,
    restore: settingsSchema.parse({}).overlays.windows,
    create: (route) => createOverlayWindow(windowDeps, route, overlayBounds(route, placement.area())),
    onChange: () => {
      refreshTray();
      // The overlays up when the app quits come up again next time.
      const windows = overlays
        .visibility()
        .flatMap(({ name, visible }) => (visible && isOverlayName(name) ? [name] : []));
      void core.settings.update({ overlays: { windows } }).catch((error: unknown) => log(String(error)));
    },
  });
  const onTrayAction = (action: TrayAction): void => {
    if (action.kind === 'show-companion') showCompanion();
    else if (action.kind === 'show-caster-panel') casterPanel.show();
    else if (action.kind === 'toggle-overlay') overlays.toggle(action.name);
    else app.quit();
  };
  const refreshTray = (): void =>
    tray.setContextMenu(
      Menu.buildFromTemplate(toMenuTemplate(buildTrayMenu(overlays.visibility()), onTrayAction)),
    );
  refreshTray();

  // Global shortcuts work system-wide, so the caster and the streamer keep them while the game has focus.
  const registerShortcuts = (settings: Settings): RegisteredShortcuts =>
    registerAppShortcuts({
      globalShortcut,
      settings,
      runReplay: (command) => core.router('replay.command', { command }),
      actions: { toggleOverlays: () => overlays.toggleAll() },
      log,
    });
  shortcuts = registerShortcuts(core.settings.effective);
  const applyStartWithSystem = (enabled: boolean): void => {
    applyingStartWithSystem = startWithSystem
      .set(enabled)
      .catch((error: unknown) => log(`start with the system: ${String(error)}`));
  };
  // Again at every start: an updated or moved app keeps the login item pointing at itself.
  applyStartWithSystem(core.settings.effective.desktop.startWithSystem);
  let applied = core.settings.effective;
  core.settings.onChange((next) => {
    const before = applied;
    applied = next;
    const shortcutsOf = (settings: Settings) =>
      JSON.stringify([settings.replay.hotkeys, settings.desktop.shortcuts]);
    if (shortcutsOf(next) !== shortcutsOf(before)) {
      shortcuts?.unregisterAll();
      shortcuts = registerShortcuts(next);
    }
    if (next.desktop.startWithSystem !== before.desktop.startWithSystem) {
      applyStartWithSystem(next.desktop.startWithSystem);
    }
    placement.refresh();
  });

  app.on('second-instance', showCompanion);
  app.on('activate', showCompanion);
  // The app lives in the tray: closing its windows does not quit it (the tray's Quit does).
  app.on('window-all-closed', () => undefined);
  app.on(
    'before-quit',
    createGracefulQuit({
      stop: async () => {
        shortcuts?.unregisterAll();
        stopWatchingGame();
        casterPanel.close();
        ipc.detachAll();
        ipcMain.removeHandler(IPC_CHANNELS.request);
        ipcMain.removeAllListeners(IPC_CHANNELS.resync);
        overlays.closeAll();
        tray.destroy();
        await core.stop();
        logFile.end();
      },
      quit: () => app.quit(),
      timeoutMs: 5000,
      log,
    }),
  );

  if (core.settings.loadProblem) log(`settings: ${core.settings.loadProblem}`);
  // Started at login: to the tray only; the tray or a second start opens the companion.
  if (!startsHidden(process.argv, app)) showCompanion();
  for (const name of core.settings.effective.overlays.windows) overlays.show(name);
}

function failToStart(error: unknown): void {
  // Errors the core raises for the user (bad environment, port in use) carry readable messages.
  const message = error instanceof Error ? error.message : String(error);
  dialog.showErrorBox('Sightline could not start', message);
  app.exit(1);
}
