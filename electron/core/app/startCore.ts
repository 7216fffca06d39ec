import type { LookupFunction } from 'node:net';
import { join } from 'node:path';
import { initialAppState, OVERLAY_ROUTES, type AppState } from '@shared/contract';
import packageJson from '../../../package.json';
import { createRequestRouter, type RequestRouter } from '../platform/router/requestRouter';
import { cardClientUrl, createCardFeature, historyCardFacts } from '../features/card/cardFeature';
import { createDesktopFeature, type DesktopHost } from '../features/desktop/desktopFeature';
import { createDataFolderStatus, type DataFolderStatus } from '../platform/dataFolder/dataFolderStatus';
import { removeStaleTempFiles } from '../platform/fs/atomicFile';
import { ensurePrivateDir } from '../platform/fs/privateDir';
import { startBrowserHost, type BrowserHost } from '../transport/host/browserHost';
import { createDownloadShelf, type DownloadShelf } from '../transport/host/downloadShelf';
import { loadHostTokens } from '../transport/host/hostTokens';
import { claimPrimary, type PrimaryClaim } from '../platform/instance/runningInstance';
import { createAudienceFeeds, type AudienceFeeds } from '../platform/hub/audienceFeeds';
import { StateHub } from '../platform/hub/stateHub';
import { createHistoryFeature, historyPath, openHistoryStore } from '../features/history/historyFeature';
import { createLiveFeature } from '../features/live/liveFeature';
import { hostListenError } from './hostPortInUse';
import { createLogger, type Logger } from '../platform/log/logger';
import { createHttpClient } from '../platform/net/httpClient';
import { loadGameClientTrust } from '../platform/net/loopbackTrust';
import { realScheduler, type Scheduler } from '../platform/polling/poller';
import { createReplayFeature, type GameCfgPicker } from '../features/replay/replayFeature';
import { createSchemaDriftFeature } from '../features/schemaDrift/schemaDriftFeature';
import type { SecretStore } from '../platform/secrets/secretStore';
import type { EnvironmentOverrides } from '../platform/settings/environment';
import { SettingsStore } from '../platform/settings/settingsStore';
import { gameClientPacing, gameClientSchedule } from './gameClientPacing';
import { userSharedFolder } from '../platform/net/userSharedFolder';
import { createOtherAskersFeature } from './otherAskersFeature';
import { createSignOnFeature } from '../features/signOn/signOnFeature';
import { createSourceCheckupHandlers } from './sourceCheckupHandlers';
import { createStaticDataFeature, type StaticAssetResolver } from '../features/staticData/staticDataFeature';
import {
  createStoreFeature,
  createStoreImageAllowlist,
  readStoreUrlPolicy,
  type ConfirmPayment,
  type PaymentLock,
  type ShowPaymentCode,
} from '../features/store/storeFeature';
import { createTournamentFeature, readTournamentEnvironment } from '../features/tournament/tournamentFeature';
import { createWebApiFeature, readWebApiEnvironment } from '../features/webApi/webApiFeature';
import { createFeatureContext } from '../platform/feature/feature';

export interface CoreOptions {
  mode: 'desktop' | 'browser';
  dataDir: string;
  env: EnvironmentOverrides;
  /** The variables `env` was read from: the web API, sign-on, tournament and store features read theirs here. */
  variables: NodeJS.ProcessEnv;
  /** The built renderer (out/renderer), served by the browser host. */
  rendererDir: string;
  /** Bundled resources (riotgames.pem). */
  resourcesDir: string;
  /** Electron's app.isPackaged (default false): a packaged build ignores SIGHTLINE_LIVE_CA. */
  packaged?: boolean;
  secretStore: SecretStore;
  log: (line: string) => void;
  scheduler?: Scheduler;
  /** Desktop: opens a URL in the system browser (the store's continue_url); absent in browser mode. */
  openExternal?: (url: string) => Promise<void>;
  /** Desktop: main's native dialog that confirms a store payment with its totals; absent in browser mode. */
  confirmPayment?: ConfirmPayment;
  /** Desktop: main's native dialog asking whether to take store payments again once they locked. */
  confirmUnlock?: () => Promise<boolean>;
  /** Browser mode: prints a store payment's one-time code for the person at this machine (`serve`'s terminal). */
  showPaymentCode?: ShowPaymentCode;
  /** Browser mode: the lock on payment codes, which the person at `serve`'s terminal lifts. */
  paymentLock?: PaymentLock;
  /** Desktop: the native dialog to choose game.cfg (main's, never a path from a page); absent in browser mode. */
  pickGameCfg?: GameCfgPicker;
  /** game.cfg files or game folders named on the command line (`serve --cfg`, the app's `--cfg`, `demo`'s install). */
  gameCfgPaths?: readonly string[];
  /** Desktop: the platform's videos folder (`app.getPath('videos')`); found without Electron otherwise. */
  videosDir?: string;
  /** Desktop: the system's language ("de-DE"): static data follows it until a setting names one, pages write dates and numbers in it. */
  systemLocale?: string;
  /** Desktop: what only Electron knows (displays, refused shortcuts, the login item); absent in browser mode. */
  desktop?: DesktopHost;
  /** How host names are resolved (Node's DNS lookup by default): the fault matrix makes DNS fail with it. */
  lookup?: LookupFunction;
}

export interface Core {
  hub: StateHub<AppState>;
  /** The hub's state as each audience receives it (the desktop's windows as the host's links). */
  feeds: AudienceFeeds;
  router: RequestRouter;
  settings: SettingsStore;
  logger: Logger;
  /** Tells the Status page of damaged files moved aside and of a data folder that takes no writes (the log's too). */
  dataFolder: DataFolderStatus;
  host: BrowserHost;
  /** `/static-data/…` URL paths to cached files: the desktop app's protocol serves images with it. */
  resolveAsset: StaticAssetResolver;
  /** Files made for the user to download: the desktop app's protocol serves them as the browser host does. */
  downloads: DownloadShelf;
  stop(): Promise<void>;
}

/**
 * The composition root: everything the app runs, with or without Electron around it. Its process becomes the
 * data folder's primary (the one the CLI hands its work to); rejects with AnotherSightlineRunning while
 * another app or `serve` runs on the folder.
 */
export async function startCore(options: CoreOptions): Promise<Core> {
  const logger = createLogger(options.log);
  await ensurePrivateDir(options.dataDir);
  // Before anything opens the folder's files: a second primary touches none of them.
  const primary = await claimPrimary(options.dataDir, options.mode === 'desktop' ? 'app' : 'serve', {
    warn: (message) => logger.warn(message),
  });
  try {
    return await startPrimaryCore(options, logger, primary);
  } catch (error) {
    await primary.release();
    throw error;
  }
}

async function startPrimaryCore(options: CoreOptions, logger: Logger, primary: PrimaryClaim): Promise<Core> {
  const clock = options.scheduler ?? realScheduler;
  // Before the settings: a damaged settings file, or a folder that takes no writes, is told on the Status page.
  const hub = new StateHub<AppState>(initialAppState(clock.now()));
  const feeds = createAudienceFeeds(hub);
  const dataFolder = createDataFolderStatus({
    hub,
    logger,
    dataDir: options.dataDir,
    now: () => clock.now(),
  });
  // Before anything writes there: what a writer killed mid-write left (settings, pending games, tokens…).
  const leftovers = await removeStaleTempFiles(options.dataDir);
  if (leftovers.length > 0)
    logger.info('removed temp files of interrupted writes', { count: leftovers.length });
  const settingsFile = join(options.dataDir, 'settings.json');
  const settings = await SettingsStore.open(settingsFile, options.env, logger, {
    writeFailed: dataFolder.writeFailed,
    now: () => clock.now(),
  });
  if (settings.movedAside) {
    dataFolder.movedAside({
      kind: 'settings',
      path: settingsFile,
      ...settings.movedAside,
      reset: 'settings reset to defaults',
    });
  }
  const tokens = await loadHostTokens(
    options.dataDir,
    options.env.hostToken,
    (token) => logger.addSecret(token),
    dataFolder.writeFailed,
  );

  const trust = loadGameClientTrust(join(options.resourcesDir, 'riotgames.pem'), options.env.liveCaFile, {
    packaged: options.packaged ?? false,
    warn: (message) => logger.warn(message),
  });
  // One client for the whole core: the live, replay and card watchers share each local client's schedule,
  // and keep it with the other Sightline processes of this user, which the Status page names.
  const sharedPacing = gameClientSchedule(options.mode === 'desktop' ? 'app' : 'serve');
  const http = createHttpClient({
    loopbackTrust: trust,
    pacing: gameClientPacing,
    sharedPacing,
    lookup: options.lookup,
  });
  const context = createFeatureContext({
    http,
    hub,
    dataFolder,
    scheduler: options.scheduler,
    logger,
    settings,
    env: options.env,
    dataDir: options.dataDir,
    resourcesDir: options.resourcesDir,
  });
  const { scheduler } = context;
  const staticData = createStaticDataFeature(context, {
    systemLocale: options.systemLocale,
    lookup: options.lookup,
  });
  // One history database for both games: the scoreboard and the deck tracker record there.
  const history = openHistoryStore(historyPath(options.dataDir), () => scheduler.now());
  // A database that cannot be opened is reported by the features that use it, not as a crash; one moved aside
  // because it was damaged, and a folder that cannot take it, on the Status page.
  history.then(
    (store) => {
      if (!store.movedAside) return;
      dataFolder.movedAside({
        kind: 'history',
        path: store.path,
        ...store.movedAside,
        reset: 'game history starts empty (the old games stay in the moved file)',
      });
    },
    (error: unknown) => dataFolder.writeFailed(error, 'history'),
  );
  // Exports wait here for their download, from the browser host or the desktop app's protocol.
  const downloads = createDownloadShelf();
  // Answers every history request; the scoreboard and the deck tracker only write their games into it.
  const matchHistory = createHistoryFeature(context, {
    store: history,
    cards: historyCardFacts(staticData.cardCatalog),
    downloads,
    // An arena game's match is found after the game with the user's key (the web API is made below).
    findPlayedMatch: (game) => webApi.findPlayedMatch(game),
  });
  const live = createLiveFeature(context, {
    gameLabels: staticData.gameLabels,
    onGameSummary: matchHistory.recordArenaGame,
  });
  const card = createCardFeature(context, { catalog: staticData.cardCatalog, history: matchHistory });
  const replay = createReplayFeature(context, {
    pickGameCfg: options.pickGameCfg,
    typed: options.gameCfgPaths,
    videosDir: options.videosDir,
  });
  const schemaDrift = createSchemaDriftFeature(context);
  const otherAskers = createOtherAskersFeature(context, sharedPacing);
  const webApi = createWebApiFeature(context, {
    // The desktop app keeps the key OS-encrypted; the headless host in a 0600 file (with a warning).
    keyStorage:
      options.mode === 'desktop'
        ? { kind: 'secret-store', store: options.secretStore }
        : { kind: 'plain-file', file: join(options.dataDir, 'web-api-key') },
    environment: readWebApiEnvironment(options.variables),
    labels: staticData.gameLabels,
    // The desk is made below (it calls the web API through this feature); asked only once both exist.
    createdByDesk: (code) => tournament.createdCode(code),
    sharedDir: userSharedFolder(),
  });
  const signOn = createSignOnFeature(context, {
    mode: options.mode,
    secretStore: options.secretStore,
    processEnv: options.variables,
    webApi,
    hostPort: () => host?.port ?? null,
  });
  const tournament = createTournamentFeature(context, {
    webApi,
    secrets: options.secretStore,
    // The app and serve run all evening: a shared database down at start is tried again, not given up on.
    databaseRetry: { firstMs: 1000, maxMs: 30_000 },
    ...readTournamentEnvironment(options.variables),
  });
  const storeUrlPolicy = readStoreUrlPolicy(options.variables);
  // Search hits and cart lines from the checkout's tools show their pictures through the catalog's image request.
  const storeImages = createStoreImageAllowlist();
  const merchStore = createStoreFeature(context, {
    policy: storeUrlPolicy,
    images: storeImages,
    openExternal: options.openExternal,
    confirmPayment: options.confirmPayment,
    confirmUnlock: options.confirmUnlock,
    showPaymentCode: options.showPaymentCode,
    paymentLock: options.paymentLock,
  });
  const desktop = createDesktopFeature(settings, options.desktop);
  const features = [
    matchHistory,
    live,
    card,
    replay,
    schemaDrift,
    otherAskers,
    staticData,
    webApi,
    signOn,
    tournament,
    merchStore,
    desktop,
  ];

  let host: BrowserHost | null = null;
  const router = createRequestRouter(
    {
      'app.info': async () => ({
        version: packageJson.version,
        mode: options.mode,
        overlays: OVERLAY_ROUTES,
        hostUrl: host ? host.url('/') : null,
        overlayHostUrl: host ? host.url('/', 'overlay') : null,
        locale: options.mode === 'desktop' ? (options.systemLocale ?? null) : null,
      }),
      'host.links.rotate': async ({ link }) => {
        await tokens.rotate(link);
        host?.dropStaleSockets();
        return { companionUrl: host?.url('/') ?? '', overlayUrl: host?.url('/', 'overlay') ?? '' };
      },
      'settings.get': async () => settings.view,
      'settings.update': (patch) => settings.update(patch),
      ...createSourceCheckupHandlers({
        hub,
        urls: () => ({
          live: settings.effective.live.url,
          replay: settings.effective.replay.url,
          card: cardClientUrl(options.env, settings.effective),
        }),
      }),
      ...matchHistory.handlers,
      ...live.handlers,
      ...card.handlers,
      ...replay.handlers,
      ...staticData.handlers,
      ...webApi.handlers,
      ...signOn.handlers,
      ...tournament.handlers,
      ...merchStore.handlers,
      ...desktop.handlers,
    },
    logger,
  );

  /** Stops what runs, the host once it listens: the features (their timers), the history database, HTTP. */
  const stopRunning = async (listening: BrowserHost | null): Promise<void> => {
    await Promise.all(features.map((feature) => feature.stop?.()));
    (await history.catch(() => null))?.close();
    await listening?.close();
    await downloads.close();
    http.close();
  };
  try {
    host = await startBrowserHost({
      port: settings.effective.host.port,
      tokens,
      rendererDir: options.rendererDir,
      router,
      feeds,
      logger,
      assets: staticData.resolveAsset,
      downloads,
      publicRoutes: features.flatMap((feature) => feature.publicRoutes ?? []),
    });
  } catch (error) {
    // A core that cannot start leaves nothing running: a feature's timer would keep `serve` alive after its error.
    await stopRunning(null);
    throw hostListenError(error, settings.effective.host.port);
  }
  await primary.publish(`http://127.0.0.1:${host.port}`);
  const pollers = features.flatMap((feature) => feature.pollers);
  for (const poller of pollers) poller.start();
  logger.info('core started', { mode: options.mode, port: host.port });

  const started = host;
  return {
    hub,
    feeds,
    router,
    settings,
    logger,
    dataFolder,
    host: started,
    resolveAsset: staticData.resolveAsset,
    downloads,
    stop: async () => {
      for (const poller of pollers) poller.stop();
      await stopRunning(started);
      await primary.release();
    },
  };
}
