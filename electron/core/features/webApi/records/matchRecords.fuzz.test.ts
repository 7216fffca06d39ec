import type { MatchView } from '@shared/contract';
import { describe } from 'vitest';
import { z } from 'zod';
import { matchV4Record, matchV5Record } from '../../../../simulator/webApi/webApiRecords';
import { createWebApiDataset } from '../../../../simulator/webApi/webApiDataset';
import { jsonInputs } from '../../../tools/testkit/fuzz/fuzzInputs';
import { fuzzParser, schemaProblem, type Parsed } from '../../../tools/testkit/fuzz/parserFuzz';
import { createWebApiService } from '../webApiService';

// A simulated ranked match, as both record versions write it.
const dataset = createWebApiDataset();
const player = dataset.players[0];
const gameId = player ? dataset.recentGameIds(player)[0] : undefined;
const match = player && gameId !== undefined ? dataset.match(player.platform, gameId) : null;
if (!match) throw new Error('the simulated web API has no match to sample');
// And an Arena match (teams by playerSubteamId), from the same player's recent list.
const arenaGameId = player ? dataset.recentGameIds(player)[3] : undefined;
const arena = player && arenaGameId !== undefined ? dataset.match(player.platform, arenaGameId) : null;
if (arena?.gameMode !== 'CHERRY') throw new Error('the simulated web API has no Arena match to sample');
const matchId = `${match.platform.toUpperCase()}_${match.gameId}`;

const count = z.number();
const participantView = z.object({
  riotId: z.string().nullable(),
  puuid: z.string(),
  championId: count,
  championName: z.string(),
  champLevel: count,
  spells: z.tuple([count, count]),
  runes: z.object({ keystone: count, secondaryTree: count }),
  items: z.array(count).length(7),
  kills: count,
  deaths: count,
  assists: count,
  cs: count,
  damageToChampions: count,
  gold: count,
  visionScore: count,
  position: z.string(),
  highestTierAchieved: z.string(),
});
/** MatchView as the match page reads it (the contract declares it as a type only). */
const matchViewSchema: z.ZodType<MatchView> = z.object({
  matchId: z.string(),
  platform: z.string(),
  queueId: count,
  queueLabel: z.string(),
  mapId: count,
  mapLabel: z.string(),
  gameMode: z.string(),
  durationSeconds: count,
  startedAt: count.nullable(),
  gameVersion: z.string(),
  tournamentCode: z.string(),
  apiVersion: z.enum(['v4', 'v5']),
  source: z.enum(['standard', 'tournament-code']),
  anonymised: z.boolean(),
  aborted: z.boolean(),
  teams: z.array(
    z.object({
      teamId: count,
      side: z.enum(['blue', 'red']),
      win: z.boolean(),
      kills: count,
      gold: count,
      objectives: z.object({
        towers: count,
        inhibitors: count,
        dragons: count,
        barons: count,
        heralds: count,
        voidGrubs: count,
      }),
      participants: z.array(participantView),
    }),
  ),
  subteams: z.array(
    z.object({
      subteamId: count,
      placement: count,
      kills: count,
      gold: count,
      participants: z.array(participantView),
    }),
  ),
});

/** The match lookup of the web API service, with the API answering `body`. */
async function lookUp(version: 'v4' | 'v5', body: unknown): Promise<Parsed<MatchView>> {
  const service = createWebApiService({
    client: { call: async () => ({ ok: true, value: body }) },
    version: () => version,
  });
  const result = await service.match(matchId, '');
  return result.ok ? result : { ok: false, message: result.problem.message };
}

describe('web API match records, fuzzed', () => {
  fuzzParser({
    name: 'web API match v5',
    inputs: jsonInputs([matchV5Record(match), matchV5Record(arena)]),
    parse: (body) => lookUp('v5', body),
    outputProblem: (view) => schemaProblem(matchViewSchema, view),
  });

  fuzzParser({
    name: 'web API match v4',
    inputs: jsonInputs([matchV4Record(match, false), matchV4Record(match, true)]),
    parse: (body) => lookUp('v4', body),
    outputProblem: (view) => schemaProblem(matchViewSchema, view),
  });
});
