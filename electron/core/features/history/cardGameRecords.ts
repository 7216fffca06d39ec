import type { Client, InStatement, InValue, Row } from '@libsql/client';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { CardGameResult, CardHistoryFilter, HistoryDelete } from '@shared/contract';

/** A finished card game as the tracker hands it over. */
export interface CardGameRecord {
  startedAt: number;
  endedAt: number;
  clientGameId: number | null;
  deckCode: string | null;
  deck: Record<string, number> | null;
  playerName: string | null;
  opponentName: string | null;
  result: CardGameResult;
  /** Oldest first. */
  plays: { code: string; at: number }[];
  /** In the order first seen. */
  opponentCards: { code: string; count: number; firstSeenAt: number }[];
}

export interface StoredCardGame {
  id: number;
  startedAt: number;
  endedAt: number;
  clientGameId: number | null;
  deckCode: string | null;
  playerName: string | null;
  opponentName: string | null;
  result: CardGameResult;
  playCount: number;
  opponentCardCount: number;
}

export interface StoredCardGameDetail extends StoredCardGame {
  deck: { code: string; count: number }[];
  plays: { code: string; at: number }[];
  opponentCards: { code: string; count: number; firstSeenAt: number }[];
}

/** Where a page of games ends, in their order (newest first): the last game's start time and id. */
export type CardGameCursor = Pick<StoredCardGame, 'startedAt' | 'id'>;

export interface StoredDeckRecord {
  deckCode: string | null;
  games: number;
  wins: number;
  losses: number;
  lastPlayedAt: number;
}

/** The start time, GameID and deck code together: GameID alone starts over with the client. */
export function cardGameIdentity(
  game: Pick<CardGameRecord, 'startedAt' | 'clientGameId' | 'deckCode'>,
): string {
  return `${game.startedAt}/${game.clientGameId ?? '-'}/${game.deckCode ?? '-'}`;
}

/** The games after a cursor, newest first: a range on started_at (its index), then the id among games that
 * started at the same moment. Takes the cursor's startedAt twice, then its id. */
const AFTER_CURSOR = 'g.started_at <= ? AND (g.started_at < ? OR g.id < ?)';

/** Rows of a page read per turn of the event loop: about 10 ms of SQLite's work on a 2-core machine. */
const LIST_CHUNK = 200;

/** How many opponents' names the History page is offered as it types (the most recently played). */
export const OPPONENT_SUGGESTIONS = 200;

const GAME_COLUMNS = `g.id, g.started_at, g.ended_at, g.client_game_id, g.deck_code, g.player_name,
  g.opponent_name, g.result,
  (SELECT count(*) FROM card_game_plays p WHERE p.game_id = g.id) AS play_count,
  (SELECT coalesce(sum(o.count), 0) FROM card_game_opponent_cards o WHERE o.game_id = g.id) AS opponent_card_count`;

export function createCardGameRecords(client: Client) {
  return {
    /**
     * Writes a finished game with its cards in one transaction, and forgets the saved progress of that
     * game in the same one, so a crash leaves either both or neither. Recording the same game twice is
     * a no-op.
     */
    async record(game: CardGameRecord): Promise<{ id: number; duplicate: boolean }> {
      const identity = cardGameIdentity(game);
      const existing = await client.execute({
        sql: 'SELECT id FROM card_games WHERE identity = ?',
        args: [identity],
      });
      const existingId = existing.rows[0]?.id;
      if (existingId !== undefined) return { id: Number(existingId), duplicate: true };

      const gameId = '(SELECT id FROM card_games WHERE identity = ?)';
      const statements: InStatement[] = [
        {
          sql: `INSERT INTO card_games (identity, started_at, ended_at, client_game_id, deck_code, player_name,
                  opponent_name, result) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
          args: [
            identity,
            game.startedAt,
            game.endedAt,
            game.clientGameId,
            game.deckCode,
            game.playerName,
            game.opponentName,
            game.result,
          ],
        },
        ...Object.entries(game.deck ?? {})
          .filter(([, count]) => count > 0)
          .map(([code, count]) => ({
            sql: `INSERT INTO card_game_deck (game_id, card_code, count) VALUES (${gameId}, ?, ?)`,
            args: [identity, code, count],
          })),
        ...game.plays.map((play, seq) => ({
          sql: `INSERT INTO card_game_plays (game_id, seq, card_code, played_at) VALUES (${gameId}, ?, ?, ?)`,
          args: [identity, seq, play.code, play.at],
        })),
        ...game.opponentCards.map((card) => ({
          sql: `INSERT INTO card_game_opponent_cards (game_id, card_code, count, first_seen_at)
                VALUES (${gameId}, ?, ?, ?)`,
          args: [identity, card.code, card.count, card.firstSeenAt],
        })),
        {
          sql: `DELETE FROM card_game_progress WHERE json_extract(snapshot, '$.game.startedAt') = ?`,
          args: [game.startedAt],
        },
        { sql: 'SELECT id FROM card_games WHERE identity = ?', args: [identity] },
      ];
      const results = await client.batch(statements, 'write');
      return { id: Number(results.at(-1)?.rows[0]?.id), duplicate: false };
    },

    /**
     * A page of games, newest first, read `LIST_CHUNK` rows at a time with a turn of the event loop between
     * reads (SQLite reads without yielding): the host serves patches and requests between them. The first read
     * skips `offset` games; each next one starts after the last game read, so the page holds no game twice.
     */
    async list(
      filter: CardHistoryFilter,
      page: { limit: number; offset: number },
    ): Promise<StoredCardGame[]> {
      const where = whereClause(filter);
      const games: StoredCardGame[] = [];
      let after: CardGameCursor | null = null;
      while (games.length < page.limit) {
        const chunk = Math.min(LIST_CHUNK, page.limit - games.length);
        const conditions = where.sql === '' ? [] : [where.sql.replace(/^WHERE /, '')];
        const args = [...where.args];
        if (after) {
          conditions.push(AFTER_CURSOR);
          args.push(after.startedAt, after.startedAt, after.id);
        }
        const result = await client.execute({
          sql: `SELECT ${GAME_COLUMNS} FROM card_games g
                ${conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : ''}
                ORDER BY g.started_at DESC, g.id DESC LIMIT ? OFFSET ?`,
          args: [...args, chunk, after ? 0 : page.offset],
        });
        games.push(...result.rows.map(storedGame));
        after = games.at(-1) ?? null;
        if (result.rows.length < chunk) break;
        await nextTurn();
      }
      return games;
    },

    async count(filter: CardHistoryFilter): Promise<number> {
      const where = whereClause(filter);
      const result = await client.execute({
        sql: `SELECT count(*) AS n FROM card_games g ${where.sql}`,
        args: where.args,
      });
      return Number(result.rows[0]?.n ?? 0);
    },

    /** Games, wins and losses of each deck over the games the filter's dates and opponent select. */
    async deckRecords(filter: CardHistoryFilter): Promise<StoredDeckRecord[]> {
      const where = whereClause({ from: filter.from, to: filter.to, opponent: filter.opponent });
      const result = await client.execute({
        sql: `SELECT g.deck_code, count(*) AS games, sum(g.result = 'win') AS wins, sum(g.result = 'loss') AS losses,
                max(g.started_at) AS last_played_at
              FROM card_games g ${where.sql} GROUP BY g.deck_code ORDER BY last_played_at DESC`,
        args: where.args,
      });
      return result.rows.map((row) => ({
        deckCode: nullableText(row.deck_code),
        games: Number(row.games),
        wins: Number(row.wins),
        losses: Number(row.losses),
        lastPlayedAt: Number(row.last_played_at),
      }));
    },

    /**
     * The `OPPONENT_SUGGESTIONS` opponents played most recently, by name: suggestions for the filter, which
     * finds any opponent by what is typed. A history of thousands of opponents would be an answer too long to
     * read and a list too long to offer.
     */
    async opponents(): Promise<string[]> {
      const result = await client.execute({
        sql: `SELECT opponent_name FROM (
                SELECT opponent_name, max(started_at) AS last_played_at FROM card_games
                WHERE opponent_name IS NOT NULL GROUP BY opponent_name ORDER BY last_played_at DESC LIMIT ?)
              ORDER BY opponent_name COLLATE NOCASE`,
        args: [OPPONENT_SUGGESTIONS],
      });
      return result.rows.map((row) => String(row.opponent_name));
    },

    async detail(id: number): Promise<StoredCardGameDetail | null> {
      const [details] = await detailsWhere(client, 'g.id = ?', [id]);
      return details ?? null;
    },

    /** Every game the filter selects, newest first, with its cards. */
    async details(filter: CardHistoryFilter): Promise<StoredCardGameDetail[]> {
      const where = whereClause(filter);
      return detailsWhere(client, where.sql.replace(/^WHERE /, '') || '1', where.args);
    },

    /**
     * One page of the games the filter selects, newest first, with their cards: the `limit` games after
     * `after` (the last game of the page before; null for the first page). Export reads the history this way,
     * a page at a time, so neither its memory nor any one read grows with the history.
     */
    async detailsPage(
      filter: CardHistoryFilter,
      page: { limit: number; after: CardGameCursor | null },
    ): Promise<StoredCardGameDetail[]> {
      const where = whereClause(filter);
      const conditions = where.sql === '' ? [] : [where.sql.replace(/^WHERE /, '')];
      const args = [...where.args];
      if (page.after) {
        conditions.push(AFTER_CURSOR);
        args.push(page.after.startedAt, page.after.startedAt, page.after.id);
      }
      return detailsWhere(client, conditions.join(' AND ') || '1', args, page.limit);
    },

    /** Deletes these games, or every one, with their cards; how many went. */
    async delete(which: HistoryDelete): Promise<number> {
      if ('all' in which) return deleteGamesWhere(client, '1', []);
      const unique = [...new Set(which.ids)];
      if (unique.length === 0) return 0;
      return deleteGamesWhere(client, `id IN (${unique.map(() => '?').join(', ')})`, unique);
    },

    /** Deletes the games that started before `cutoff` (epoch ms), with their cards; how many went. */
    async deleteStartedBefore(cutoff: number): Promise<number> {
      return deleteGamesWhere(client, 'started_at < ?', [cutoff]);
    },

    /** The tracker's progress in the game under way (JSON), so a restarted app can resume it. */
    async saveProgress(snapshot: string, savedAt: number): Promise<void> {
      await client.execute({
        sql: `INSERT INTO card_game_progress (slot, saved_at, snapshot) VALUES (1, ?, ?)
              ON CONFLICT (slot) DO UPDATE SET saved_at = excluded.saved_at, snapshot = excluded.snapshot`,
        args: [savedAt, snapshot],
      });
    },

    async clearProgress(): Promise<void> {
      await client.execute('DELETE FROM card_game_progress');
    },

    async loadProgress(): Promise<{ snapshot: string; savedAt: number } | null> {
      const result = await client.execute('SELECT snapshot, saved_at FROM card_game_progress WHERE slot = 1');
      const row = result.rows[0];
      return row ? { snapshot: String(row.snapshot), savedAt: Number(row.saved_at) } : null;
    },
  };
}

export type CardGameRecords = ReturnType<typeof createCardGameRecords>;

/** Deletes the games a condition on card_games selects, in one transaction; how many went. */
async function deleteGamesWhere(client: Client, condition: string, args: InValue[]): Promise<number> {
  const selected = `SELECT id FROM card_games WHERE ${condition}`;
  // Children first, explicitly: it must not depend on foreign_keys being on for this connection.
  const results = await client.batch(
    [
      ...['card_game_deck', 'card_game_plays', 'card_game_opponent_cards'].map((table) => ({
        sql: `DELETE FROM ${table} WHERE game_id IN (${selected})`,
        args,
      })),
      { sql: `DELETE FROM card_games WHERE ${condition}`, args },
    ],
    'write',
  );
  return results.at(-1)?.rowsAffected ?? 0;
}

function whereClause(filter: CardHistoryFilter): { sql: string; args: InValue[] } {
  const conditions: string[] = [];
  const args: InValue[] = [];
  if (filter.deckCode !== undefined) {
    if (filter.deckCode === '') conditions.push('g.deck_code IS NULL');
    else {
      conditions.push('g.deck_code = ?');
      args.push(filter.deckCode);
    }
  }
  if (filter.opponent) {
    conditions.push("g.opponent_name LIKE ? ESCAPE '\\'");
    args.push(`%${filter.opponent.replace(/[\\%_]/g, (character) => `\\${character}`)}%`);
  }
  if (filter.from !== undefined) {
    conditions.push('g.started_at >= ?');
    args.push(filter.from);
  }
  if (filter.to !== undefined) {
    conditions.push('g.started_at < ?');
    args.push(filter.to);
  }
  if (filter.result !== undefined) {
    conditions.push('g.result = ?');
    args.push(filter.result);
  }
  return { sql: conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '', args };
}

async function detailsWhere(
  client: Client,
  condition: string,
  args: InValue[],
  limit?: number,
): Promise<StoredCardGameDetail[]> {
  const order = 'ORDER BY g.started_at DESC, g.id DESC';
  const limited = limit === undefined ? '' : ` LIMIT ${Math.max(1, Math.trunc(limit))}`;
  // The cards of the page's games only: the card queries select the games with the same order and limit.
  const selected = `SELECT g.id FROM card_games g WHERE ${condition}${limited && ` ${order}${limited}`}`;
  // One snapshot for every query, as one batch had it.
  const read = await client.transaction('read');
  try {
    const games = await read.execute({
      sql: `SELECT ${GAME_COLUMNS} FROM card_games g WHERE ${condition} ${order}${limited}`,
      args,
    });
    // Each game's rows in its order; by game first, the primary key's order, so SQLite need not sort.
    const decks = await read.execute({
      sql: `SELECT game_id, card_code, count FROM card_game_deck WHERE game_id IN (${selected})
            ORDER BY game_id, card_code`,
      args,
    });
    const opponents = await read.execute({
      sql: `SELECT game_id, card_code, count, first_seen_at FROM card_game_opponent_cards
            WHERE game_id IN (${selected}) ORDER BY first_seen_at, card_code`,
      args,
    });
    const stored = games.rows.map(storedGame);
    const playsByGame = new Map<number, { code: string; at: number }[]>();
    // The plays a few thousand rows at a time, each read's rows let go before the next: read at once, the
    // rows of long games outgrew V8's young generation, and every collection during the read copied them
    // (reading 10 games of 3,200 plays took 2.3 times as long as 10 of 1,600).
    for (const ids of gamesByPlays(stored, PLAYS_PER_READ)) {
      const plays = await read.execute({
        sql: `SELECT game_id, card_code, played_at FROM card_game_plays
              WHERE game_id IN (${ids.map(() => '?').join(', ')}) ORDER BY game_id, seq`,
        args: ids,
      });
      appendByGame(playsByGame, plays.rows, (row) => ({
        code: String(row.card_code),
        at: Number(row.played_at),
      }));
    }
    const deckByGame = appendByGame(new Map(), decks.rows, (row) => ({
      code: String(row.card_code),
      count: Number(row.count),
    }));
    const opponentByGame = appendByGame(new Map(), opponents.rows, (row) => ({
      code: String(row.card_code),
      count: Number(row.count),
      firstSeenAt: Number(row.first_seen_at),
    }));
    return stored.map((game) => ({
      ...game,
      deck: deckByGame.get(game.id) ?? [],
      plays: playsByGame.get(game.id) ?? [],
      opponentCards: opponentByGame.get(game.id) ?? [],
    }));
  } finally {
    read.close();
  }
}

/** Play rows per read of a game's details (a game with more is read alone). */
const PLAYS_PER_READ = 4000;

/** The games' ids, in order, in groups of at most `plays` plays (a game with more makes a group of its own). */
function gamesByPlays(games: readonly StoredCardGame[], plays: number): number[][] {
  const groups: number[][] = [];
  let group: number[] = [];
  let inGroup = 0;
  for (const game of games) {
    if (game.playCount === 0) continue;
    if (group.length > 0 && inGroup + game.playCount > plays) {
      groups.push(group);
      group = [];
      inGroup = 0;
    }
    group.push(game.id);
    inGroup += game.playCount;
  }
  if (group.length > 0) groups.push(group);
  return groups;
}

/** Appends each row, mapped, to its game's list (in place: copying the list for each row made n plays cost n²). */
function appendByGame<T>(
  grouped: Map<number, T[]>,
  rows: readonly Row[],
  map: (row: Row) => T,
): Map<number, T[]> {
  for (const row of rows) {
    const id = Number(row.game_id);
    const list = grouped.get(id);
    if (list) list.push(map(row));
    else grouped.set(id, [map(row)]);
  }
  return grouped;
}

function storedGame(row: Row): StoredCardGame {
  return {
    id: Number(row.id),
    startedAt: Number(row.started_at),
    endedAt: Number(row.ended_at),
    clientGameId: row.client_game_id === null ? null : Number(row.client_game_id),
    deckCode: nullableText(row.deck_code),
    playerName: nullableText(row.player_name),
    opponentName: nullableText(row.opponent_name),
    result: resultOf(row.result),
    playCount: Number(row.play_count),
    opponentCardCount: Number(row.opponent_card_count),
  };
}

function nullableText(value: unknown): string | null {
  return value === null || value === undefined ? null : String(value);
}

function resultOf(value: unknown): CardGameResult {
  return value === 'win' || value === 'loss' ? value : 'unknown';
}
