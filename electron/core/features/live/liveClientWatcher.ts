import type {
  AppState,
  BroadcastTeams,
  ConnectionState,
  LiveGameSummary,
  LiveOverlayLayout,
} from '@shared/contract';
import type { StateHub } from '../../platform/hub/stateHub';
import type { Logger } from '../../platform/log/logger';
import { describeFailure, type HttpClient } from '../../platform/net/httpClient';
import type { HttpOutcome } from '../../platform/net/httpExchange';
import { createPoller, type Poller, type PollResult, type Scheduler } from '../../platform/polling/poller';
import { reportSourceStatus, statusOfFailure } from '../../platform/sources/sourceStatus';
import {
  gameStatsSchema,
  readActivePlayer,
  readEvents,
  readPlayerList,
  type ActivePlayerReading,
} from './liveClientSchemas';
import { INITIAL_TRACKER, reduceLiveGame, type LiveObservation, type LiveTracker } from './liveGameReducer';

export interface LiveClientWatcherDeps {
  http: HttpClient;
  hub: StateHub<AppState>;
  scheduler: Scheduler;
  logger: Logger;
  baseUrl(): string;
  intervalMs(): number;
  /** Called once per finished game of the local player (never for spectated games). */
  onGameSummary?(summary: LiveGameSummary): void;
  /** A readable label of a game mode, from the game constants when loaded. */
  queueLabel?(gameMode: string, mapNumber: number): string;
}

export interface LiveClientWatcher extends Poller {
  /** Applies new overlay layout settings; views get them with the game state. */
  setLayout(layout: LiveOverlayLayout): void;
  /** Applies the caster's team names and tags; the bar gets them with the game state. */
  setBroadcast(teams: BroadcastTeams): void;
}

const MAX_IDLE_INTERVAL_MS = 5000;
export const LIVE_REQUEST_TIMEOUT_MS = 2000;

/** The subset endpoints read every cycle besides gamestats, with the words the status uses for them. */
const DETAIL_LABELS = { events: 'event list', players: 'player list', active: 'active player' } as const;

/**
 * Watches the arena live client: gamestats first (is a game there?), then activeplayer, playerlist and
 * the event list tailed by id, in parallel. One cycle at a time, so one request in flight per endpoint;
 * at most one cycle a second; backing off while no game runs. Never allgamedata (a diagnostics endpoint).
 */
export function createLiveClientWatcher(deps: LiveClientWatcherDeps): LiveClientWatcher {
  const { http, hub, scheduler } = deps;
  let tracker: LiveTracker = { ...INITIAL_TRACKER, game: hub.state.live };
  const queueLabel = deps.queueLabel ?? ((gameMode: string) => gameMode);

  const observe = (observation: LiveObservation): void => {
    tracker = reduceLiveGame(tracker, observation, { now: scheduler.now(), queueLabel });
    hub.set('live', tracker.game);
    const summary = tracker.emitted;
    if (summary && deps.onGameSummary) {
      try {
        deps.onGameSummary(summary);
      } catch (error) {
        deps.logger.error('saving the game summary failed', { error: String(error) });
      }
    }
  };

  const report = (state: ConnectionState, reason: string | null): void =>
    reportSourceStatus(hub, 'live', state, reason, scheduler.now());

  const get = (path: string, signal: AbortSignal): Promise<HttpOutcome> =>
    http.send({
      url: `${deps.baseUrl()}/liveclientdata/${path}`,
      signal,
      timeoutMs: LIVE_REQUEST_TIMEOUT_MS,
    });

  const cycle = async (signal: AbortSignal): Promise<PollResult> => {
    const statsOutcome = await get('gamestats', signal);
    if (statsOutcome.kind === 'aborted') return 'idle';
    if (statsOutcome.kind !== 'ok') {
      const inGame = tracker.game.phase === 'in-game';
      if (statsOutcome.kind === 'http-error' && statsOutcome.status < 500 && !inGame) {
        report('waiting', 'loading screen');
        observe({ kind: 'loading' });
        return 'active';
      }
      const { state, reason } = statusOfFailure(statsOutcome);
      report(state, reason);
      observe({ kind: statsOutcome.kind === 'refused' ? 'absent' : 'unreadable' });
      return statsOutcome.kind === 'refused' ? 'idle' : 'active';
    }
    const stats = gameStatsSchema.safeParse(statsOutcome.body);
    if (!stats.success) {
      report('error', 'bad response: unexpected game stats');
      observe({ kind: 'unreadable' });
      return 'active';
    }

    const [eventsOutcome, playersOutcome, activeOutcome] = await Promise.all([
      get(`eventdata?eventID=${tracker.nextEventId}`, signal),
      get('playerlist', signal),
      get('activeplayer', signal),
    ]);
    if (signal.aborted) return 'idle';
    const events = eventsOutcome.kind === 'ok' ? readEvents(eventsOutcome.body) : null;
    const players = playersOutcome.kind === 'ok' ? readPlayerList(playersOutcome.body) : null;
    const active = readActiveAnswer(activeOutcome, hub.state.sources.replay.state === 'connected');

    observe({ kind: 'poll', stats: stats.data, events, players, active });
    const problem =
      detailProblem('events', eventsOutcome, events) ??
      detailProblem('players', playersOutcome, players) ??
      detailProblem('active', activeOutcome, active);
    if (problem) report('error', problem);
    else if (tracker.game.phase === 'loading') report('waiting', 'loading screen');
    else report('connected', tracker.game.spectator ? 'spectator mode' : null);
    return 'active';
  };

  const poller = createPoller({
    intervalMs: deps.intervalMs(),
    maxIdleIntervalMs: MAX_IDLE_INTERVAL_MS,
    scheduler,
    cycle,
    onError: (error) => deps.logger.error('live client poll failed', { error: String(error) }),
  });
  return {
    start: () => poller.start(),
    stop: () => poller.stop(),
    setInterval: (ms) => poller.setInterval(ms),
    get running() {
      return poller.running;
    },
    setLayout: (layout) => observe({ kind: 'layout', layout }),
    setBroadcast: (teams) => observe({ kind: 'broadcast', teams }),
  };
}

/**
 * What activeplayer's answer says. The spectator error body means spectator mode whatever the status it
 * comes with; a 404 while a replay runs means a replay (the replay's own API description lists no
 * activeplayer): neither is an error.
 */
function readActiveAnswer(outcome: HttpOutcome, replayRuns: boolean): ActivePlayerReading | null {
  if (outcome.kind === 'ok') return readActivePlayer(outcome.body);
  if (outcome.kind !== 'http-error') return null;
  if (readActivePlayer(outcome.body)?.kind === 'spectator') return { kind: 'spectator' };
  return outcome.status === 404 && replayRuns ? { kind: 'spectator' } : null;
}

/** Why one of the other endpoints could not be read this cycle, as the status shows it; null if it was. */
function detailProblem(
  which: keyof typeof DETAIL_LABELS,
  outcome: HttpOutcome,
  read: unknown,
): string | null {
  if (read !== null) return null;
  if (outcome.kind !== 'ok') return `${DETAIL_LABELS[which]}: ${describeFailure(outcome)}`;
  return `bad response: unexpected ${DETAIL_LABELS[which]}`;
}
