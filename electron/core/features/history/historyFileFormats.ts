/**
 * The shapes of a history file the user keeps, either game's: CSV for spreadsheets, JSON with every detail. A
 * file is made in three parts so it can be written a page of games at a time (see writeHistoryFile).
 */

export type HistoryFileFormat = 'csv' | 'json';

/**
 * `head` once, `games` for each page (told whether games were written before), `tail` once (told whether any
 * were). Joined, the parts are the one document the whole history would make at once, byte for byte.
 */
export interface HistoryFileParts<Game> {
  head(): string;
  games(page: readonly Game[], afterOthers: boolean): string;
  tail(anyGames: boolean): string;
}

/** The file's name and type, as the user's download gets them: `sightline-<kind>-<day>.<format>`. */
export function historyFileOf(
  kind: 'card-history' | 'arena-history',
  format: HistoryFileFormat,
  now: number,
): { fileName: string; mimeType: string } {
  const day = new Date(now).toISOString().slice(0, 10);
  return format === 'csv'
    ? { fileName: `sightline-${kind}-${day}.csv`, mimeType: 'text/csv;charset=utf-8' }
    : { fileName: `sightline-${kind}-${day}.json`, mimeType: 'application/json' };
}

/** A CSV of these columns, each game's cells by column. */
export function csvFileParts<Game, Column extends string>(
  columns: readonly Column[],
  cellsOf: (game: Game) => Record<Column, string>,
): HistoryFileParts<Game> {
  const line = (row: readonly string[]) => `${row.map(csvCell).join(',')}\r\n`;
  return {
    // A byte-order mark so spreadsheet apps read names as UTF-8; CRLF after every line as RFC 4180 has it.
    head: () => `\uFEFF${line(columns)}`,
    games: (page) =>
      page
        .map((game) => {
          const cells = cellsOf(game);
          return line(columns.map((column) => cells[column]));
        })
        .join(''),
    tail: () => '',
  };
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
export function jsonFileParts<Game>(
  kind: 'card-game-history' | 'arena-game-history',
  now: number,
  itemOf: (game: Game) => unknown,
): HistoryFileParts<Game> {
  const header = { app: 'Sightline', kind, format: 1, exportedAt: new Date(now).toISOString(), games: [] };
  const empty = JSON.stringify(header, null, 2);
  const emptyGames = '[]\n}';
  return {
    head: () => empty.slice(0, -emptyGames.length + 1),
    games: (page, afterOthers) =>
      page
        .map((game, index) => {
          const item = JSON.stringify(itemOf(game), null, 2).replace(/^/gm, '    ');
          return `${afterOthers || index > 0 ? ',' : ''}\n${item}`;
        })
        .join(''),
    tail: (anyGames) => (anyGames ? '\n  ]\n}\n' : ']\n}\n'),
  };
}
