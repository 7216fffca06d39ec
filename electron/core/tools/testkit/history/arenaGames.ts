import type { ArenaGameSummary } from '../../../features/history/arenaGameRecords';

/** A won 30-minute Summoner's Rift game as the arena recorder stores it, changed by `overrides`. */
export function arenaGameSummary(
  startedAt: number,
  overrides: Partial<ArenaGameSummary> = {},
): ArenaGameSummary {
  return {
    startedAt,
    durationSeconds: 1800,
    champion: 'Ahri',
    kills: 4,
    deaths: 1,
    assists: 7,
    creepScore: 180,
    result: 'win',
    mode: 'CLASSIC',
    mapNumber: 11,
    queueLabel: "Summoner's Rift",
    ...overrides,
  };
}
