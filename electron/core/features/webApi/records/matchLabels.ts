import { queueName, queueNameFromDescription } from '@shared/contract/queueNames';

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

/** The built-in names (shared/contract/queueNames.ts), every view's first source for a queue's name. */
export const COMMON_MATCH_LABELS: MatchLabels = {
  queue: queueName,
  map: (mapId) => COMMON_MAPS.get(mapId) ?? null,
};

/** Queues whose games the standard endpoint does not anonymise (spec 1 §4: ranked only). */
export const RANKED_QUEUES: ReadonlySet<number> = new Set([410, 420, 440, 470]);

/**
 * A queue's one name (shared/contract/queueNames.ts): the shared table's, else the injected labels' description
 * shortened the same way, then the game mode, then the bare ID. The table comes first so the ranked block, which
 * names queues by the same table, reads the same whether or not static data is loaded.
 */
export function labelQueue(labels: MatchLabels | null, queueId: number, gameMode = ''): string {
  return (
    COMMON_MATCH_LABELS.queue(queueId) ??
    queueNameFromDescription(labels?.queue(queueId)) ??
    GAME_MODES.get(gameMode) ??
    `Queue ${queueId}`
  );
}

export function labelMap(labels: MatchLabels | null, mapId: number): string {
  return labels?.map(mapId) ?? COMMON_MATCH_LABELS.map(mapId) ?? `Map ${mapId}`;
}
