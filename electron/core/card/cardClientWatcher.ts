import type { AppState } from '@shared/contract';
import type { z } from 'zod';
import type { CardCatalog } from '../cards/cardCatalog';
import type { StateHub } from '../hub/stateHub';
import type { Logger } from '../log/logger';
import type { HttpClient, HttpOutcome } from '../net/httpClient';
import { createPoller, type Poller, type PollResult, type Scheduler } from '../polling/poller';
import { reportSourceStatus, statusOfFailure } from '../sources/sourceStatus';
import type { CardGameArchive } from './cardGameArchive';
import {
  gameResultSchema,
  IN_PROGRESS,
  positionalRectanglesSchema,
  staticDecklistSchema,
} from './cardClientRecords';
import {
  EMPTY_CARD_SESSION,
  reduceCardSession,
  resumeCardSession,
  saveCardSession,
  sessionNeeds,
  takeFinished,
  type CardClientEvent,
  type CardSession,
} from './cardGameSession';
import { cardGameView } from './cardTrackerView';
import { createEndpointRateGuard } from './endpointRateGuard';

export interface CardClientWatcherDeps {
  http: HttpClient;
  hub: StateHub<AppState>;
  scheduler: Scheduler;
  logger: Logger;
  baseUrl(): string;
  catalog: CardCatalog;
  archive: CardGameArchive;
}

export interface CardClientWatcher {
  poller: Poller;
  /** Rebuilds the pushed state (card data or history status changed). */
  publish(): void;
}

// The publisher allows positional-rectangles at most once per second; no endpoint is read more often.
const INTERVAL_MS = 1000;
const MAX_IDLE_INTERVAL_MS = 5000;
const REQUEST_TIMEOUT_MS = 2000;

export const CARD_ENDPOINTS = {
  rectangles: '/positional-rectangles',
  decklist: '/static-decklist',
  result: '/game-result',
} as const;

export function cardClientAbsentReason(baseUrl: string): string {
  const port = new URL(baseUrl).port || '80';
  return `no answer on port ${port} — is the client running with its third-party endpoint enabled?`;
}

/**
 * Watches the card client's local API (plain HTTP on loopback): positional-rectangles every second,
 * static-decklist when a game starts (and every few seconds after, to see the deck code change),
 * game-result after a game. What it reads drives the card session; finished games go to history.
 */
export function createCardClientWatcher(deps: CardClientWatcherDeps): CardClientWatcher {
  const { http, hub, scheduler, archive } = deps;
  const guard = createEndpointRateGuard(INTERVAL_MS);
  let session: CardSession = EMPTY_CARD_SESSION;
  let resumed = false;

  const dispatch = (event: CardClientEvent): void => {
    session = reduceCardSession(session, event);
  };

  const publish = (): void => {
    hub.set('card', cardGameView(session, deps.catalog, archive.status()));
  };

  const read = async <S extends z.ZodType>(
    base: string,
    path: string,
    schema: S,
    signal: AbortSignal,
  ): Promise<{ outcome: HttpOutcome; record: z.output<S> | null } | null> => {
    if (!guard.tryAcquire(path, scheduler.now())) return null;
    const outcome = await http.send({ url: `${base}${path}`, signal, timeoutMs: REQUEST_TIMEOUT_MS });
    if (outcome.kind !== 'ok') return { outcome, record: null };
    const parsed = schema.safeParse(outcome.body);
    return { outcome, record: parsed.success ? parsed.data : null };
  };

  const cycle = async (signal: AbortSignal): Promise<PollResult> => {
    if (!resumed) {
      // A game tracked before the app restarted goes on (or gets its result) where it was left.
      session = resumeCardSession(await archive.loadProgress(), scheduler.now());
      resumed = true;
    }
    const base = deps.baseUrl();
    const rectangles = await read(base, CARD_ENDPOINTS.rectangles, positionalRectanglesSchema, signal);
    if (!rectangles || rectangles.outcome.kind === 'aborted') return 'idle';
    const now = scheduler.now();
    const { outcome, record } = rectangles;

    let result: PollResult = 'active';
    if (record) {
      dispatch({ kind: 'rectangles', at: now, record });
      reportSourceStatus(
        hub,
        'card',
        'connected',
        record.GameState === IN_PROGRESS ? 'in game' : 'in menus',
        now,
      );
      await readOthers(base, signal);
    } else if (outcome.kind === 'ok') {
      reportSourceStatus(hub, 'card', 'error', 'bad response: unexpected positional-rectangles record', now);
    } else {
      if (outcome.kind === 'refused' || outcome.kind === 'timeout' || outcome.kind === 'network') {
        dispatch({ kind: 'unreachable', at: now });
      }
      if (outcome.kind === 'refused') {
        reportSourceStatus(hub, 'card', 'not-running', cardClientAbsentReason(base), now);
        result = 'idle';
      } else {
        const { state, reason } = statusOfFailure(outcome);
        reportSourceStatus(hub, 'card', state, reason, now);
      }
    }

    const { games, session: rest } = takeFinished(session);
    session = rest;
    if (games.length > 0) await archive.record(games);
    await archive.saveProgress(saveCardSession(session, scheduler.now()));
    publish();
    return result;
  };

  const readOthers = async (base: string, signal: AbortSignal): Promise<void> => {
    const needs = sessionNeeds(session, scheduler.now());
    if (needs.decklist) {
      const decklist = await read(base, CARD_ENDPOINTS.decklist, staticDecklistSchema, signal);
      if (decklist?.record) dispatch({ kind: 'decklist', at: scheduler.now(), record: decklist.record });
    }
    if (needs.result) {
      const gameResult = await read(base, CARD_ENDPOINTS.result, gameResultSchema, signal);
      if (gameResult?.record) dispatch({ kind: 'result', at: scheduler.now(), record: gameResult.record });
      else if (gameResult && gameResult.outcome.kind !== 'aborted')
        dispatch({ kind: 'no-result', at: scheduler.now() });
    }
  };

  const poller = createPoller({
    intervalMs: INTERVAL_MS,
    maxIdleIntervalMs: MAX_IDLE_INTERVAL_MS,
    scheduler,
    cycle,
    onError: (error) => deps.logger.error('card client poll failed', { error: String(error) }),
  });
  return { poller, publish };
}
