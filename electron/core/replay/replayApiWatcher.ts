import type { AppState } from '@shared/contract';
import type { StateHub } from '../hub/stateHub';
import type { Logger } from '../log/logger';
import type { HttpClient } from '../net/httpClient';
import { createPoller, type Poller, type PollResult, type Scheduler } from '../polling/poller';
import { reportSourceStatus, statusOfFailure } from '../sources/sourceStatus';

export interface ReplayApiWatcherDeps {
  http: HttpClient;
  hub: StateHub<AppState>;
  scheduler: Scheduler;
  logger: Logger;
  baseUrl(): string;
}

const INTERVAL_MS = 1000;
const MAX_IDLE_INTERVAL_MS = 5000;

export const REPLAY_API_DISABLED = 'replay API disabled — enable it in game.cfg and restart the replay';

/** Watches the replay API: is a replay running, and is its control API switched on. */
export function createReplayApiWatcher(deps: ReplayApiWatcherDeps): Poller {
  const { http, hub, scheduler } = deps;

  const cycle = async (signal: AbortSignal): Promise<PollResult> => {
    const now = scheduler.now();
    const outcome = await http.send({ url: `${deps.baseUrl()}/replay/playback`, signal, timeoutMs: 2000 });
    if (outcome.kind === 'aborted') return 'idle';
    if (outcome.kind === 'ok') {
      reportSourceStatus(hub, 'replay', 'connected', null, now);
      return 'active';
    }
    if (outcome.kind === 'refused') {
      reportSourceStatus(hub, 'replay', 'not-running', 'no game or replay running', now);
      return 'idle';
    }
    if (outcome.kind === 'http-error' && outcome.status === 404) {
      reportSourceStatus(hub, 'replay', 'waiting', REPLAY_API_DISABLED, now);
      return 'idle';
    }
    const { state, reason } = statusOfFailure(outcome);
    reportSourceStatus(hub, 'replay', state, reason, now);
    return 'active';
  };

  return createPoller({
    intervalMs: INTERVAL_MS,
    maxIdleIntervalMs: MAX_IDLE_INTERVAL_MS,
    scheduler,
    cycle,
    onError: (error) => deps.logger.error('replay API poll failed', { error: String(error) }),
  });
}
