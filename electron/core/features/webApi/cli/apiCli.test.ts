import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ApiVersion, MatchView } from '@shared/contract';
import {
  SIMULATOR_API_KEY,
  startWebApiSimulator,
  type RunningWebApiSimulator,
} from '../../../../simulator/webApi/webApiSimulator';
import { routerRemoteCore } from '../../../tools/testkit/remote/routerRemoteCore';
import { remoteApiCliLookups } from './remoteApiCliLookups';
import { createRequestRouter } from '../../../platform/router/requestRouter';
import { silentLogger } from '../../../platform/log/logger';
import { createHttpClient } from '../../../platform/net/httpClient';
import { realScheduler } from '../../../platform/polling/poller';
import { deskCreatedCodeIn } from '../../tournament/storage/deskCodeFile';
import { openTournamentStore, tournamentDbPath } from '../../tournament/storage/tournamentStore';
import { stubHandlers } from '../../../tools/testkit/stubHandlers';
import { openTestFeatureContext } from '../../../tools/testkit/testFeatureContext';
import { storedCode } from '../../../tools/testkit/tournament/storedFixtures';
import { createWebApiFeature } from '../webApiFeature';
import { createWebApiStack } from '../webApiStack';
import { apiCliLookupsOf, runApiCli, type ApiCliLookups } from './apiCli';
import { exitOnUsageError } from '../../../../cli/usageErrors';

let simulator: RunningWebApiSimulator;
const http = createHttpClient();
/** A data folder whose tournaments.db holds the codes this desk created. */
let dataDir: string;
/** A desk code that made no game of the simulator's. */
const DESK_CODE_OF_NO_GAME = 'NA-NOT-THE-CODE';

beforeAll(async () => {
  simulator = await startWebApiSimulator({ appLimits: '5:1,100:10' });
  dataDir = await mkdtemp(join(tmpdir(), 'sightline-api-cli-'));
  const store = await openTournamentStore(tournamentDbPath(dataDir));
  await store.saveCodes(
    [simulator.control.dataset.tournamentCodes[0]?.code ?? '', DESK_CODE_OF_NO_GAME].map((code) =>
      storedCode(code, { status: 'in-game' }),
    ),
  );
  store.close();
});
afterEach(() => simulator.control.reset());
afterAll(async () => {
  http.close();
  await simulator.close();
  await rm(dataDir, { recursive: true, force: true });
});

const run = (...argv: string[]) => runOn('v5', ...argv);

async function runOn(version: ApiVersion, ...argv: string[]) {
  return runIn(dataDir, version, ...argv);
}

/** Alone: this process's own client and limiter. Through the primary: the running Sightline's, over its router. */
type Path = 'alone' | 'through the running Sightline';
let path: Path = 'alone';

async function runIn(folder: string, version: ApiVersion, ...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const createdByDesk = (tournamentCode: string) => deskCreatedCodeIn(folder, tournamentCode);
  const { lookups, stop } =
    path === 'alone' ? aloneLookups(version, createdByDesk) : await primaryLookups(version, createdByDesk);
  try {
    const code = await runApiCli(argv, {
      lookups,
      version,
      out: (line) => out.push(line),
      err: (line) => err.push(line),
    }).catch((error: unknown) => exitOnUsageError('api', error, (line) => err.push(line)));
    return { code, out, err };
  } finally {
    await stop();
  }
}

function aloneLookups(version: ApiVersion, createdByDesk: (code: string) => Promise<boolean>) {
  const { service } = createWebApiStack({
    http,
    scheduler: realScheduler,
    logger: silentLogger,
    settings: () => ({ apiVersion: version, authMode: 'header' }),
    hostTemplate: simulator.baseTemplate,
    apiKey: async () => SIMULATOR_API_KEY,
  });
  const lookups: ApiCliLookups = apiCliLookupsOf(service, { version: () => version, createdByDesk });
  return { lookups, stop: async () => undefined };
}

/** A primary's web API feature (its key, limiter and desk) behind its router, and the CLI's lookups through it. */
async function primaryLookups(version: ApiVersion, createdByDesk: (code: string) => Promise<boolean>) {
  const primaryDir = await mkdtemp(join(tmpdir(), 'sightline-api-cli-primary-'));
  const context = await openTestFeatureContext({ dataDir: primaryDir, http });
  await context.settings.update({ webApi: { apiVersion: version } });
  const feature = createWebApiFeature(context, {
    keyStorage: { kind: 'plain-file', file: join(primaryDir, 'web-api-key') },
    environment: { apiKey: SIMULATOR_API_KEY, hostTemplate: simulator.baseTemplate },
    createdByDesk,
  });
  const remote = routerRemoteCore(createRequestRouter(stubHandlers(feature.handlers), silentLogger));
  return {
    lookups: remoteApiCliLookups(remote),
    stop: async () => {
      await feature.stop?.();
      await rm(primaryDir, { recursive: true, force: true });
    },
  };
}

describe.each<Path>(['alone', 'through the running Sightline'])('sightline api (%s)', (via) => {
  beforeAll(() => {
    path = via;
  });

  it('prints the account behind a Riot ID as one JSON line', async () => {
    const { code, out } = await run('account', 'Brightwater#NA1', '--region', 'americas');
    expect(code).toBe(0);
    expect(out).toHaveLength(1);
    expect(JSON.parse(out[0] ?? '')).toMatchObject({
      gameName: 'Brightwater',
      tagLine: 'NA1',
      region: 'americas',
    });
  });

  it('finds the Riot IDs real accounts have: tags with spaces, Thai names, each sent URL-encoded', async () => {
    const real: Array<[string, string, string]> = [
      ['天 使#KR 1', 'asia', '/asia/riot/account/v1/accounts/by-riot-id/%E5%A4%A9%20%E4%BD%BF/KR%201'],
      ['Sleep tight#z z', 'americas', '/americas/riot/account/v1/accounts/by-riot-id/Sleep%20tight/z%20z'],
      ['Melody#I L', 'europe', '/europe/riot/account/v1/accounts/by-riot-id/Melody/I%20L'],
      ['Noru1247#12 47', 'americas', '/americas/riot/account/v1/accounts/by-riot-id/Noru1247/12%2047'],
      ['น้ำ#TH2', 'asia', `/asia/riot/account/v1/accounts/by-riot-id/${encodeURIComponent('น้ำ')}/TH2`],
    ];
    for (const [riotId, region, path] of real) {
      simulator.control.reset();
      const { code, out, err } = await run('account', riotId, '--region', region);
      expect({ code, err }, riotId).toEqual({ code: 0, err: [] });
      const [gameName, tagLine] = riotId.split('#');
      expect(JSON.parse(out[0] ?? '')).toMatchObject({ gameName, tagLine, region });
      expect(simulator.control.requests().map((request) => request.path)).toEqual([path]);
    }
  });

  it('fetches many matches concurrently through the limiter, one JSON line each in the order given', async () => {
    const ids = Array.from({ length: 12 }, (_, index) => `NA1_${5_002_000_000 + index}`);
    const { code, out } = await run('match', ...ids);
    expect(code).toBe(0);
    expect(out.map((line) => (JSON.parse(line) as { matchId: string }).matchId)).toEqual(ids);
    expect(simulator.control.stats()).toMatchObject({ total: 12, rateLimited: 0 });
  }, 15_000);

  it('refuses a bad call with the reason, exits non-zero and sends nothing', async () => {
    const wrongRegion = await run('account', 'Brightwater#NA1', '--region', 'na1');
    expect(wrongRegion.code).toBe(2);
    expect(wrongRegion.err[0]).toMatch(
      /^sightline api: refused, nothing was sent: Wrong region for this endpoint/,
    );
    const oneBad = await run('match', 'NA1_5002000000', 'EUW1_7101004000', '--region', 'americas');
    expect(oneBad.code).toBe(2);
    expect(oneBad.err[0]).toMatch(/EUW1_7101004000 was played on euw1, so it is on europe, not americas/);
    expect(oneBad.out).toEqual([]);
    const badName = await run('summoner-by-name', 'no/slash', '--platform', 'euw1');
    expect(badName.code).toBe(2);
    const unknown = await run('summoner-by-name', 'Quiet Lantern', '--platform', 'oce1');
    expect(unknown.err[0]).toContain('Unknown platform "oce1". Did you mean oc1?');
    expect(simulator.control.requests()).toEqual([]);
  });

  it('looks up a legacy summoner name, and says what failed with a non-zero code', async () => {
    const found = await run('summoner-by-name', 'Quiet', 'Lantern', '--platform', 'euw1');
    expect(found.code).toBe(0);
    expect(JSON.parse(found.out[0] ?? '')).toMatchObject({ name: 'Quiet Lantern', platform: 'euw1' });
    const missing = await run('match', 'NA1_5002000000', 'NA1_999');
    expect(missing.code).toBe(1);
    expect(JSON.parse(missing.out[1] ?? '')).toEqual({
      matchId: 'NA1_999',
      error: 'Match NA1_999 was not found on americas.',
    });
  });

  it('prints a tournament game looked up by code with the same fields as match, and who played', async () => {
    const code = simulator.control.dataset.tournamentCodes[0]?.code ?? '';
    const riotIds = (line: string | undefined) =>
      (JSON.parse(line ?? '{}') as MatchView).teams.flatMap((team) => team.participants.map((p) => p.riotId));
    for (const version of ['v4', 'v5'] as const) {
      const standard = await runOn(version, 'match', 'NA1_5000900001');
      const byCode = await runOn(version, 'match-by-code', 'NA1_5000900001', '--code', code);
      expect(byCode).toMatchObject({ code: 0, err: [] });
      expect(byCode.out).toHaveLength(1);
      const view = JSON.parse(byCode.out[0] ?? '{}') as MatchView;
      expect(Object.keys(view).sort()).toEqual(
        Object.keys(JSON.parse(standard.out[0] ?? '{}') as object).sort(),
      );
      expect(view).toMatchObject({ matchId: 'NA1_5000900001', source: 'tournament-code', anonymised: false });
      expect(riotIds(byCode.out[0]).every((id) => typeof id === 'string' && id !== '')).toBe(true);
      if (version === 'v4') expect(riotIds(standard.out[0]).every((id) => id === null)).toBe(true);
    }
  });

  it('match-by-code: a wrong code exits 1, bad usage or a bad code exits 2 with nothing sent', async () => {
    const wrong = await runOn('v4', 'match-by-code', 'NA1_5000900001', '--code', 'NA-NOT-THE-CODE');
    expect(wrong).toEqual({
      code: 1,
      out: [],
      err: ['sightline api: Match NA1_5000900001 was not played with the tournament code NA-NOT-THE-CODE.'],
    });
    simulator.control.reset();
    const noCode = await run('match-by-code', 'NA1_5000900001');
    expect(noCode.code).toBe(2);
    expect(noCode.err).toEqual([
      'sightline api: match-by-code needs one <matchId> and --code (see sightline api --help)',
    ]);
    expect((await run('match-by-code', '--code', 'NA-CODE')).code).toBe(2);
    expect((await run('match-by-code', 'NA1_1', 'NA1_2', '--code', 'NA-CODE')).code).toBe(2);
    const badCode = await run('match-by-code', 'NA1_5000900001', '--code', 'no/slash');
    expect(badCode.code).toBe(2);
    expect(badCode.err[0]).toMatch(
      /^sightline api: refused, nothing was sent: "no\/slash" is not a tournament code/,
    );
    const wrongRegion = await run(
      'match-by-code',
      'NA1_5000900001',
      '--code',
      'NA-CODE',
      '--region',
      'europe',
    );
    expect(wrongRegion.code).toBe(2);
    expect(simulator.control.requests()).toEqual([]);
  });

  it('match-by-code: a code this desk did not create exits 1 with the reason, and nothing is sent', async () => {
    // The simulator's code that did make the game, but not in this desk's tournaments.db.
    const code = simulator.control.dataset.tournamentCodes[0]?.code ?? '';
    const empty = await mkdtemp(join(tmpdir(), 'sightline-api-cli-'));
    try {
      for (const version of ['v4', 'v5'] as const) {
        const refused = await runIn(empty, version, 'match-by-code', 'NA1_5000900001', '--code', code);
        expect(refused).toEqual({
          code: 1,
          out: [],
          err: [
            `sightline api: The tournament code ${code} was not created by this desk (it is not in tournaments.db): only games of your own tournament codes are looked up by code.`,
          ],
        });
      }
      // Asking creates no database.
      expect(await readdir(empty)).toEqual([]);
      const other = await runOn('v5', 'match-by-code', 'NA1_5000900001', '--code', 'NA-MADE-ELSEWHERE');
      expect(other.code).toBe(1);
      expect(other.err[0]).toContain('NA-MADE-ELSEWHERE was not created by this desk');
      expect(simulator.control.requests()).toEqual([]);
    } finally {
      await rm(empty, { recursive: true, force: true });
    }
  });

  it('explains its usage', async () => {
    const { code, err } = await run('account', 'Brightwater#NA1');
    expect(code).toBe(2);
    expect(err[0]).toContain('account needs <gameName#tagLine> and --region');
  });
});
