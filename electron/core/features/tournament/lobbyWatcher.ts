import type { LobbyEventView, TournamentLobbyState } from '@shared/contract';
import { createPoller, type Poller, type Scheduler } from '../../platform/polling/poller';
import type { TournamentApi } from './api/tournamentApi';
import type { TournamentStore } from './storage/tournamentStore';

export interface LobbyWatcherOptions {
  scheduler: Scheduler;
  api: Pick<TournamentApi, 'lobbyEvents'>;
  store: Pick<TournamentStore, 'appendLobbyEvents' | 'lobbyEvents'>;
  /** Between polls while the lobby changes; it doubles up to maxIntervalMs while nothing new comes. */
  intervalMs?: number;
  maxIntervalMs?: number;
  onState(state: TournamentLobbyState): void;
  /** New events were stored for a code (to move its status on). */
  onEvents?(code: string, events: LobbyEventView[]): void;
  onError?(error: unknown): void;
}

export interface LobbyWatcher {
  watch(code: string): Promise<TournamentLobbyState>;
  unwatch(): TournamentLobbyState;
  readonly state: TournamentLobbyState;
}

const CLOSED: TournamentLobbyState = { code: null, events: [], lastPolledAt: null, error: null };

/**
 * The live lobby view: polls one code's lobby events while the view is open, through the web API's
 * rate limiter, backing off while nothing changes. Every event is kept as the code's audit log.
 */
export function createLobbyWatcher(options: LobbyWatcherOptions): LobbyWatcher {
  const { scheduler, api, store } = options;
  let state: TournamentLobbyState = CLOSED;
  let poller: Poller | null = null;

  const publish = (next: TournamentLobbyState): void => {
    state = next;
    options.onState(state);
  };

  const poll = async (code: string, signal?: AbortSignal): Promise<'active' | 'idle'> => {
    const fetched = await api.lobbyEvents(code, signal);
    if (state.code !== code) return 'idle';
    if (!fetched.ok) {
      if (fetched.problem.kind === 'cancelled') return 'idle';
      publish({ ...state, lastPolledAt: scheduler.now(), error: fetched.problem.message });
      return 'idle';
    }
    const added = await store.appendLobbyEvents(code, fetched.value);
    const events = await store.lobbyEvents(code);
    if (state.code !== code) return 'idle';
    publish({ code, events, lastPolledAt: scheduler.now(), error: null });
    if (added > 0) options.onEvents?.(code, events);
    return added > 0 ? 'active' : 'idle';
  };

  return {
    get state() {
      return state;
    },
    async watch(code) {
      poller?.stop();
      publish({ code, events: await store.lobbyEvents(code), lastPolledAt: null, error: null });
      poller = createPoller({
        intervalMs: options.intervalMs ?? 10_000,
        maxIdleIntervalMs: options.maxIntervalMs ?? 60_000,
        scheduler,
        cycle: (signal) => poll(code, signal),
        onError: (error) => options.onError?.(error),
      });
      poller.start();
      return state;
    },
    unwatch() {
      poller?.stop();
      poller = null;
      publish(CLOSED);
      return state;
    },
  };
}
