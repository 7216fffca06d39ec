import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { KeyKind } from '@shared/contract';
import {
  SIMULATOR_API_KEY,
  startWebApiSimulator,
  type RunningWebApiSimulator,
} from '../../../../simulator/webApi/webApiSimulator';
import { deskOfPrimary, runTournamentCommand } from './tournamentCommand';
import { routerRemoteCore } from '../../../tools/testkit/remote/routerRemoteCore';
import { createRequestRouter } from '../../../platform/router/requestRouter';
import { silentLogger } from '../../../platform/log/logger';
import { createHttpClient } from '../../../platform/net/httpClient';
import { readEnvironment } from '../../../platform/settings/environment';
import { SettingsStore } from '../../../platform/settings/settingsStore';
import { stubHandlers } from '../../../tools/testkit/stubHandlers';
import { openSimulatedDesk } from '../../../tools/testkit/tournament/simulatedDesk';
import { runTournamentCli } from './tournamentCli';

/**
 * Which tournament API the command line calls, said on stderr before anything is sent, and the key's
 * confirmation from the command line: alone (the command's own desk) and through the running Sightline.
 */

type Via = 'alone' | 'through the running Sightline';
const CALLBACK_URL = 'http://cb.organizer.org/tournament/callback';
const http = createHttpClient();
let simulator: RunningWebApiSimulator;
let dataDir: string;
const stops: (() => Promise<void>)[] = [];

beforeAll(async () => {
  simulator = await startWebApiSimulator({ appLimits: '100:1,1000:10' });
});
afterAll(async () => {
  http.close();
  await simulator.close();
});
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'sightline-tournament-api-cli-'));
});
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
  simulator.control.reset();
  await rm(dataDir, { recursive: true, force: true });
});

interface Ran {
  code: number;
  out: string[];
  err: string[];
  /** Requests the simulator had seen when each stderr line was printed. */
  seenAtErr: number[];
}

/**
 * A command line on `dataDir` whose key kind is `keyKind`: alone (its own desk, key from the environment), or
 * with a running Sightline on `dataDir` whose desk answers (its own settings, key and limiter).
 */
async function commandLine(via: Via, keyKind: KeyKind) {
  const settingsFile = join(dataDir, 'settings.json');
  let primaryDesk: ReturnType<typeof deskOfPrimary> | null = null;
  if (via === 'alone') {
    const settings = await SettingsStore.open(settingsFile, readEnvironment({}), silentLogger);
    await settings.update({ webApi: { keyKind } });
  } else {
    const { feature, close } = await openSimulatedDesk({
      dataDir,
      http,
      hostTemplate: simulator.baseTemplate,
      apiKey: SIMULATOR_API_KEY,
      webApi: { keyKind },
    });
    stops.push(close);
    primaryDesk = deskOfPrimary(
      routerRemoteCore(createRequestRouter(stubHandlers(feature.handlers), silentLogger)),
    );
  }
  const run = async (...argv: string[]): Promise<Ran> => {
    const out: string[] = [];
    const err: string[] = [];
    const seenAtErr: number[] = [];
    const io = {
      out: (line: string) => out.push(line),
      err: (line: string) => {
        err.push(line);
        seenAtErr.push(simulator.control.requests().length);
      },
    };
    const desk = primaryDesk;
    const code =
      desk === null
        ? await runTournamentCommand(argv, {
            ...io,
            env: {
              SIGHTLINE_DATA_DIR: dataDir,
              SIGHTLINE_WEB_API_BASE: simulator.baseTemplate,
              SIGHTLINE_API_KEY: SIMULATOR_API_KEY,
            },
          })
        : await runTournamentCli(argv, {
            ...io,
            openDesk: async () => desk,
            startReceiver: () => Promise.reject(new Error('not part of this test')),
            untilStopped: async () => undefined,
            sleep: async () => false,
            stopSignal: () => null,
          });
    return { code, out, err, seenAtErr };
  };
  const confirmedInFile = async (): Promise<boolean> =>
    (JSON.parse(await readFile(settingsFile, 'utf8')) as { webApi: { tournamentKeyConfirmed: boolean } })
      .webApi.tournamentKeyConfirmed;
  return { run, confirmedInFile };
}

const stubLine = (via: Via): string =>
  via === 'alone'
    ? 'using the tournament stub (stub-v5): your key is not confirmed as a tournament key; add --tournament-key to use the real tournament API'
    : "using the tournament stub (stub-v5): the running Sightline's key is not confirmed as a tournament key";

describe.each<Via>(['alone', 'through the running Sightline'])('sightline tournament (%s)', (via) => {
  it('says on stderr that a production key on a fresh data folder gets the stub, before the simulator sees a request', async () => {
    const { run } = await commandLine(via, 'production');
    const created = await run('provider', 'create', '--region', 'NA', '--url', CALLBACK_URL);
    expect(created.code).toBe(0);
    expect(created.err[0]).toContain(stubLine(via));
    expect(created.seenAtErr[0]).toBe(0);
    expect(simulator.control.requests().map((request) => request.endpoint)).toEqual([
      'tournament-stub-v5.providers',
    ]);
  });

  it('confirm-key keeps the setting, and the real tournament API is used and said from then on; --off withdraws it', async () => {
    const { run, confirmedInFile } = await commandLine(via, 'production');
    const confirmed = await run('confirm-key');
    expect(confirmed.code).toBe(0);
    expect(JSON.parse(confirmed.out[0] ?? '{}')).toEqual({ kind: 'v5', stubBecause: null });
    expect(confirmed.err).toEqual(['from now on: the tournament API (v5)']);
    expect(await confirmedInFile()).toBe(true);

    const created = await run('provider', 'create', '--region', 'NA', '--url', CALLBACK_URL);
    expect(created.code).toBe(0);
    expect(created.err[0]).toBe('using the tournament API (v5)');
    expect(simulator.control.tournament.providers().map((provider) => provider.kind)).toEqual(['v5']);

    const withdrawn = await run('confirm-key', '--off');
    expect(withdrawn.code).toBe(0);
    expect(JSON.parse(withdrawn.out[0] ?? '{}')).toEqual({ kind: 'stub-v5', stubBecause: 'not-confirmed' });
    expect(await confirmedInFile()).toBe(false);
  });

  it('refuses to confirm a development key, and keeps the setting off', async () => {
    const { run, confirmedInFile } = await commandLine(via, 'development');
    const refused = await run('confirm-key');
    expect(refused.code).toBe(1);
    expect(refused.err[0]).toContain('A development key cannot be confirmed as a tournament key');
    expect(await confirmedInFile()).toBe(false);
    const created = await run('provider', 'create', '--region', 'NA', '--url', CALLBACK_URL);
    expect(created.err[0]).toMatch(
      /^using the tournament stub \(stub-v5\): a development key may call the stub only/,
    );
  });

  it('results --fetch on the stub says up front that the stub has no results by code, and sends nothing', async () => {
    const { run } = await commandLine(via, 'personal');
    const fetched = await run('results', '--fetch', '--code', 'NA0a1b2-11111111-2222-4333-a444-555555555555');
    expect(fetched.code).toBe(1);
    expect(fetched.out).toEqual([]);
    expect(fetched.err[0]).toContain(stubLine(via));
    expect(fetched.err[1]).toContain('the tournament stub has no results by code');
    expect(simulator.control.requests()).toEqual([]);
  });

  it('--tournament-key refuses a development key before anything is sent', async () => {
    const { run } = await commandLine(via, 'development');
    const refused = await run(
      'provider',
      'create',
      '--region',
      'NA',
      '--url',
      CALLBACK_URL,
      '--tournament-key',
    );
    expect(refused.code).toBe(1);
    expect(refused.err[0]).toContain('--tournament-key: a development key may call the tournament stub only');
    expect(simulator.control.requests()).toEqual([]);
  });
});

describe('sightline tournament --tournament-key', () => {
  it('alone: uses the real tournament API for this command only, and leaves the setting as it was', async () => {
    const { run, confirmedInFile } = await commandLine('alone', 'production');
    const created = await run(
      'provider',
      'create',
      '--region',
      'NA',
      '--url',
      CALLBACK_URL,
      '--tournament-key',
    );
    expect(created.code).toBe(0);
    expect(created.err[0]).toBe('using the tournament API (v5)');
    expect(created.seenAtErr[0]).toBe(0);
    expect(simulator.control.tournament.providers().map((provider) => provider.kind)).toEqual(['v5']);
    expect(await confirmedInFile()).toBe(false);
    const again = await run('provider', 'create', '--region', 'NA', '--url', CALLBACK_URL);
    expect(again.err[0]).toContain(stubLine('alone'));
  });

  it('through the running Sightline: refused while its desk uses the stub, saying how to confirm the key there', async () => {
    const { run } = await commandLine('through the running Sightline', 'production');
    const refused = await run(
      'provider',
      'create',
      '--region',
      'NA',
      '--url',
      CALLBACK_URL,
      '--tournament-key',
    );
    expect(refused.code).toBe(1);
    expect(refused.err[0]).toContain("--tournament-key does not apply here: the running Sightline's desk");
    expect(refused.err[0]).toContain('sightline tournament confirm-key');
    expect(simulator.control.requests()).toEqual([]);
  });
});
