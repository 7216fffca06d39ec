/**
 * Faction ids in deck codes and the deck code version that introduced each
 * (RiotGames/LoRDeckCodes, LoRDeckEncoder.cs). Ids 8 and 11 were never used.
 */
export const FACTIONS = [
  { code: 'DE', id: 0, version: 1 },
  { code: 'FR', id: 1, version: 1 },
  { code: 'IO', id: 2, version: 1 },
  { code: 'NX', id: 3, version: 1 },
  { code: 'PZ', id: 4, version: 1 },
  { code: 'SI', id: 5, version: 1 },
  { code: 'BW', id: 6, version: 2 },
  { code: 'MT', id: 9, version: 2 },
  { code: 'SH', id: 7, version: 3 },
  { code: 'BC', id: 10, version: 4 },
  { code: 'RU', id: 12, version: 5 },
] as const;

export type FactionCode = (typeof FACTIONS)[number]['code'];
export type Faction = (typeof FACTIONS)[number];

const byCode = new Map<string, Faction>(FACTIONS.map((faction) => [faction.code, faction]));
const byId = new Map<number, Faction>(FACTIONS.map((faction) => [faction.id, faction]));

export function factionByCode(code: string): Faction | undefined {
  return byCode.get(code);
}

export function factionById(id: number): Faction | undefined {
  return byId.get(id);
}
