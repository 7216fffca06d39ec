import {
  app,
  BrowserWindow,
  dialog,
  globalShortcut,
  ipcMain,
  Menu,
  nativeImage,
  protocol,
  screen,
  session,
  shell,
  Tray,
} from 'electron';
import { FIRST_RUN_PATH, IPC_CHANNELS, isOverlayName, OVERLAY_ROUTES } from '@shared/contract';
import { startCore, type Core } from '../core/app/startCore';
import { openLogFile } from '../core/log/logFile';
import { createLogger } from '../core/log/logger';
import { DEFAULT_HOTKEYS, validateHotkeyBindings } from '@shared/replay/hotkeys';
import { readEnvironment } from '../core/settings/environment';
import { createGracefulQuit } from './app/gracefulQuit';
import { shellPaths } from './app/shellPaths';
import { createGameCfgPicker } from './dialogs/gameCfgPicker';
import { createPaymentConfirmation, createPaymentUnlockConfirmation } from './dialogs/paymentConfirmation';
import { registerReplayHotkeys } from './hotkeys/replayHotkeys';
import { createIpcHandlers, senderInfoOf } from './ipc/ipcHandlers';
import { APP_SCHEME } from './protocol/appOrigin';
import { createAppProtocolHandler } from './protocol/appProtocol';
import { createSafeStorageSecretStore } from './secrets/safeStorageSecretStore.electron';
import { attachPermissionGuards, createContentsGuard } from './security/attachGuards';
import { isOverlayPreviewUrl } from './security/guards';
import { trayIconBitmap } from './tray/trayIcon';
import { buildTrayMenu, toMenuTemplate, TRAY_TOOLTIP, type TrayAction } from './tray/trayMenu';
import { casterPanelBounds } from './windows/casterPanelOptions';
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

async function launch(): Promise<void> {
  const env = readEnvironment(process.env);
  const dataDir = env.dataDir ?? app.getPath('userData');
  let started: Core | null = null;
  const logFile = await openLogFile(dataDir, (error) => started?.dataFolder.writeFailed(error, 'the log'));
  const writeLine = (line: string): void => void logFile.write(`${line}\n`);
  const logger = createLogger(writeLine);
  const log = (message: string): void => logger.warn(message);
  const paths = shellPaths(import.meta.url);

  // Images are served once the core runs; until then their URLs answer 404 like any missing file.
  let resolveAsset: Core['resolveAsset'] | null = null;
  let downloads: Core['downloads'] | null = null;
  protocol.handle(
    APP_SCHEME,
    createAppProtocolHandler({
      rendererDir: paths.rendererDir,
      assets: async (urlPath) => (resolveAsset ? resolveAsset(urlPath) : null),
      downloads: () => downloads,
    }),
  );
  attachPermissionGuards(session.defaultSession);
  const openExternal = (url: string): Promise<void> => shell.openExternal(url);
  // The OBS page's previews frame the browser host's overlay pages, once the host listens.
  let hostPort: number | null = null;
  const isFramedOverlay = (url: string): boolean => isOverlayPreviewUrl(url, hostPort);
  const guard = createContentsGuard({ openExternal, log, isFramedOverlay });
  app.on('web-contents-created', (_event, contents) => guard(contents));

  // Modal to the companion when it is on screen (a sheet on a hidden window would never be seen).
  const paymentDialogs = {
    dialog,
    parentWindow: () => {
      const window = companion.current();
      return window?.isVisible() ? window : null;
    },
  };
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
    systemLocale: app.getLocale(),
    log: writeLine,
  });
  resolveAsset = core.resolveAsset;
  downloads = core.downloads;
  hostPort = core.host.port;
  started = core;

  const ipc = createIpcHandlers({ router: core.router, feeds: core.feeds, log });
  ipcMain.handle(IPC_CHANNELS.request, (event, channel: unknown, input: unknown) =>
    ipc.handleRequest(senderInfoOf(event), channel, input),
  );
  ipcMain.on(IPC_CHANNELS.resync, (event) => ipc.handleResync(senderInfoOf(event), event.sender));

  const windowDeps: WindowFactoryDeps<BrowserWindow> = {
    BrowserWindow,
    preloadPath: paths.preloadPath,
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

  // Replay hotkeys work system-wide, so the caster keeps them while the game has focus.
  const registerHotkeys = (userBindings: Record<string, string | null>) => {
    const checked = validateHotkeyBindings(userBindings);
    return registerReplayHotkeys({
      globalShortcut,
      bindings: checked.ok ? checked.bindings : DEFAULT_HOTKEYS,
      run: (command) => core.router('replay.command', { command }),
      log,
    });
  };
  let hotkeys = registerHotkeys(core.settings.effective.replay.hotkeys);
  core.settings.onChange((next) => {
    hotkeys.unregisterAll();
    hotkeys = registerHotkeys(next.replay.hotkeys);
  });

  const icon = trayIconBitmap(32);
  const tray = new Tray(
    nativeImage.createFromBitmap(icon.buffer, { width: icon.width, height: icon.height, scaleFactor: 2 }),
  );
  tray.setToolTip(TRAY_TOOLTIP);
  const overlays = createOverlayWindows({
    routes: OVERLAY_ROUTES,
    create: (route) =>
      createOverlayWindow(windowDeps, route, overlayBounds(route, screen.getPrimaryDisplay().workArea)),
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

  app.on('second-instance', showCompanion);
  app.on('activate', showCompanion);
  // The app lives in the tray: closing its windows does not quit it (the tray's Quit does).
  app.on('window-all-closed', () => undefined);
  app.on(
    'before-quit',
    createGracefulQuit({
      stop: async () => {
        hotkeys.unregisterAll();
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
  showCompanion();
  for (const name of core.settings.effective.overlays.windows) overlays.show(name);
}

function failToStart(error: unknown): void {
  // Errors the core raises for the user (bad environment, port in use) carry readable messages.
  const message = error instanceof Error ? error.message : String(error);
  dialog.showErrorBox('Sightline could not start', message);
  app.exit(1);
}
