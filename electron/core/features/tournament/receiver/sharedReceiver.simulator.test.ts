import { readdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  SIMULATOR_API_KEY,
  startWebApiSimulator,
  type RunningWebApiSimulator,
} from '../../../../simulator/webApi/webApiSimulator';
import { runTournamentCommand } from '../cli/tournamentCommand';
import { createHttpClient } from '../../../platform/net/httpClient';
import {
  startThrowawayPostgres,
  type ThrowawayPostgres,
} from '../../../tools/testkit/postgres/throwawayPostgres';
import { deskRequests } from '../cli/deskRequests';
import { createSpringCup, deskValue } from '../../../tools/testkit/tournament/springCup';
import { openTournamentStore } from '../storage/tournamentStore';
import { openSimulatedDesk } from '../../../tools/testkit/tournament/simulatedDesk';

let server: ThrowawayPostgres;
let simulator: RunningWebApiSimulator;
const http = createHttpClient();
const folders: string[] = [];

beforeAll(async () => {
  [server, simulator] = await Promise.all([
    startThrowawayPostgres(),
    startWebApiSimulator({ appLimits: '100:1,1000:10' }),
  ]);
}, 60_000);
afterAll(async () => {
  http.close();
  await simulator.close();
  await server.stop();
}, 30_000);
afterEach(async () => {
  simulator.control.reset();
  await Promise.all(folders.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

const emptyFolder = async (): Promise<string> => {
  const dir = await mkdtemp(join(tmpdir(), 'sightline-shared-receiver-'));
  folders.push(dir);
  return dir;
};

/** The organizer's desk on the shared database (v4, tournament key) makes a code, then closes. */
async function codeFromTheDesk(url: string): Promise<string> {
  const { feature, close } = await openSimulatedDesk({
    dataDir: await emptyFolder(),
    http,
    hostTemplate: simulator.baseTemplate,
    apiKey: SIMULATOR_API_KEY,
    webApi: { keyKind: 'production', apiVersion: 'v4' },
    variables: { SIGHTLINE_TOURNAMENT_DATABASE_URL: url },
  });
  const desk = deskRequests(feature.handlers);
  const tournamentId = await createSpringCup(desk);
  const created = deskValue(await desk.request('tournament.codes.create', { tournamentId, count: 1 }));
  await close();
  return created.codes[0]?.code ?? '';
}

describe('sightline tournament receive with only SIGHTLINE_TOURNAMENT_DATABASE_URL', () => {
  it('takes the desk’s signed callbacks on an empty data folder, and refuses a tampered one (403) without recording it', async () => {
    const url = await server.createDatabase();
    const code = await codeFromTheDesk(url);
    const dataDir = await emptyFolder();
    const out: string[] = [];
    const err: string[] = [];
    const done = runTournamentCommand(['receive', '--listen', '127.0.0.1:0'], {
      env: { SIGHTLINE_DATA_DIR: dataDir, SIGHTLINE_TOURNAMENT_DATABASE_URL: url },
      out: (line) => out.push(line),
      err: (line) => err.push(line),
    });
    let listening: RegExpExecArray | null = null;
    while (!listening) {
      listening = /receiving callbacks at http:\/\/127\.0\.0\.1:(\d+)\//.exec(err.join('\n'));
      if (err.some((line) => line.startsWith('sightline tournament:'))) throw new Error(err.join('\n'));
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    simulator.control.tournament.redirectCallbacks(`http://127.0.0.1:${listening[1]}`);

    expect(await simulator.control.tournament.sendForgedCallback(code, 'tampered')).toBe(403);
    expect(await simulator.control.tournament.finishGame(code)).toBe(200);
    // The command stops as on SIGTERM from a service manager.
    process.emit('SIGTERM', 'SIGTERM');
    expect(await done).toBe(0);

    const store = await openTournamentStore({ engine: 'postgres', url });
    try {
      expect(await store.listResults()).toMatchObject([{ code, source: 'callback' }]);
      expect(await store.callbackCounts()).toMatchObject({ accepted: 1, rejected: 1 });
    } finally {
      store.close();
    }
    expect(out.map((line) => (JSON.parse(line) as { outcome: string }).outcome)).toEqual([
      'rejected',
      'accepted',
    ]);
    // Nothing was needed from the data folder, and nothing was left there.
    expect(await readdir(dataDir)).toEqual([]);
    expect(err.join('\n')).not.toContain(new URL(url).password);
  });
});
