import {
  initialAppState,
  SOURCE_IDS,
  type AppState,
  type SourceFinding,
  type SourceFindings,
  type SourceId,
  type SourceStatus,
} from '@shared/contract';
import {
  EMPTY_CARD_CATALOG,
  createCardClientWatcher,
  createCardGameArchive,
} from '../features/card/cardFeature';
import { HistoryError } from '../platform/db/sqliteDatabase';
import { StateHub } from '../platform/hub/stateHub';
import { createLiveClientWatcher } from '../features/live/liveFeature';
import { silentLogger } from '../platform/log/logger';
import type { HttpClient } from '../platform/net/httpClient';
import { realScheduler, type Poller } from '../platform/polling/poller';
import {
  createReplayClient,
  createReplayDriver,
  nodeRecordingFileSystem,
} from '../features/replay/replayFeature';
import { checkClientSchema } from '../features/schemaDrift/schemaDriftFeature';

export interface SourceCheckupOptions {
  http: HttpClient;
  urls: Record<SourceId, string>;
  /** How long to wait for a source to answer at all. */
  timeoutMs?: number;
}

export type { SourceFinding } from '@shared/contract';

const PENDING: SourceStatus = { state: 'waiting', reason: 'checking', since: 0 };

/**
 * Each source checked once, as the app sees it: the app's own watchers run until each has reported
 * once, then the API description of each connected arena source is compared. Nothing is stored.
 */
export async function checkSourcesOnce(options: SourceCheckupOptions): Promise<SourceFindings> {
  const { http, urls } = options;
  const hub = new StateHub<AppState>({
    ...initialAppState(Date.now()),
    sources: { live: PENDING, card: PENDING, replay: PENDING },
  });
  const context = { http, hub, scheduler: realScheduler, logger: silentLogger };
  const pollers: Poller[] = [
    createLiveClientWatcher({ ...context, baseUrl: () => urls.live, intervalMs: () => 1000 }),
    createReplayDriver({
      ...context,
      client: createReplayClient({ http, baseUrl: () => urls.replay, liveDataUrl: () => urls.live }),
      liveUrl: () => urls.live,
      recordingFs: nodeRecordingFileSystem,
    }).poller,
    createCardClientWatcher({
      ...context,
      baseUrl: () => urls.card,
      catalog: EMPTY_CARD_CATALOG,
      // Nothing is recorded: a check-up is not a session.
      archive: createCardGameArchive({
        history: Promise.reject(new HistoryError('no history during a check-up')),
        logger: silentLogger,
        onStatus: () => undefined,
      }),
    }).poller,
  ];

  const allReported = (): boolean => SOURCE_IDS.every((id) => hub.state.sources[id] !== PENDING);
  await new Promise<void>((resolve) => {
    const timer = setTimeout(finish, options.timeoutMs ?? 10_000);
    const unsubscribe = hub.subscribe(() => {
      if (allReported()) finish();
    });
    function finish(): void {
      clearTimeout(timer);
      unsubscribe();
      resolve();
    }
    for (const poller of pollers) poller.start();
  });
  for (const poller of pollers) poller.stop();

  const finding = async (id: SourceId): Promise<[SourceId, SourceFinding]> => {
    const reported = hub.state.sources[id];
    const status: SourceStatus =
      reported === PENDING ? { state: 'error', reason: 'no answer in time', since: 0 } : reported;
    if (id === 'card' || status.state !== 'connected') return [id, { status, schema: null }];
    return [id, { status, schema: await checkClientSchema({ http, baseUrl: urls[id], source: id }) }];
  };
  const findings = Object.fromEntries(await Promise.all(SOURCE_IDS.map(finding)));
  return findings as SourceFindings;
}
