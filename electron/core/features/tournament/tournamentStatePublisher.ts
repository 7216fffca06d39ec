import type { TournamentNotice } from '@shared/contract';
import type { FeatureContext } from '../../platform/feature/feature';
import { createPoller, type Poller } from '../../platform/polling/poller';
import type { TournamentDesk } from './tournamentDesk';
import type { TournamentFeatureOptions } from './tournamentOptions';
import { buildTournamentState, type SliceInput } from './tournamentSlice';

/** What the slice shows of the parts that wait: read at each refresh, so they may be made after the publisher. */
export interface WaitingViews {
  fallbacks(): SliceInput['fallbacks'];
  resultWatches(): SliceInput['resultWatches'];
  lobby(): SliceInput['lobby'];
}

export interface TournamentStatePublisher {
  /** Reads the store and publishes the slice; resolves once a state at least as new as the caller's change is out. */
  refresh(): Promise<void>;
  /** refresh, with a failure logged rather than thrown. */
  refreshQuietly(): void;
  /** A notice shown with the next refresh (the last five are kept). */
  notify(notice: TournamentNotice): void;
  /** A notice shown now, without reading the store (which could not be opened). */
  publishNotice(notice: TournamentNotice): void;
  /**
   * Another process changed the shared database: one refresh, and at most one more after it for whatever
   * came during it, however many changes are told meanwhile.
   */
  refreshSoon(): void;
  /** Why the shared database cannot be reached (shown until it can: null), replacing the previous reason. */
  showDatabaseProblem(message: string | null): void;
  /** Refreshes hourly: eligibility for expiry moves with time. */
  poller: Poller;
  stop(): void;
}

/** The `tournament` slice of the app state: built from the store and the waiting parts, republished on every change. */
export function createTournamentStatePublisher(
  context: FeatureContext,
  deps: {
    desk: Pick<TournamentDesk, 'storeOf' | 'kind'>;
    webApi: Pick<TournamentFeatureOptions['webApi'], 'keyFingerprint'>;
    waiting: WaitingViews;
  },
): TournamentStatePublisher {
  const { hub, settings, scheduler, logger } = context;
  const { desk, webApi, waiting } = deps;
  const extraNotices: TournamentNotice[] = [];
  let databaseProblem: TournamentNotice | null = null;
  const shownNotices = (): TournamentNotice[] => [
    ...extraNotices.slice(-5),
    ...(databaseProblem ? [databaseProblem] : []),
  ];

  // Refreshes overlap (callbacks, timers, requests): only the one started last may publish, so an older
  // read that finishes late cannot put back a state from before a change.
  // A caller waits until the newest refresh is out, so it sees a state at least as new as its change.
  let latestRefresh = 0;
  let latestRefreshDone: Promise<void> = Promise.resolve();
  async function refresh(): Promise<void> {
    let current = readAndPublish(++latestRefresh);
    latestRefreshDone = current;
    await current;
    while (current !== latestRefreshDone) {
      current = latestRefreshDone;
      await current;
    }
  }

  async function readAndPublish(started: number): Promise<void> {
    const store = await desk.storeOf().catch(() => null);
    if (!store) return;
    const [fingerprint, providers, tournaments, codes, results, counts, rejections, accepted, held] =
      await Promise.all([
        webApi.keyFingerprint().catch(() => null),
        store.listProviders(),
        store.listTournaments(),
        store.listCodes(),
        store.listResults(),
        store.callbackCounts(),
        store.callbackLog('rejected', 20),
        store.callbackLog('accepted', 1),
        store.heldCallbacks(),
      ]);
    if (started !== latestRefresh) return;
    hub.set(
      'tournament',
      buildTournamentState({
        now: scheduler.now(),
        api: desk.kind(),
        keyKind: settings.effective.webApi.keyKind,
        keyFingerprint: fingerprint,
        providers,
        tournaments,
        codes,
        results,
        callbackCounts: counts,
        rejections,
        lastAcceptedAt: accepted[0]?.at ?? null,
        fallbacks: waiting.fallbacks(),
        resultWatches: waiting.resultWatches(),
        held,
        lobby: waiting.lobby(),
        extraNotices: shownNotices(),
      }),
    );
  }
  const refreshQuietly = (): void =>
    void refresh().catch((error: unknown) =>
      logger.warn('tournament refresh failed', { error: String(error) }),
    );

  let inFlight = false;
  let again = false;
  const refreshSoon = (): void => {
    if (inFlight) {
      again = true;
      return;
    }
    inFlight = true;
    void refresh()
      .catch((error: unknown) => logger.warn('tournament refresh failed', { error: String(error) }))
      .finally(() => {
        inFlight = false;
        if (!again) return;
        again = false;
        refreshSoon();
      });
  };

  const poller = createPoller({
    intervalMs: 60 * 60 * 1000,
    maxIdleIntervalMs: 60 * 60 * 1000,
    scheduler,
    cycle: async () => {
      await refresh();
      return 'active';
    },
    onError: (error) => logger.warn('tournament refresh failed', { error: String(error) }),
  });
  // Key and settings changes change what is shown.
  const unsubscribeSettings = settings.onChange(refreshQuietly);
  let lastKey = hub.state.webApi.key;
  const unsubscribeHub = hub.subscribe(() => {
    if (hub.state.webApi.key === lastKey) return;
    lastKey = hub.state.webApi.key;
    refreshQuietly();
  });

  return {
    refresh,
    refreshQuietly,
    notify: (notice) => void extraNotices.push(notice),
    publishNotice: (notice) => {
      extraNotices.push(notice);
      hub.set('tournament', {
        ...hub.state.tournament,
        notices: [...hub.state.tournament.notices, ...extraNotices],
      });
    },
    refreshSoon,
    showDatabaseProblem: (message) => {
      databaseProblem = message === null ? null : { kind: 'storage', message };
      hub.set('tournament', {
        ...hub.state.tournament,
        notices: [
          ...hub.state.tournament.notices.filter((notice) => notice.kind !== 'storage'),
          ...shownNotices(),
        ],
      });
    },
    poller,
    stop: () => {
      unsubscribeSettings();
      unsubscribeHub();
    },
  };
}
