/**
 * Names for queue and map IDs. The static-data feature's game constants (queues.json, maps.json)
 * answer these; until they are loaded, a few common ones keep the page readable.
 */
export interface MatchLabels {
  queue(queueId: number): string | null;
  map(mapId: number): string | null;
}

const COMMON_QUEUES = new Map<number, string>([
  [0, 'Custom game'],
  [400, '5v5 Draft Pick'],
  [420, '5v5 Ranked Solo/Duo'],
  [430, '5v5 Blind Pick'],
  [440, '5v5 Ranked Flex'],
  [450, '5v5 ARAM'],
  [490, 'Quickplay'],
  [700, 'Clash'],
  [1700, 'Arena'],
  [1900, 'Pick URF'],
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

/** The injected labels first, then the common ones, then the bare ID. */
export function labelQueue(labels: MatchLabels | null, queueId: number): string {
  return labels?.queue(queueId) ?? COMMON_MATCH_LABELS.queue(queueId) ?? `Queue ${queueId}`;
}

export function labelMap(labels: MatchLabels | null, mapId: number): string {
  return labels?.map(mapId) ?? COMMON_MATCH_LABELS.map(mapId) ?? `Map ${mapId}`;
}
