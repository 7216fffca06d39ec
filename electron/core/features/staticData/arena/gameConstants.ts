import { z } from 'zod';
import { int, str } from '../../../platform/parsing/omission';
import type { GameConstantFile } from './arenaPaths';

/** Game constants (spec §2.3, reference §3.4) and the labels the UI shows for ids found in match data. */

const nullableText = () => z.string().nullable().default(null);

export const gameConstantSchemas = {
  seasons: z.array(z.object({ id: int(), season: str() })),
  queues: z.array(
    z.object({ queueId: z.number().int(), map: str(), description: nullableText(), notes: nullableText() }),
  ),
  maps: z.array(z.object({ mapId: z.number().int(), mapName: str(), notes: str() })),
  gameModes: z.array(z.object({ gameMode: z.string(), description: str() })),
  gameTypes: z.array(z.object({ gameType: z.string(), description: str() })),
} satisfies Record<GameConstantFile, z.ZodType>;

export type GameConstants = { [K in GameConstantFile]: z.output<(typeof gameConstantSchemas)[K]> };

export const EMPTY_GAME_CONSTANTS: GameConstants = {
  seasons: [],
  queues: [],
  maps: [],
  gameModes: [],
  gameTypes: [],
};

export interface GameConstantLabels {
  /** "5v5 Ranked Solo games"; the map name when the queue has no description (custom games); null if unknown. */
  queue(queueId: number): string | null;
  map(mapId: number): string | null;
  season(seasonId: number): string | null;
  gameMode(gameMode: string): string | null;
  gameType(gameType: string): string | null;
}

export function createGameConstantLabels(constants: GameConstants): GameConstantLabels {
  const queues = new Map(constants.queues.map((queue) => [queue.queueId, queue]));
  const maps = new Map(constants.maps.map((map) => [map.mapId, map.mapName]));
  const seasons = new Map(constants.seasons.map((season) => [season.id, season.season]));
  const modes = new Map(constants.gameModes.map((mode) => [mode.gameMode, mode.description]));
  const types = new Map(constants.gameTypes.map((type) => [type.gameType, type.description]));
  return {
    queue: (queueId) => {
      const queue = queues.get(queueId);
      if (!queue) return null;
      return queue.description?.trim() || queue.map || null;
    },
    map: (mapId) => maps.get(mapId) || null,
    season: (seasonId) => seasons.get(seasonId) || null,
    gameMode: (gameMode) => modes.get(gameMode) || null,
    gameType: (gameType) => types.get(gameType) || null,
  };
}
