import type { AppState } from '@shared/contract';
import type { z } from 'zod';
import type { CardCatalog } from './catalog/cardCatalog';
import type { StateHub } from '../../platform/hub/stateHub';
import type { Logger } from '../../platform/log/logger';
import type { HttpClient } from '../../platform/net/httpClient';
import type { HttpOutcome } from '../../platform/net/httpExchange';
import { createPoller, type Poller, type PollResult, type Scheduler } from '../../platform/polling/poller';
import {
  isGameRunning,
  type GameProcessNames,
  type ProcessListDeps,
} from '../../platform/processes/runningProcesses';
import { reportSourceStatus, statusOfFailure } from '../../platform/sources/sourceStatus';
import { createThrottledCheck } from '../../platform/sources/throttledCheck';
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
import { cardBoardView, EMPTY_BOARD_TRACK, trackBoard, type BoardTrack } from './cardBoard';
import { cardGameView } from './cardTrackerView';

export interface CardClientWatcherDeps {
  http: HttpClient;
  hub: StateHub<AppState>;
  scheduler: Scheduler;
  logger: Logger;
  baseUrl(): string;
  catalog: CardCatalog;
  archive: CardGameArchive;
  /**
   * The process list, to tell "the game is closed" from "its endpoint is off" when the port refuses.
   * Absent when the URL is not the local game's (then only the port is named).
   */
  processes?: ProcessListDeps;
}

export interface CardClientWatcher {
  poller: Poller;
  /** Rebuilds the pushed state (card data or history status changed). */
  publish(): void;
}

// The publisher allows positional-rectangles at most once per second. The app's HTTP client keeps every
// path at that rate as the client sees it (gameClientPacing); cycles start no more often.
const INTERVAL_MS = 1000;
const MAX_IDLE_INTERVAL_MS = 5000;
const REQUEST_TIMEOUT_MS = 2000;

export const CARD_ENDPOINTS = {
  rectangles: '/positional-rectangles',
  decklist: '/static-decklist',
  result: '/game-result',
} as const;

/** The card game's process: LoR.exe on Windows, the LoR executable of its app bundle on macOS. */
export const CARD_GAME_PROCESSES: GameProcessNames = {
  windows: ['LoR'],
  isMacExecutable: (path) => /\/LoR$/.test(path) || /legends of runeterra\.app\//i.test(path),
};

/** A listed process at most this often while the port refuses: the list costs a process spawn. */
export const PROCESS_CHECK_INTERVAL_MS = 5000;

/** Why nothing answers on the card port; `gameRunning` null when the process list could not say. */
export function cardClientAbsentReason(baseUrl: string, gameRunning: boolean | null = null): string {
  const port = new URL(baseUrl).port || '80';
  const absent = `no answer on port ${port}`;
  if (gameRunning === null) return `${absent} — is the client running with its third-party endpoint enabled?`;
  if (!gameRunning) return `${absent} — Legends of Runeterra is not running`;
  return (
    `${absent} — Legends of Runeterra is running, so its third-party endpoint is off or on another port: ` +
    `turn the third-party endpoints on in the game's settings with port ${port}, or set Sightline's card ` +
    "client port to the game's"
  );
}

/**
 * Watches the card client's local API (plain HTTP on loopback): positional-rectangles every second,
 * static-decklist when a game starts (and every few seconds after, to see the deck code change),
 * game-result after a game. What it reads drives the card session; finished games go to history.
 */
export function createCardClientWatcher(deps: CardClientWatcherDeps): CardClientWatcher {
  const { http, hub, scheduler, archive } = deps;
  let session: CardSession = EMPTY_CARD_SESSION;
  // The board overlay's cards, from the same frames (no request of its own).
  let board: BoardTrack = EMPTY_BOARD_TRACK;
  let resumed = false;
  const processes = deps.processes;
  const gameRunning = createThrottledCheck(
    async () => (processes ? isGameRunning(processes, CARD_GAME_PROCESSES) : null),
    PROCESS_CHECK_INTERVAL_MS,
  );

  const dispatch = (event: CardClientEvent): void => {
    session = reduceCardSession(session, event);
    if (event.kind === 'rectangles') board = trackBoard(board, event.record);
    else if (event.kind === 'unreachable') board = EMPTY_BOARD_TRACK;
  };

  const publish = (): void => {
    hub.set(
      'card',
      cardGameView(session, deps.catalog, archive.status(), cardBoardView(board, deps.catalog)),
    );
  };

  const read = async <S extends z.ZodType>(
    base: string,
    path: string,
    schema: S,
    signal: AbortSignal,
  ): Promise<{ outcome: HttpOutcome; record: z.output<S> | null }> => {
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
    if (rectangles.outcome.kind === 'aborted') return 'idle';
    const now = scheduler.now();
    const { outcome, record } = rectangles;

    let result: PollResult = 'active';
    if (record) {
      gameRunning.reset();
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
        dispatch({ kind: 'unreachable', at: now, refused: outcome.kind === 'refused' });
      }
      if (outcome.kind === 'refused') {
        const running = await gameRunning.get(now);
        // The game runs, so its endpoint is what is off: waiting, as for a replay API off in game.cfg.
        reportSourceStatus(
          hub,
          'card',
          running ? 'waiting' : 'not-running',
          cardClientAbsentReason(base, running),
          now,
        );
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
      if (decklist.record) dispatch({ kind: 'decklist', at: scheduler.now(), record: decklist.record });
    }
    if (needs.result) {
      const gameResult = await read(base, CARD_ENDPOINTS.result, gameResultSchema, signal);
      if (gameResult.record) dispatch({ kind: 'result', at: scheduler.now(), record: gameResult.record });
      else if (gameResult.outcome.kind !== 'aborted') dispatch({ kind: 'no-result', at: scheduler.now() });
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
