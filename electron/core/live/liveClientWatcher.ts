import type { AppState } from '@shared/contract';
import type { StateHub } from '../hub/stateHub';
import type { Logger } from '../log/logger';
import type { HttpClient } from '../net/httpClient';
import { createPoller, type Poller, type PollResult, type Scheduler } from '../polling/poller';
import { reportSourceStatus, statusOfFailure } from '../sources/sourceStatus';
import { eventDataSchema, gameStatsSchema } from './liveClientSchemas';
import { reduceLiveGame, type LiveObservation } from './liveGameReducer';

export interface LiveClientWatcherDeps {
  http: HttpClient;
  hub: StateHub<AppState>;
  scheduler: Scheduler;
  logger: Logger;
  baseUrl(): string;
  intervalMs(): number;
}

const MAX_IDLE_INTERVAL_MS = 5000;
const REQUEST_TIMEOUT_MS = 2000;

/**
 * Watches the arena live client: subset endpoints only, the event list tailed by id, one cycle a
 * second at most, backing off while no game runs.
 */
export function createLiveClientWatcher(deps: LiveClientWatcherDeps): Poller {
  const { http, hub, scheduler } = deps;
  let nextEventId = 0;
  let started = false;
  let ended = false;

  const observe = (observation: LiveObservation): void => {
    hub.set('live', reduceLiveGame(hub.state.live, observation, scheduler.now()));
  };

  const forgetGame = (): void => {
    nextEventId = 0;
    started = false;
    ended = false;
  };

  const cycle = async (signal: AbortSignal): Promise<PollResult> => {
    const base = deps.baseUrl();
    const now = scheduler.now();
    const statsOutcome = await http.send({
      url: `${base}/liveclientdata/gamestats`,
      signal,
      timeoutMs: REQUEST_TIMEOUT_MS,
    });
    if (statsOutcome.kind === 'aborted') return 'idle';
    if (statsOutcome.kind !== 'ok') {
      if (statsOutcome.kind === 'refused') forgetGame();
      const loading = statsOutcome.kind === 'http-error' && statsOutcome.status < 500;
      if (loading) {
        reportSourceStatus(hub, 'live', 'waiting', 'loading screen', now);
        observe({ kind: 'loading' });
        return 'active';
      }
      const { state, reason } = statusOfFailure(statsOutcome);
      reportSourceStatus(hub, 'live', state, reason, now);
      observe({ kind: statsOutcome.kind === 'refused' ? 'absent' : 'unreadable' });
      return statsOutcome.kind === 'refused' ? 'idle' : 'active';
    }

    const stats = gameStatsSchema.safeParse(statsOutcome.body);
    if (!stats.success) {
      reportSourceStatus(hub, 'live', 'error', 'bad response: unexpected game stats', now);
      observe({ kind: 'unreadable' });
      return 'active';
    }

    const eventsOutcome = await http.send({
      url: `${base}/liveclientdata/eventdata?eventID=${nextEventId}`,
      signal,
      timeoutMs: REQUEST_TIMEOUT_MS,
    });
    if (eventsOutcome.kind === 'ok') {
      const events = eventDataSchema.safeParse(eventsOutcome.body);
      for (const event of events.success ? events.data.Events : []) {
        nextEventId = Math.max(nextEventId, event.EventID + 1);
        if (event.EventName === 'GameStart') started = true;
        if (event.EventName === 'GameEnd') ended = true;
      }
    }

    const inGame = started || stats.data.gameTime > 0;
    reportSourceStatus(hub, 'live', inGame ? 'connected' : 'waiting', inGame ? null : 'loading screen', now);
    observe({
      kind: 'stats',
      gameTime: stats.data.gameTime,
      gameMode: stats.data.gameMode,
      mapName: stats.data.mapName,
      started: inGame,
      ended,
    });
    return 'active';
  };

  return createPoller({
    intervalMs: deps.intervalMs(),
    maxIdleIntervalMs: MAX_IDLE_INTERVAL_MS,
    scheduler,
    cycle,
    onError: (error) => deps.logger.error('live client poll failed', { error: String(error) }),
  });
}
