import type { AppState } from '@shared/contract';
import type { StateHub } from '../hub/stateHub';
import type { Logger } from '../log/logger';
import type { HttpClient } from '../net/httpClient';
import { createPoller, type Poller, type PollResult, type Scheduler } from '../polling/poller';
import { reportSourceStatus, statusOfFailure } from '../sources/sourceStatus';

export interface CardClientWatcherDeps {
  http: HttpClient;
  hub: StateHub<AppState>;
  scheduler: Scheduler;
  logger: Logger;
  baseUrl(): string;
}

// The publisher allows positional-rectangles at most once per second.
const INTERVAL_MS = 1000;
const MAX_IDLE_INTERVAL_MS = 5000;

export function cardClientAbsentReason(baseUrl: string): string {
  const port = new URL(baseUrl).port || '80';
  return `no answer on port ${port} — is the client running with its third-party endpoint enabled?`;
}

/** Watches the card client's local API (plain HTTP on loopback). */
export function createCardClientWatcher(deps: CardClientWatcherDeps): Poller {
  const { http, hub, scheduler } = deps;

  const cycle = async (signal: AbortSignal): Promise<PollResult> => {
    const base = deps.baseUrl();
    const now = scheduler.now();
    const outcome = await http.send({ url: `${base}/positional-rectangles`, signal, timeoutMs: 2000 });
    if (outcome.kind === 'aborted') return 'idle';
    if (outcome.kind === 'ok') {
      const gameState = (outcome.body as { GameState?: unknown } | null)?.GameState;
      const reason = gameState === 'InProgress' ? 'in game' : gameState === 'Menus' ? 'in menus' : null;
      reportSourceStatus(hub, 'card', 'connected', reason, now);
      return 'active';
    }
    if (outcome.kind === 'refused') {
      reportSourceStatus(hub, 'card', 'not-running', cardClientAbsentReason(base), now);
      return 'idle';
    }
    const { state, reason } = statusOfFailure(outcome);
    reportSourceStatus(hub, 'card', state, reason, now);
    return 'active';
  };

  return createPoller({
    intervalMs: INTERVAL_MS,
    maxIdleIntervalMs: MAX_IDLE_INTERVAL_MS,
    scheduler,
    cycle,
    onError: (error) => deps.logger.error('card client poll failed', { error: String(error) }),
  });
}
