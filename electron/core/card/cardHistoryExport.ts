import type { CardHistoryExport } from '@shared/contract';
import type { StoredCardGameDetail } from '../history/cardGameRecords';

/**
 * Card game history as a file the user keeps: CSV for spreadsheets, JSON with every detail. Opponents' names
 * are other people's: a file carries them (the `opponent` column, `opponentName`) only when asked.
 */

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

export function exportCardHistory(
  games: readonly StoredCardGameDetail[],
  format: 'csv' | 'json',
  options: CardHistoryExportOptions,
): CardHistoryExport {
  const day = new Date(options.now).toISOString().slice(0, 10);
  if (format === 'csv') {
    return {
      fileName: `sightline-card-history-${day}.csv`,
      mimeType: 'text/csv;charset=utf-8',
      content: historyCsv(games, options.includeOpponents),
      games: games.length,
    };
  }
  return {
    fileName: `sightline-card-history-${day}.json`,
    mimeType: 'application/json',
    content: `${JSON.stringify(historyJson(games, options), null, 2)}\n`,
    games: games.length,
  };
}

function historyCsv(games: readonly StoredCardGameDetail[], includeOpponents: boolean): string {
  const columns = CSV_COLUMNS.filter((column) => includeOpponents || column !== 'opponent');
  const rows = games.map((game) => {
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
  });
  // A byte-order mark so spreadsheet apps read names as UTF-8; CRLF as RFC 4180 has it.
  return `\uFEFF${[columns, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

/** Quotes what needs quoting, and defuses cells a spreadsheet would run as a formula (names are anyone's). */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

function historyJson(games: readonly StoredCardGameDetail[], options: CardHistoryExportOptions) {
  const card = (code: string) => ({ code, name: options.nameOf(code) });
  return {
    app: 'Sightline',
    kind: 'card-game-history',
    format: 1,
    exportedAt: new Date(options.now).toISOString(),
    games: games.map((game) => ({
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
    })),
  };
}

export function durationSeconds(game: { startedAt: number; endedAt: number }): number {
  return Math.max(0, Math.round((game.endedAt - game.startedAt) / 1000));
}
