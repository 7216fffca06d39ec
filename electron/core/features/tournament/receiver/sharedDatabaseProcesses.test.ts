import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCli, type CliProcess } from '../../../../../e2e/harness/cliProcess';
import {
  SIMULATOR_API_KEY,
  startWebApiSimulator,
  type RunningWebApiSimulator,
} from '../../../../simulator/webApi/webApiSimulator';
import { silentLogger } from '../../../platform/log/logger';
import { readEnvironment } from '../../../platform/settings/environment';
import { SettingsStore } from '../../../platform/settings/settingsStore';
import {
  startThrowawayPostgres,
  type ThrowawayPostgres,
} from '../../../tools/testkit/postgres/throwawayPostgres';
import { signingSecretPath } from '../signingSecret';
import { openTournamentStore, tournamentDbPath, type TournamentStore } from '../storage/tournamentStore';

/**
 * Sightline processes on several "machines" (each its own data folder) sharing one PostgreSQL database, as
 * built (bin/sightline.mjs; `npx electron-vite build` first): desks creating codes at once, two callback
 * receivers with nothing but the database's URL behind one address, one of them killed -9 mid-run.
 */

const CALLBACK_URL = 'http://results.organizer.com/tournament/callback';
let server: ThrowawayPostgres;
let simulator: RunningWebApiSimulator;
let root: string;
let url: string;
let store: TournamentStore;
const running: CliProcess[] = [];

beforeAll(async () => {
  [server, simulator] = await Promise.all([
    startThrowawayPostgres(),
    startWebApiSimulator({ appLimits: '100:1,1000:10' }),
  ]);
  root = await mkdtemp(join(tmpdir(), 'sightline-shared-desk-'));
  url = await server.createDatabase();
}, 60_000);
afterAll(async () => {
  for (const process of running) process.kill('SIGKILL');
  await Promise.all(running.map((process) => process.done.catch(() => undefined)));
  store?.close();
  await simulator?.close();
  await server?.stop();
  await rm(root, { recursive: true, force: true });
}, 30_000);

let folders = 0;
/** A machine of its own: an empty data folder (and temporary folder); only the database's URL is shared. */
async function machine(): Promise<Record<string, string>> {
  const folder = await mkdtemp(join(root, `machine-${(folders += 1)}-`));
  return { TMPDIR: folder, SIGHTLINE_DATA_DIR: join(folder, 'data'), SIGHTLINE_TOURNAMENT_DATABASE_URL: url };
}

/** An admin's desk: a production key confirmed as tournament-enabled (on the command line) and the simulator. */
async function adminMachine(): Promise<Record<string, string>> {
  const env = await machine();
  const settings = await SettingsStore.open(
    join(env.SIGHTLINE_DATA_DIR ?? '', 'settings.json'),
    readEnvironment({}),
    silentLogger,
  );
  await settings.update({ webApi: { keyKind: 'production' } });
  return { ...env, SIGHTLINE_API_KEY: SIMULATOR_API_KEY, SIGHTLINE_WEB_API_BASE: simulator.baseTemplate };
}

async function run(args: string[], env: Record<string, string>) {
  const cli = startCli(args, env);
  running.push(cli);
  const exit = await cli.done;
  if (exit.code !== 0)
    throw new Error(`sightline ${args.join(' ')} exited ${exit.code}: ${exit.stderr.join('\n')}`);
  return exit.stdout.map((line) => JSON.parse(line) as Record<string, unknown>);
}

interface Receiver {
  cli: CliProcess;
  url: string;
  dataDir: string;
}

/** `tournament receive` on a machine of its own, with only the URL: no key, no copied file or secret. */
async function startReceiver(): Promise<Receiver> {
  const env = await machine();
  const dataDir = env.SIGHTLINE_DATA_DIR ?? '';
  const cli = startCli(['tournament', 'receive', '--listen', '127.0.0.1:0'], env);
  running.push(cli);
  const deadline = Date.now() + 15_000;
  for (;;) {
    const line = cli.stderrSoFar().find((text) => text.startsWith('receiving callbacks at '));
    if (line) return { cli, url: /at (\S+)/.exec(line)?.[1] ?? '', dataDir };
    const exited = await Promise.race([cli.done, new Promise((resolve) => setTimeout(resolve, 50, null))]);
    if (exited !== null || Date.now() > deadline)
      throw new Error(`the receiver did not start: ${cli.stderrSoFar().join('\n')}`);
  }
}

/** One POST of a callback body: its status, or null when the connection failed (a receiver killed). */
async function post(to: string, body: unknown): Promise<number | null> {
  try {
    const response = await fetch(to, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    await response.arrayBuffer();
    return response.status;
  } catch {
    return null;
  }
}

/** The API's sender behind a load balancer: anything but a 200 is sent again, to the next receiver. */
async function deliver(receivers: readonly Receiver[], first: number, body: unknown): Promise<number[]> {
  const answers: number[] = [];
  for (let attempt = 0; attempt < 10; attempt += 1) {
    const status = await post(receivers[(first + attempt) % receivers.length]?.url ?? '', body);
    answers.push(status ?? 0);
    if (status === 200) return answers;
  }
  throw new Error(`no receiver answered 200: ${answers.join(', ')}`);
}

describe('desks and receivers on several machines sharing one PostgreSQL database', () => {
  it('records every result exactly once, through two receivers with only the URL, one killed -9 mid-run', async () => {
    // An admin makes the provider and the tournament.
    const admin = await adminMachine();
    const [provider] = await run(
      ['tournament', 'provider', 'create', '--region', 'NA', '--url', CALLBACK_URL, '--tournament-key'],
      admin,
    );
    const [tournament] = await run(
      [
        'tournament',
        'create',
        '--provider',
        String(provider?.providerId),
        '--participants',
        '20',
        '--win-condition',
        'Best of one',
        '--no-first-code',
        '--tournament-key',
      ],
      admin,
    );
    const tournamentId = String(tournament?.tournamentId);

    // Two admins on two machines create codes at the same moment: every code is stored once.
    const [first, second] = await Promise.all([adminMachine(), adminMachine()]);
    const created = await Promise.all(
      [first, second].map((env) =>
        run(
          [
            'tournament',
            'codes',
            'create',
            '--tournament',
            tournamentId,
            '--count',
            '12',
            '--yes',
            '--tournament-key',
          ],
          env,
        ),
      ),
    );
    const codes = created.flat().map((line) => String(line.code));
    expect(codes).toHaveLength(24);
    expect(new Set(codes).size).toBe(24);
    store = await openTournamentStore({ engine: 'postgres', url });
    expect((await store.listCodes()).map((code) => code.code).sort()).toEqual([...codes].sort());

    const receivers = [await startReceiver(), await startReceiver()];
    for (const code of codes) await simulator.control.tournament.finishGame(code, { callback: 'withhold' });
    const body = (code: string) => simulator.control.tournament.callbackBody(code);

    // The same callback to both receivers at once, for a third of the codes: each answered 200 by both,
    // recorded once (the API's sender may retry one while the first delivery is still being answered).
    const together = codes.slice(0, 8);
    const rest = codes.slice(8);
    const bothAnswers = await Promise.all(
      together.map((code) => Promise.all(receivers.map((receiver) => post(receiver.url, body(code))))),
    );
    expect(bothAnswers).toEqual(together.map(() => [200, 200]));

    // The rest spread over both, a lane each, as a load balancer would; the first receiver is killed -9 as
    // its third callback is sent: that one and every later one of its lane go to the other (the API's retry).
    const lanes = [0, 1].map((lane) => rest.filter((_, index) => index % 2 === lane));
    const sendLane = async (lane: number): Promise<number[][]> => {
      const answers: number[][] = [];
      for (const [index, code] of (lanes[lane] ?? []).entries()) {
        const sending = deliver(receivers, lane, body(code));
        if (lane === 0 && index === 2) receivers[0]?.cli.kill('SIGKILL');
        answers.push(await sending);
        // Gone before its lane's next callback, however busy the machine.
        if (lane === 0 && index === 2) await receivers[0]?.cli.done;
      }
      return answers;
    };
    const [firstLane = [], secondLane = []] = await Promise.all([sendLane(0), sendLane(1)]);
    expect((await receivers[0]?.cli.done)?.code).toBeNull();
    expect(firstLane.slice(0, 2)).toEqual([[200], [200]]);
    // Unanswered by the killed receiver, answered by the other.
    expect(firstLane.slice(3)).toEqual(firstLane.slice(3).map(() => [0, 200]));
    expect(firstLane.length).toBeGreaterThan(3);
    expect([...firstLane, ...secondLane].every((statuses) => statuses.at(-1) === 200)).toBe(true);
    // A callback already recorded, sent again after the kill: the survivor answers 200, nothing added.
    expect(await deliver(receivers, 0, body(rest[0] ?? ''))).toEqual([0, 200]);

    // A tampered callback: 403, and nothing recorded.
    simulator.control.tournament.redirectCallbacks(new URL(receivers[1]?.url ?? '').origin);
    expect(await simulator.control.tournament.sendForgedCallback(rest[1] ?? '')).toBe(403);

    const results = await store.listResults();
    expect(results.map((result) => result.code).sort()).toEqual([...codes].sort());
    const counts = await store.callbackCounts();
    expect(counts.accepted).toBe(24);
    expect(counts.rejected).toBe(1);

    // An admin on a third machine lists every result.
    const listed = await run(['tournament', 'results'], await adminMachine());
    expect(listed.map((line) => line.code).sort()).toEqual([...codes].sort());
    expect(listed.map((line) => line.gameId).sort()).toEqual(results.map((result) => result.gameId).sort());

    receivers[1]?.cli.kill('SIGTERM');
    expect((await receivers[1]?.cli.done)?.code).toBe(0);
    // Nothing of the desk was ever on the receivers' machines.
    for (const { dataDir } of receivers) {
      expect(existsSync(tournamentDbPath(dataDir))).toBe(false);
      expect(existsSync(signingSecretPath(dataDir))).toBe(false);
    }
  }, 120_000);
});
