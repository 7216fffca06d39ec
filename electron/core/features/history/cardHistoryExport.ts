import type { StoredCardGameDetail } from './cardGameRecords';
import {
  csvFileParts,
  jsonFileParts,
  type HistoryFileFormat,
  type HistoryFileParts,
} from './historyFileFormats';

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

/** The card history's file parts in either format. */
export function cardHistoryFileParts(
  format: HistoryFileFormat,
  options: CardHistoryExportOptions,
): HistoryFileParts<StoredCardGameDetail> {
  if (format === 'json')
    return jsonFileParts('card-game-history', options.now, (game) => gameJson(game, options));
  const columns = CSV_COLUMNS.filter((column) => options.includeOpponents || column !== 'opponent');
  return csvFileParts(columns, csvCells);
}

function csvCells(game: StoredCardGameDetail): Record<(typeof CSV_COLUMNS)[number], string> {
  return {
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
