import { z } from 'zod';
import { int, list, num, str } from '../parsing/omission';

// Loose objects: the client adds fields between patches, and we must not reject it for that.
export const gameStatsSchema = z.looseObject({
  gameMode: str(),
  gameTime: num(),
  mapName: str(),
  mapNumber: int(),
  mapTerrain: str(),
});

export const liveEventSchema = z.looseObject({
  EventID: int(),
  EventName: str(),
  EventTime: num(),
});

export const eventDataSchema = z.looseObject({ Events: list(liveEventSchema) });

export type GameStats = z.output<typeof gameStatsSchema>;
export type LiveEvent = z.output<typeof liveEventSchema>;
