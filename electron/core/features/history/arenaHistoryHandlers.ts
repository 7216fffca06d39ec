import { setImmediate as nextTurn } from 'node:timers/promises';
import type { ArenaHistoryChannel, ArenaHistoryEntry } from '@shared/contract';
import type { RequestHandlers } from '../../platform/router/requestRouter';
import type { DownloadShelf } from '../../transport/host/downloadShelf';
import type { DamagedArenaGame, StoredArenaGame } from './arenaGameRecords';
import { arenaHistoryFileParts } from './arenaHistoryExport';
import type { ArenaMatchLookupService } from './arenaMatchLookup';
import { arenaGameQueue, arenaQueueName } from './arenaQueue';
import { writeHistoryFile } from './historyFile';
import { historyFileOf } from './historyFileFormats';
import { offerExport, withHistoryStore, type HistoryWriter } from './historyRequests';
import type { HistoryStore } from './historyStore';

export interface ArenaHistoryHandlerDeps {
  store: Promise<HistoryStore>;
  /** The arena games' save queue. */
  writer: HistoryWriter;
  /** Finds a game's web API match when its details open. */
  matches: Pick<ArenaMatchLookupService, 'lookUp'>;
  downloads: DownloadShelf;
  now(): number;
}

/**
 * The arena history's requests: list with filters, delete, export, and a game's web API match (asked with the
 * user's key, after the game). Nothing of the history leaves the machine.
 */
export function createArenaHistoryHandlers(
  deps: ArenaHistoryHandlerDeps,
): Pick<RequestHandlers, ArenaHistoryChannel> {
  const withHistory = <T>(run: (history: HistoryStore) => Promise<T>) => withHistoryStore(deps.store, run);
  return {
    'history.arena.list': ({ limit, offset, ...filter }) =>
      withHistory(async (history) => {
        // One read at a time, a turn of the event loop between them, as the card list does.
        const games = await history.arenaGames.entries(filter, { limit, offset });
        await nextTurn();
        const total = await history.arenaGames.count(filter);
        await nextTurn();
        const { champions, modes } = await history.arenaGames.choices();
        return {
          games: games.map(arenaGameRow),
          total,
          champions,
          queues: modes.map(({ mode, mapNumber }) => ({ mode, name: arenaQueueName(mode, mapNumber) })),
        };
      }),

    'history.arena.delete': async (which) => {
      // Every game means those still waiting to be saved too: dropped first, so none lands after the delete.
      const dropped = 'all' in which ? await deps.writer.forgetWaiting() : 0;
      return withHistory(async (history) => ({
        deleted: dropped + (await history.deleteArenaGames(which)),
      }));
    },

    // Written a page at a time like the card history's file (see writeHistoryFile), then downloaded by its path.
    'history.arena.export': ({ format, filter }) =>
      withHistory(async (history) => {
        const now = deps.now();
        const file = historyFileOf('arena-history', format, now);
        let games = 0;
        const downloadPath = await offerExport(deps.downloads, file, async (path) => {
          games = await writeHistoryFile(
            path,
            (after, limit) => history.arenaGames.page(filter, { after, limit }),
            arenaHistoryFileParts(format, now),
          );
        });
        // Damaged rows are not in any page: the answer says how many the file leaves out.
        const damagedSkipped = await history.arenaGames.countDamaged(filter);
        return { ...file, games, damagedSkipped, downloadPath };
      }),

    'history.arena.match': ({ id }) => deps.matches.lookUp(id),
  };
}

function arenaGameRow(game: StoredArenaGame | DamagedArenaGame): ArenaHistoryEntry {
  if ('damaged' in game) return { id: game.id, damaged: true };
  const { id, startedAt, durationSeconds, champion, championKey, playerId } = game;
  const { kills, deaths, assists, creepScore, result, mode, matchId, queueId } = game;
  return {
    id,
    startedAt,
    durationSeconds,
    champion,
    championKey,
    playerId,
    kills,
    deaths,
    assists,
    creepScore,
    result,
    queue: arenaGameQueue(game),
    mode,
    matchId,
    queueId,
    damaged: false,
  };
}
