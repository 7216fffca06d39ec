import {
  LIVE_MAP_LABELS,
  LIVE_MODE_LABELS,
  type LiveGameState,
  type LiveGameSummary,
} from '@shared/contract';
import { ownEntry } from '../../platform/parsing/ownEntry';

/** The local player's finished game, for the match history (issue item 8). */

/** Labels from the game constants (static data), when they are loaded. */
export interface GameModeLabels {
  gameMode(gameMode: string): string | null;
  map(mapId: number): string | null;
}

/**
 * A readable label of the mode: the map for classic games, else the mode's short name; the constants'
 * descriptions stand in for modes without one.
 */
export function describeQueue(gameMode: string, mapNumber: number, labels: GameModeLabels | null): string {
  if (gameMode === 'CLASSIC' || gameMode === '') {
    const map = labels?.map(mapNumber) ?? LIVE_MAP_LABELS[mapNumber];
    if (map) return map;
  }
  return ownEntry(LIVE_MODE_LABELS, gameMode) ?? labels?.gameMode(gameMode) ?? (gameMode || 'Unknown mode');
}

export interface SummaryFacts {
  endedAt: number;
  durationSeconds: number;
  result: 'win' | 'lose' | null;
  queueLabel: string;
}

/** Null in spectator mode or when the local player is not (yet) known. */
export function summarizeGame(game: LiveGameState, facts: SummaryFacts): LiveGameSummary | null {
  if (game.spectator) return null;
  const local = game.players.find((player) => player.isLocal);
  if (!local) return null;
  return {
    endedAt: facts.endedAt,
    durationSeconds: Math.round(facts.durationSeconds),
    result: facts.result,
    gameMode: game.gameMode,
    mapNumber: game.mapNumber,
    queueLabel: facts.queueLabel,
    playerId: local.id,
    championKey: local.championKey,
    championName: local.championName,
    kills: local.kills,
    deaths: local.deaths,
    assists: local.assists,
    creepScore: local.creepScore,
  };
}

/** Identifies a game's summary, so a game rebuilt after a reconnect is not saved twice. */
export function summaryKey(summary: LiveGameSummary): string {
  return [summary.playerId, summary.championKey, summary.gameMode, summary.durationSeconds].join('|');
}
