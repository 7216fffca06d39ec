import type { Client, InValue, Row } from '@libsql/client';
import type { ArenaHistoryFilter, HistoryDelete, LiveGameSummary } from '@shared/contract';
import { z } from 'zod';
import { HistoryError } from '../../platform/db/sqliteDatabase';

const count = z.number().int().min(0);

/** What the arena scoreboard hands over after a game: only what the game itself showed the player. */
export const arenaGameSummarySchema = z.strictObject({
  /** Epoch ms when the game started. */
  startedAt: z.number().int().nonnegative(),
  durationSeconds: z.number().nonnegative(),
  /** The champion's display name ("Lee Sin"). */
  champion: z.string().trim().min(1).max(100),
  /** The champion's key ("LeeSin"), when known. */
  championKey: z.string().trim().max(100).default(''),
  /** The player's Riot ID, when known. */
  playerId: z.string().trim().max(100).default(''),
  kills: count,
  deaths: count,
  assists: count,
  creepScore: count,
  result: z.enum(['win', 'loss', 'unknown']),
  /** The client's game mode ("CLASSIC", "ARAM", …). */
  mode: z.string().trim().min(1).max(100),
  mapNumber: z.number().int().nullable().default(null),
  /** The queue as the UI names it ("Ranked Solo/Duo"). */
  queueLabel: z.string().trim().max(100),
});
export type ArenaGameSummary = z.input<typeof arenaGameSummarySchema>;

export interface StoredArenaGame extends z.output<typeof arenaGameSummarySchema> {
  id: number;
  recordedAt: number;
  /** The web API's match ID and queue, once found after the game; null before. */
  matchId: string | null;
  queueId: number | null;
}

/** A row whose values are not what the schema wrote (a number that is not one): only its ID is trusted. */
export interface DamagedArenaGame {
  id: number;
  damaged: true;
}

/**
 * The rows whose every value has its column's type, in SQL: an export reads only these (its page cursor
 * compares start times), and counts the others as left out.
 */
const INTACT = `(typeof(started_at) = 'integer' AND typeof(duration_seconds) IN ('integer', 'real')
  AND typeof(kills) = 'integer' AND typeof(deaths) = 'integer' AND typeof(assists) = 'integer'
  AND typeof(creep_score) = 'integer' AND typeof(recorded_at) = 'integer'
  AND typeof(champion) = 'text' AND typeof(game_mode) = 'text' AND result IN ('win', 'loss', 'unknown')
  AND (map_number IS NULL OR typeof(map_number) = 'integer')
  AND (queue_id IS NULL OR typeof(queue_id) = 'integer'))`;

export function createArenaGameRecords(client: Client, now: () => number) {
  /** The lines of the history the filter selects, newest first: the games, and each damaged row as such. */
  const entries = async (
    filter: ArenaHistoryFilter = {},
    page: { limit: number; offset?: number } = { limit: 200 },
  ): Promise<(StoredArenaGame | DamagedArenaGame)[]> => {
    const where = whereClause(filter);
    const result = await client.execute({
      sql: `SELECT * FROM arena_games ${where.sql} ${NEWEST_FIRST} LIMIT ? OFFSET ?`,
      args: [...where.args, page.limit, page.offset ?? 0],
    });
    return result.rows.map(readArenaRow);
  };
  return {
    entries,

    /** Stores one game; the same start time and champion again is the same game and is not stored twice. */
    async record(summary: ArenaGameSummary): Promise<{ id: number; duplicate: boolean }> {
      const parsed = arenaGameSummarySchema.safeParse(summary);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw new HistoryError(
          `The arena game was not recorded: ${issue?.path.join('.') || 'summary'} ${issue?.message ?? 'is invalid'}.`,
        );
      }
      const game = parsed.data;
      const [inserted, selected] = await client.batch(
        [
          {
            sql: `INSERT INTO arena_games (started_at, duration_seconds, champion, champion_key, player_id, kills, deaths,
                    assists, creep_score, result, game_mode, map_number, queue_label, recorded_at)
                  VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (started_at, champion) DO NOTHING`,
            args: [
              game.startedAt,
              game.durationSeconds,
              game.champion,
              game.championKey,
              game.playerId,
              game.kills,
              game.deaths,
              game.assists,
              game.creepScore,
              game.result,
              game.mode,
              game.mapNumber,
              game.queueLabel,
              now(),
            ],
          },
          {
            sql: 'SELECT id FROM arena_games WHERE started_at = ? AND champion = ?',
            args: [game.startedAt, game.champion],
          },
        ],
        'write',
      );
      return { id: Number(selected?.rows[0]?.id), duplicate: inserted?.rowsAffected === 0 };
    },

    /** Deletes these games, or every one; how many went. */
    async delete(which: HistoryDelete): Promise<number> {
      if ('all' in which) return (await client.execute('DELETE FROM arena_games')).rowsAffected;
      const ids = [...new Set(which.ids)];
      const result = await client.execute({
        sql: `DELETE FROM arena_games WHERE id IN (${ids.map(() => '?').join(', ')})`,
        args: ids,
      });
      return result.rowsAffected;
    },

    /** Deletes the games that started before `cutoff` (epoch ms); how many went. */
    async deleteStartedBefore(cutoff: number): Promise<number> {
      const result = await client.execute({
        sql: 'DELETE FROM arena_games WHERE started_at < ?',
        args: [cutoff],
      });
      return result.rowsAffected;
    },

    /** The games the filter selects, newest first, damaged rows left out. */
    async list(
      filter: ArenaHistoryFilter = {},
      page: { limit: number; offset?: number } = { limit: 200 },
    ): Promise<StoredArenaGame[]> {
      return (await entries(filter, page)).filter((game): game is StoredArenaGame => !('damaged' in game));
    },

    /** One game by its ID; null when there is none, or when its row is damaged. */
    async byId(id: number): Promise<StoredArenaGame | null> {
      const result = await client.execute({ sql: 'SELECT * FROM arena_games WHERE id = ?', args: [id] });
      const row = result.rows[0];
      if (!row) return null;
      const game = readArenaRow(row);
      return 'damaged' in game ? null : game;
    },

    /** Stores the web API's match of a game, found after it ended. */
    async setMatch(id: number, match: { matchId: string; queueId: number }): Promise<void> {
      await client.execute({
        sql: 'UPDATE arena_games SET match_id = ?, queue_id = ? WHERE id = ?',
        args: [match.matchId, match.queueId, id],
      });
    },

    /** How many damaged rows the filter selects (an export leaves them out). */
    async countDamaged(filter: ArenaHistoryFilter = {}): Promise<number> {
      const where = whereClause(filter);
      const conditions = [...where.conditions, `NOT ${INTACT}`];
      const result = await client.execute({
        sql: `SELECT COUNT(*) AS n FROM arena_games WHERE ${conditions.join(' AND ')}`,
        args: where.args,
      });
      return Number(result.rows[0]?.n ?? 0);
    },

    /** How many games the filter selects. */
    async count(filter: ArenaHistoryFilter = {}): Promise<number> {
      const where = whereClause(filter);
      const result = await client.execute({
        sql: `SELECT COUNT(*) AS n FROM arena_games ${where.sql}`,
        args: where.args,
      });
      return Number(result.rows[0]?.n ?? 0);
    },

    /** Every champion and every game mode (with a map it was played on) in the history, for the filters. */
    async choices(): Promise<{ champions: string[]; modes: { mode: string; mapNumber: number | null }[] }> {
      const [champions, modes] = await client.batch(
        [
          'SELECT DISTINCT champion FROM arena_games ORDER BY champion COLLATE NOCASE',
          'SELECT game_mode, MAX(map_number) AS map_number FROM arena_games GROUP BY game_mode ORDER BY game_mode',
        ],
        'read',
      );
      return {
        champions: (champions?.rows ?? []).map((row) => String(row.champion)),
        modes: (modes?.rows ?? []).map((row) => ({
          mode: String(row.game_mode),
          mapNumber: row.map_number === null ? null : Number(row.map_number),
        })),
      };
    },

    /**
     * One page of the games the filter selects, newest first: the `limit` games after `after` (the last game of
     * the page before; null for the first). Export reads the history this way, as it does the card games; a
     * damaged row is not in any page (countDamaged counts them).
     */
    async page(
      filter: ArenaHistoryFilter,
      page: { limit: number; after: ArenaGameCursor | null },
    ): Promise<StoredArenaGame[]> {
      const where = whereClause(filter);
      const conditions = [...where.conditions, INTACT];
      const args = [...where.args];
      if (page.after) {
        conditions.push('started_at <= ? AND (started_at < ? OR id < ?)');
        args.push(page.after.startedAt, page.after.startedAt, page.after.id);
      }
      const result = await client.execute({
        sql: `SELECT * FROM arena_games WHERE ${conditions.join(' AND ')} ${NEWEST_FIRST} LIMIT ?`,
        args: [...args, Math.max(1, Math.trunc(page.limit))],
      });
      return result.rows.flatMap((row) => {
        const game = readArenaRow(row);
        return 'damaged' in game ? [] : [game];
      });
    },
  };
}

/** Where an export's page ends: the last game written. */
export type ArenaGameCursor = Pick<StoredArenaGame, 'startedAt' | 'id'>;

const NEWEST_FIRST = 'ORDER BY started_at DESC, id DESC';

function whereClause(filter: ArenaHistoryFilter): { sql: string; conditions: string[]; args: InValue[] } {
  const conditions: string[] = [];
  const args: InValue[] = [];
  const add = (condition: string, value: InValue | undefined) => {
    if (value === undefined) return;
    conditions.push(condition);
    args.push(value);
  };
  add('champion = ?', filter.champion);
  add('game_mode = ?', filter.mode);
  add('started_at >= ?', filter.from);
  add('started_at < ?', filter.to);
  add('result = ?', filter.result);
  return { sql: conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '', conditions, args };
}

export type ArenaGameRecords = ReturnType<typeof createArenaGameRecords>;

const wholeNumber = z.number().int().min(0);
const text = z.string();

/** A row as the schema wrote it; anything else (text where a number goes, a result of its own) is damage. */
const arenaRowSchema = z.object({
  id: z.number().int().positive(),
  started_at: wholeNumber,
  duration_seconds: z.number().nonnegative(),
  champion: text,
  champion_key: text,
  player_id: text,
  kills: wholeNumber,
  deaths: wholeNumber,
  assists: wholeNumber,
  creep_score: wholeNumber,
  result: z.enum(['win', 'loss', 'unknown']),
  game_mode: text,
  map_number: z.number().int().nullable(),
  queue_label: text,
  recorded_at: z.number().int(),
  match_id: text.nullable(),
  queue_id: z.number().int().nullable(),
});

function readArenaRow(row: Row): StoredArenaGame | DamagedArenaGame {
  const columns = Object.keys(arenaRowSchema.shape).map((column) => [column, row[column]]);
  const parsed = arenaRowSchema.safeParse(Object.fromEntries(columns));
  if (!parsed.success) return { id: Number(row.id), damaged: true };
  const game = parsed.data;
  return {
    id: game.id,
    startedAt: game.started_at,
    durationSeconds: game.duration_seconds,
    champion: game.champion,
    championKey: game.champion_key,
    playerId: game.player_id,
    kills: game.kills,
    deaths: game.deaths,
    assists: game.assists,
    creepScore: game.creep_score,
    result: game.result,
    mode: game.game_mode,
    mapNumber: game.map_number,
    queueLabel: game.queue_label,
    recordedAt: game.recorded_at,
    matchId: game.match_id,
    queueId: game.queue_id,
  };
}

/** The arena scoreboard's end-of-game summary in the history's terms (its start is its end less its length). */
export function arenaSummaryFromLive(summary: LiveGameSummary): ArenaGameSummary {
  return {
    startedAt: Math.max(0, Math.round(summary.endedAt - summary.durationSeconds * 1000)),
    durationSeconds: summary.durationSeconds,
    champion: summary.championName || summary.championKey,
    championKey: summary.championKey,
    playerId: summary.playerId,
    kills: summary.kills,
    deaths: summary.deaths,
    assists: summary.assists,
    creepScore: summary.creepScore,
    result: summary.result === 'win' ? 'win' : summary.result === 'lose' ? 'loss' : 'unknown',
    mode: summary.gameMode,
    mapNumber: summary.mapNumber,
    queueLabel: summary.queueLabel,
  };
}
