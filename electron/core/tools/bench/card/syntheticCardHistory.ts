import { openSqliteDatabase } from '../../../platform/db/sqliteDatabase';
import { HISTORY_MIGRATIONS } from '../../../features/history/historyMigrations';

/** The size of a made-up card history: games, and the plays and opponent cards of each. */
export interface SyntheticCardHistory {
  games: number;
  playsPerGame: number;
  opponentCardsPerGame: number;
  /** Epoch ms of the oldest game; one game a minute after it. */
  firstStartedAt: number;
}

const DECK_CODE = 'CEBAMAIAAEBAYDYWDUDACAQJBQHR2KJRAEBACAAQFIAA';

/**
 * Writes a card history of that size into the history database at `path` (made if absent) in one transaction
 * of set-based inserts, so a test or bench has 10,000 games in well under a second rather than through the
 * recorder, one game at a time. Names, results and card codes vary so every CSV and JSON path is exercised.
 */
export async function writeSyntheticCardHistory(path: string, size: SyntheticCardHistory): Promise<void> {
  const client = await openSqliteDatabase(path, HISTORY_MIGRATIONS);
  const count = (name: string, to: number) =>
    `WITH RECURSIVE ${name}(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM ${name} WHERE i < ${Math.trunc(to) - 1})`;
  try {
    await client.batch(
      [
        {
          sql: `${count('n', size.games)}
                INSERT INTO card_games (identity, started_at, ended_at, client_game_id, deck_code, player_name,
                  opponent_name, result)
                SELECT (? + i * 60000) || '/' || i || '/-', ? + i * 60000, ? + i * 60000 + 540000 + i % 7 * 1000, i,
                  CASE WHEN i % 5 = 0 THEN NULL ELSE '${DECK_CODE}' END, 'Sightline',
                  CASE i % 4 WHEN 0 THEN 'Rival, "the" ' || i WHEN 1 THEN '=cmd' || i WHEN 2 THEN NULL
                    ELSE 'Gégé ' || i END,
                  CASE i % 3 WHEN 0 THEN 'win' WHEN 1 THEN 'loss' ELSE 'unknown' END
                FROM n`,
          args: [size.firstStartedAt, size.firstStartedAt, size.firstStartedAt],
        },
        {
          sql: `INSERT INTO card_game_deck (game_id, card_code, count)
                SELECT g.id, '01DE0' || printf('%02d', d.i), 1 + (g.id + d.i) % 3
                FROM card_games g CROSS JOIN (${count('d', 14)} SELECT i FROM d) d
                WHERE g.deck_code IS NOT NULL`,
          args: [],
        },
        {
          sql: `INSERT INTO card_game_plays (game_id, seq, card_code, played_at)
                SELECT g.id, p.i, '01DE0' || printf('%02d', (g.id + p.i) % 14), g.started_at + 5000 + p.i * 9000
                FROM card_games g CROSS JOIN (${count('p', size.playsPerGame)} SELECT i FROM p) p`,
          args: [],
        },
        {
          sql: `INSERT INTO card_game_opponent_cards (game_id, card_code, count, first_seen_at)
                SELECT g.id, '01NX0' || printf('%02d', o.i), 1 + o.i % 3, g.started_at + 7000 + o.i * 11000
                FROM card_games g CROSS JOIN (${count('o', size.opponentCardsPerGame)} SELECT i FROM o) o`,
          args: [],
        },
      ],
      'write',
    );
  } finally {
    client.close();
  }
}
