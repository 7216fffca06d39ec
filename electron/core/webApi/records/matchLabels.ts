import { queueName } from '@shared/contract/queueNames';

/**
 * Names for queue and map IDs. The static-data feature's game constants (queues.json, maps.json)
 * answer these; until they are loaded, a few common ones keep the page readable.
 */
export interface MatchLabels {
  queue(queueId: number): string | null;
  map(mapId: number): string | null;
}

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

/** The built-in names (shared/contract/queueNames.ts) for queues the static data may lack; its own name wins. */
export const COMMON_MATCH_LABELS: MatchLabels = {
  queue: queueName,
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
