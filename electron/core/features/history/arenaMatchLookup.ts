import type { ArenaMatchLookup, PlayedMatchSearch } from '@shared/contract';
import type { Logger } from '../../platform/log/logger';
import type { Scheduler } from '../../platform/polling/poller';
import { arenaGameQueue } from './arenaQueue';
import type { HistoryStore } from './historyStore';

/** The player's game as the history stored it, to be found among their matches by its start and length. */
export interface PlayedGame {
  riotId: string;
  /** Epoch ms. */
  startedAt: number;
  durationSeconds: number;
}

/** Finds a game the player played among their web API matches (the web API feature's, through its limiter). */
export type FindPlayedMatch = (game: PlayedGame) => Promise<PlayedMatchSearch>;

export interface ArenaMatchLookupService {
  /** The game's match: the stored one, else looked up now and stored when found. */
  lookUp(id: number): Promise<ArenaMatchLookup>;
  /**
   * Looks a game just recorded up in the background, and once more a little later when it is not listed yet (the
   * API lists a match minutes after it ends); a failure is logged, never thrown.
   */
  afterRecorded(id: number): void;
  stop(): void;
}

/** When a game not listed right after it ended is asked for once more. */
export const LOOKUP_AGAIN_MS = 3 * 60_000;

/**
 * Finds each arena game's web API match after the game, and stores its match ID and queue on the game's row: the
 * live client tells neither. Nothing is asked during a game: only games already in the history are looked up.
 * One lookup per game at a time; a game found is never asked for again.
 */
export function createArenaMatchLookup(deps: {
  store: Promise<HistoryStore>;
  /** Null where the core has no web API (tests of the history alone). */
  find: FindPlayedMatch | null;
  logger: Logger;
  scheduler: Scheduler;
}): ArenaMatchLookupService {
  const running = new Map<number, Promise<ArenaMatchLookup>>();
  const timers = new Set<unknown>();

  const search = async (id: number): Promise<ArenaMatchLookup> => {
    const store = await deps.store;
    const game = await store.arenaGames.byId(id);
    if (!game) return { state: 'not-found' };
    if (game.matchId !== null && game.queueId !== null) {
      return { state: 'found', matchId: game.matchId, queueId: game.queueId, queue: arenaGameQueue(game) };
    }
    if (!game.playerId) return { state: 'no-riot-id' };
    if (!deps.find) return { state: 'no-key' };
    const found = await deps.find({
      riotId: game.playerId,
      startedAt: game.startedAt,
      durationSeconds: game.durationSeconds,
    });
    if (found.state !== 'found') return found;
    await store.arenaGames.setMatch(id, found);
    const queue = arenaGameQueue({ ...game, queueId: found.queueId });
    return { ...found, queue };
  };

  const lookUp = (id: number): Promise<ArenaMatchLookup> => {
    const already = running.get(id);
    if (already) return already;
    const started = search(id).finally(() => running.delete(id));
    running.set(id, started);
    return started;
  };

  const inBackground = (id: number, again: boolean): void => {
    lookUp(id).then(
      (answer) => {
        deps.logger.info('arena game match lookup', { id, state: answer.state });
        if (!again || answer.state !== 'not-found') return;
        const timer = deps.scheduler.setTimeout(() => {
          timers.delete(timer);
          inBackground(id, false);
        }, LOOKUP_AGAIN_MS);
        timers.add(timer);
      },
      (error: unknown) => deps.logger.warn('arena game match lookup failed', { id, error: String(error) }),
    );
  };

  return {
    lookUp,
    afterRecorded: (id) => inBackground(id, true),
    stop: () => {
      for (const timer of timers) deps.scheduler.clearTimeout(timer);
      timers.clear();
    },
  };
}
