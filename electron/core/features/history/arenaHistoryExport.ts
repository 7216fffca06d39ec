import type { StoredArenaGame } from './arenaGameRecords';
import { arenaGameQueue } from './arenaQueue';
import {
  csvFileParts,
  jsonFileParts,
  type HistoryFileFormat,
  type HistoryFileParts,
} from './historyFileFormats';

/** Arena game history as a file the user keeps: the local player's own line of each game, as the game showed it. */

const CSV_COLUMNS = [
  'id',
  'started_at',
  'duration_seconds',
  'result',
  'champion',
  'queue',
  'game_mode',
  'kills',
  'deaths',
  'assists',
  'creep_score',
  'player',
] as const;

export function arenaHistoryFileParts(
  format: HistoryFileFormat,
  now: number,
): HistoryFileParts<StoredArenaGame> {
  return format === 'json'
    ? jsonFileParts('arena-game-history', now, gameJson)
    : csvFileParts(CSV_COLUMNS, csvCells);
}

function csvCells(game: StoredArenaGame): Record<(typeof CSV_COLUMNS)[number], string> {
  return {
    id: String(game.id),
    started_at: new Date(game.startedAt).toISOString(),
    duration_seconds: String(Math.round(game.durationSeconds)),
    result: game.result,
    champion: game.champion,
    queue: arenaGameQueue(game),
    game_mode: game.mode,
    kills: String(game.kills),
    deaths: String(game.deaths),
    assists: String(game.assists),
    creep_score: String(game.creepScore),
    player: game.playerId,
  };
}

function gameJson(game: StoredArenaGame) {
  return {
    id: game.id,
    startedAt: new Date(game.startedAt).toISOString(),
    durationSeconds: Math.round(game.durationSeconds),
    result: game.result,
    champion: game.champion,
    championKey: game.championKey,
    queue: arenaGameQueue(game),
    gameMode: game.mode,
    mapNumber: game.mapNumber,
    matchId: game.matchId,
    queueId: game.queueId,
    kills: game.kills,
    deaths: game.deaths,
    assists: game.assists,
    creepScore: game.creepScore,
    player: game.playerId,
  };
}
