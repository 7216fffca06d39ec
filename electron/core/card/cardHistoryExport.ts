import type { StoredCardGameDetail } from '../history/cardGameRecords';

/**
 * Card game history as a file the user keeps: CSV for spreadsheets, JSON with every detail. Opponents' names
 * are other people's: a file carries them (the `opponent` column, `opponentName`) only when asked.
 */

export type CardHistoryFormat = 'csv' | 'json';

export interface CardHistoryExportOptions {
  now: number;
  nameOf(code: string): string | null;
  includeOpponents: boolean;
}

const CSV_COLUMNS = [
  'id',
  'started_at',
  'ended_at',
  'duration_seconds',
  'result',
  'deck_code',
  'player',
  'opponent',
  'client_game_id',
  'deck',
  'plays',
  'opponent_cards_seen',
] as const;

/** The file's name and type, as the user's download gets them. */
export function exportFileOf(format: CardHistoryFormat, now: number): { fileName: string; mimeType: string } {
  const day = new Date(now).toISOString().slice(0, 10);
  return format === 'csv'
    ? { fileName: `sightline-card-history-${day}.csv`, mimeType: 'text/csv;charset=utf-8' }
    : { fileName: `sightline-card-history-${day}.json`, mimeType: 'application/json' };
}

/**
 * A file in three parts, so it can be written a page of games at a time: `head` once, `games` for each page
 * (told whether games were written before), `tail` once (told whether any were). Joined, the parts are the
 * one document the whole history would make at once, byte for byte.
 */
export interface CardHistoryFileParts {
  head(): string;
  games(page: readonly StoredCardGameDetail[], afterOthers: boolean): string;
  tail(anyGames: boolean): string;
}

export function cardHistoryFileParts(
  format: CardHistoryFormat,
  options: CardHistoryExportOptions,
): CardHistoryFileParts {
  return format === 'csv' ? csvParts(options.includeOpponents) : jsonParts(options);
}

function csvParts(includeOpponents: boolean): CardHistoryFileParts {
  const columns = CSV_COLUMNS.filter((column) => includeOpponents || column !== 'opponent');
  const line = (row: readonly string[]) => `${row.map(csvCell).join(',')}\r\n`;
  return {
    // A byte-order mark so spreadsheet apps read names as UTF-8; CRLF after every line as RFC 4180 has it.
    head: () => `\uFEFF${line(columns)}`,
    games: (page) => page.map((game) => line(csvRow(game, columns))).join(''),
    tail: () => '',
  };
}

function csvRow(game: StoredCardGameDetail, columns: readonly (typeof CSV_COLUMNS)[number][]): string[] {
  const cells: Record<(typeof CSV_COLUMNS)[number], string> = {
    id: String(game.id),
    started_at: new Date(game.startedAt).toISOString(),
    ended_at: new Date(game.endedAt).toISOString(),
    duration_seconds: String(durationSeconds(game)),
    result: game.result,
    deck_code: game.deckCode ?? '',
    player: game.playerName ?? '',
    opponent: game.opponentName ?? '',
    client_game_id: game.clientGameId === null ? '' : String(game.clientGameId),
    // count:cardCode, as `sightline deck encode` reads them.
    deck: game.deck.map((card) => `${card.count}:${card.code}`).join(' '),
    plays: game.plays.map((play) => play.code).join(' '),
    opponent_cards_seen: game.opponentCards.map((card) => `${card.count}:${card.code}`).join(' '),
  };
  return columns.map((column) => cells[column]);
}

/** Quotes what needs quoting, and defuses cells a spreadsheet would run as a formula (names are anyone's). */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/**
 * `JSON.stringify(document, null, 2)` of `{ app, kind, format, exportedAt, games }` in parts: the head up to the
 * games' `[`, each game as its own stringify indented to its depth in the array, and the closing brackets.
 */
function jsonParts(options: CardHistoryExportOptions): CardHistoryFileParts {
  const header = {
    app: 'Sightline',
    kind: 'card-game-history',
    format: 1,
    exportedAt: new Date(options.now).toISOString(),
    games: [],
  };
  const empty = JSON.stringify(header, null, 2);
  const emptyGames = '[]\n}';
  return {
    head: () => empty.slice(0, -emptyGames.length + 1),
    games: (page, afterOthers) =>
      page
        .map((game, index) => {
          const item = JSON.stringify(gameJson(game, options), null, 2).replace(/^/gm, '    ');
          return `${afterOthers || index > 0 ? ',' : ''}\n${item}`;
        })
        .join(''),
    tail: (anyGames) => (anyGames ? '\n  ]\n}\n' : ']\n}\n'),
  };
}

function gameJson(game: StoredCardGameDetail, options: CardHistoryExportOptions) {
  const card = (code: string) => ({ code, name: options.nameOf(code) });
  return {
    id: game.id,
    startedAt: new Date(game.startedAt).toISOString(),
    endedAt: new Date(game.endedAt).toISOString(),
    durationSeconds: durationSeconds(game),
    result: game.result,
    deckCode: game.deckCode,
    playerName: game.playerName,
    ...(options.includeOpponents ? { opponentName: game.opponentName } : {}),
    clientGameId: game.clientGameId,
    deck: game.deck.map((entry) => ({ ...card(entry.code), count: entry.count })),
    plays: game.plays.map((play) => ({ ...card(play.code), at: new Date(play.at).toISOString() })),
    opponentCardsSeen: game.opponentCards.map((entry) => ({
      ...card(entry.code),
      count: entry.count,
      firstSeenAt: new Date(entry.firstSeenAt).toISOString(),
    })),
  };
}

export function durationSeconds(game: { startedAt: number; endedAt: number }): number {
  return Math.max(0, Math.round((game.endedAt - game.startedAt) / 1000));
}
