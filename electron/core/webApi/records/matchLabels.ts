/**
 * Names for queue and map IDs. The static-data feature's game constants (queues.json, maps.json)
 * answer these; until they are loaded, a few common ones keep the page readable.
 */
export interface MatchLabels {
  queue(queueId: number): string | null;
  map(mapId: number): string | null;
}

/**
 * Queues the static data may lack (new or rotating modes), named as the game names them. The static data's
 * own name wins whenever it has one.
 */
const COMMON_QUEUES = new Map<number, string>([
  [0, 'Custom game'],
  [400, '5v5 Draft Pick'],
  [420, '5v5 Ranked Solo/Duo'],
  [430, '5v5 Blind Pick'],
  [440, '5v5 Ranked Flex'],
  [450, '5v5 ARAM'],
  [480, 'Swiftplay'],
  [490, 'Quickplay'],
  [700, 'Clash'],
  [720, 'ARAM Clash'],
  [830, 'Co-op vs. AI'],
  [840, 'Co-op vs. AI'],
  [850, 'Co-op vs. AI'],
  [870, 'Co-op vs. AI'],
  [880, 'Co-op vs. AI'],
  [890, 'Co-op vs. AI'],
  [900, 'ARURF'],
  [1010, 'Snow ARURF'],
  [1020, 'One for All'],
  [1300, 'Nexus Blitz'],
  [1400, 'Ultimate Spellbook'],
  [1700, 'Arena'],
  [1710, 'Arena'],
  [1810, 'Swarm'],
  [1820, 'Swarm'],
  [1830, 'Swarm'],
  [1840, 'Swarm'],
  [1900, 'Pick URF'],
  [2300, 'Brawl'],
]);

/** A queue neither table knows is named by its game mode when that is one of these. */
const GAME_MODES = new Map<string, string>([
  ['ARAM', 'ARAM'],
  ['CHERRY', 'Arena'],
  ['STRAWBERRY', 'Swarm'],
  ['SWIFTPLAY', 'Swiftplay'],
  ['URF', 'URF'],
  ['ARURF', 'ARURF'],
  ['ULTBOOK', 'Ultimate Spellbook'],
  ['ONEFORALL', 'One for All'],
  ['NEXUSBLITZ', 'Nexus Blitz'],
  ['BRAWL', 'Brawl'],
]);

const COMMON_MAPS = new Map<number, string>([
  [11, "Summoner's Rift"],
  [12, 'Howling Abyss'],
  [30, 'Rings of Wrath'],
]);

export const COMMON_MATCH_LABELS: MatchLabels = {
  queue: (queueId) => COMMON_QUEUES.get(queueId) ?? null,
  map: (mapId) => COMMON_MAPS.get(mapId) ?? null,
};

/** Queues whose games the standard endpoint does not anonymise (spec 1 §4: ranked only). */
export const RANKED_QUEUES: ReadonlySet<number> = new Set([410, 420, 440, 470]);

/** The injected labels first, then the built-in ones, then the game mode, then the bare ID. */
export function labelQueue(labels: MatchLabels | null, queueId: number, gameMode = ''): string {
  return (
    labels?.queue(queueId) ??
    COMMON_MATCH_LABELS.queue(queueId) ??
    GAME_MODES.get(gameMode) ??
    `Queue ${queueId}`
  );
}

export function labelMap(labels: MatchLabels | null, mapId: number): string {
  return labels?.map(mapId) ?? COMMON_MATCH_LABELS.map(mapId) ?? `Map ${mapId}`;
}
