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
}

export function createArenaGameRecords(client: Client, now: () => number) {
  return {
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

    /** The games the filter selects, newest first. */
    async list(
      filter: ArenaHistoryFilter = {},
      page: { limit: number; offset?: number } = { limit: 200 },
    ): Promise<StoredArenaGame[]> {
      const where = whereClause(filter);
      const result = await client.execute({
        sql: `SELECT * FROM arena_games ${where.sql} ${NEWEST_FIRST} LIMIT ? OFFSET ?`,
        args: [...where.args, page.limit, page.offset ?? 0],
      });
      return result.rows.map(storedArenaGame);
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
     * the page before; null for the first). Export reads the history this way, as it does the card games.
     */
    async page(
      filter: ArenaHistoryFilter,
      page: { limit: number; after: ArenaGameCursor | null },
    ): Promise<StoredArenaGame[]> {
      const where = whereClause(filter);
      const conditions = [...where.conditions];
      const args = [...where.args];
      if (page.after) {
        conditions.push('started_at <= ? AND (started_at < ? OR id < ?)');
        args.push(page.after.startedAt, page.after.startedAt, page.after.id);
      }
      const sql = conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';
      const result = await client.execute({
        sql: `SELECT * FROM arena_games ${sql} ${NEWEST_FIRST} LIMIT ?`,
        args: [...args, Math.max(1, Math.trunc(page.limit))],
      });
      return result.rows.map(storedArenaGame);
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

function storedArenaGame(row: Row): StoredArenaGame {
  return {
    id: Number(row.id),
    startedAt: Number(row.started_at),
    durationSeconds: Number(row.duration_seconds),
    champion: String(row.champion),
    championKey: String(row.champion_key),
    playerId: String(row.player_id),
    kills: Number(row.kills),
    deaths: Number(row.deaths),
    assists: Number(row.assists),
    creepScore: Number(row.creep_score),
    result: row.result === 'win' || row.result === 'loss' ? row.result : 'unknown',
    mode: String(row.game_mode),
    mapNumber: row.map_number === null ? null : Number(row.map_number),
    queueLabel: String(row.queue_label),
    recordedAt: Number(row.recorded_at),
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
