import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findRunningInstance } from '../../electron/core/platform/instance/runningInstance';
import { DOCTOR_EXIT } from '../../electron/core/app/doctor/doctorExitCodes';
import { runCli, type CliExit } from '../harness/cliProcess';
import { expect, startStack, stopStack, test, type Stack } from '../harness/fixtures';
import type { RequestStats } from '../../electron/simulator/requestLog';
import {
  SIMULATOR_API_KEY,
  startWebApiSimulator,
  type RunningWebApiSimulator,
} from '../../electron/simulator/webApi/webApiSimulator';

/**
 * The command line beside a running `serve` on the same data folder (issue 25): real processes against the
 * simulators, which see the requests arrive from the primary only.
 */

/** Consecutive arrivals at each path of the arena live client and the card client (the replay API has its own pace), in ms, over what was logged since `from`. */
function gapsSince(stats: RequestStats, from: number): { path: string; gap: number }[] {
  const gaps: { path: string; gap: number }[] = [];
  for (const service of ['live', 'card'] as const) {
    for (const [path, { times }] of Object.entries(stats[service])) {
      const recent = times.filter((time) => time >= from);
      for (let index = 1; index < recent.length; index += 1) {
        gaps.push({ path: `${service} ${path}`, gap: (recent[index] ?? 0) - (recent[index - 1] ?? 0) });
      }
    }
  }
  return gaps;
}

/** Where the arena clients describe their API (clientSchemaCheck.ts). */
const CLIENT_DESCRIPTION_PATHS = ['/swagger/v3/openapi.json', '/swagger/v2/swagger.json'];

const descriptionReads = (stats: RequestStats): number =>
  (['live', 'replay'] as const).reduce(
    (total, service) =>
      total + CLIENT_DESCRIPTION_PATHS.reduce((sum, path) => sum + (stats[service][path]?.count ?? 0), 0),
    0,
  );

test.describe('the command line hands its work to the running Sightline', () => {
  let webApi: RunningWebApiSimulator;
  let stack: Stack;
  /** A data folder no Sightline runs on: the command works alone there. */
  let aloneDir: string;

  test.beforeAll(async () => {
    // The web API knows the primary's key only, and allows 20 per second and 100 per 10 seconds.
    webApi = await startWebApiSimulator({ keys: [SIMULATOR_API_KEY], appLimits: '20:1,100:10' });
    stack = await startStack('full-game', {
      SIGHTLINE_API_KEY: SIMULATOR_API_KEY,
      SIGHTLINE_WEB_API_BASE: webApi.baseTemplate,
    });
    aloneDir = await mkdtemp(join(tmpdir(), 'sightline-e2e-alone-'));
    await expect.poll(() => findRunningInstance(stack.app.dataDir), { timeout: 10_000 }).not.toBeNull();
  });
  test.afterAll(async () => {
    await stopStack(stack);
    await webApi.close();
  });

  /** The game clients as `serve` was told them. */
  const clients = () => ({
    SIGHTLINE_LIVE_URL: stack.simulator.urls.live,
    SIGHTLINE_REPLAY_URL: stack.simulator.urls.replay,
    SIGHTLINE_CARD_URL: stack.simulator.urls.card,
    SIGHTLINE_LIVE_CA: join(stack.app.dataDir, 'simulator-ca.pem'),
  });
  const beside = (extra: Record<string, string> = {}) => ({
    SIGHTLINE_DATA_DIR: stack.app.dataDir,
    SIGHTLINE_WEB_API_BASE: webApi.baseTemplate,
    ...extra,
  });
  const alone = (extra: Record<string, string> = {}) => ({
    SIGHTLINE_DATA_DIR: aloneDir,
    SIGHTLINE_WEB_API_BASE: webApi.baseTemplate,
    ...extra,
  });

  test('two `api match` processes without a key, 100 lookups each: all answered by the primary, none refused', async () => {
    test.setTimeout(120_000);
    webApi.control.reset();
    const ids = (first: number) => Array.from({ length: 100 }, (_, index) => `NA1_${first + index}`);
    const [one, two] = [ids(5_002_000_000), ids(5_002_100_000)];
    const [a, b] = await Promise.all([
      runCli(['api', 'match', ...one], beside()),
      runCli(['api', 'match', ...two], beside()),
    ]);
    const matchIds = (run: CliExit) =>
      run.stdout.map((line) => (JSON.parse(line) as { matchId: string }).matchId);
    expect({ code: a.code, stderr: a.stderr }).toEqual({ code: 0, stderr: [] });
    expect({ code: b.code, stderr: b.stderr }).toEqual({ code: 0, stderr: [] });
    expect(matchIds(a)).toEqual(one);
    expect(matchIds(b)).toEqual(two);
    // The simulator knows no other key: every lookup went out with the primary's, through its one limiter.
    expect(webApi.control.stats()).toMatchObject({ total: 200, rateLimited: 0 });

    // What the command prints alone with that key, byte for byte.
    webApi.control.reset();
    const byItself = await runCli(
      ['api', 'match', ...one.slice(0, 3)],
      alone({ SIGHTLINE_API_KEY: SIMULATOR_API_KEY }),
    );
    // toMatchObject: the record also has its times; its arrays still compare whole.
    expect(byItself).toMatchObject({ code: 0, stdout: a.stdout.slice(0, 3), stderr: [] });
  });

  test('a command given another key works alone with it', async () => {
    webApi.control.reset();
    const other = await runCli(
      ['api', 'account', 'Brightwater#NA1', '--region', 'americas'],
      beside({ SIGHTLINE_API_KEY: 'RGAPI-00000000-0000-4000-8000-000000000000' }),
    );
    expect(other.code).toBe(1);
    expect(other.stderr.join('\n')).toContain('Key rejected');
    const throughPrimary = await runCli(
      ['api', 'account', 'Brightwater#NA1', '--region', 'americas'],
      beside(),
    );
    expect({ code: throughPrimary.code, stderr: throughPrimary.stderr }).toEqual({ code: 0, stderr: [] });
    expect(JSON.parse(throughPrimary.stdout[0] ?? '{}')).toMatchObject({ gameName: 'Brightwater' });
  });

  test('doctor beside serve prints its lines from the primary and asks no client anything', async () => {
    test.setTimeout(90_000);
    // Alone, as a reference of the form (it reads each client's description itself).
    const reference = await runCli(['doctor'], alone(clients()));

    const before = stack.simulator.control.requests();
    const from = Date.now();
    const runs = await Promise.all([
      runCli(['doctor'], beside(clients())),
      runCli(['doctor'], beside(clients())),
      runCli(['doctor'], beside()),
      runCli(['replay', 'status', '--cfg', join(aloneDir, 'game.cfg')], beside()),
    ]);
    const after = stack.simulator.control.requests();
    const [first] = runs;
    // Each source's state is the primary's at that moment (alone, a slow client may still be "no answer in
    // time"): the three runs agree, in the documented form, with the exit code of the reference.
    // What each printed and its exit, not its times.
    // The source lines only: the `shared:` line may also name the reference run while it is recent.
    const printed = (run?: CliExit) => ({
      code: run?.code,
      stdout: run?.stdout.slice(0, 3),
      stderr: run?.stderr,
    });
    for (const run of runs.slice(0, 3)) expect(printed(run)).toEqual(printed(first));
    expect(first?.stderr).toEqual([]);
    // The exit code follows the lines (no source drifts here): 3 while a source says "error: …", as a client
    // slow to answer alone may ("no answer in time"), else 0; the reference's by the same rule.
    for (const run of [first, reference])
      expect(run?.code).toBe(run?.stdout.slice(0, 3).some(saysError) ? DOCTOR_EXIT.unreachable : 0);
    expect(first?.stdout).toEqual([
      expect.stringMatching(/^live: .+; schema: (matches|not checked)$/),
      expect.stringMatching(/^replay: .+; schema: (matches|not checked)$/),
      expect.stringMatching(/^card: .+; schema: none served$/),
      expect.stringMatching(/^shared: live also asked by serve \(pid \d+\) since [\dT:-]+Z(; .+)?$/),
    ]);
    // serve is the process talking to every client for the command, since it started.
    for (const source of ['replay', 'card']) {
      expect(first?.stdout[3]).toMatch(new RegExp(`; ${source} also asked by serve \\(pid \\d+\\) since`));
    }
    expect(first?.stdout[0]).toBe(reference.stdout[0]);
    // No description read beyond the primary's own (it reads one per run of a client), and every path of
    // the clients at most once a second as they see it.
    expect(descriptionReads(after)).toBe(descriptionReads(before));
    expect(gapsSince(after, from).filter(({ gap }) => gap < 950)).toEqual([]);
  });

  test('replay pause and play beside serve go through its replay client; other clients are asked alone', async () => {
    const paused = await runCli(['replay', 'pause'], beside());
    expect(paused.code).toBe(0);
    expect(paused.stdout).toEqual([expect.stringMatching(/^paused at [\d:]+ of [\d:]+$/)]);
    await expect.poll(() => stack.simulator.control.state().replay.playback?.paused).toBe(true);
    const playing = await runCli(['replay', 'play'], beside(clients()));
    expect(playing.stdout).toEqual([expect.stringMatching(/^playing at [\d:]+ of [\d:]+, speed 1×$/)]);
    await expect.poll(() => stack.simulator.control.state().replay.playback?.paused).toBe(false);

    // Pointed at another replay API, the command asks that one itself.
    const elsewhere = await runCli(
      ['replay', 'pause'],
      beside({ SIGHTLINE_REPLAY_URL: 'https://127.0.0.1:9', SIGHTLINE_LIVE_URL: 'https://127.0.0.1:9' }),
    );
    expect(elsewhere).toMatchObject({
      code: 1,
      stdout: [],
      stderr: ['sightline replay: no game or replay running'],
    });
    expect(stack.simulator.control.state().replay.playback?.paused).toBe(false);
  });
});

/** A doctor line of a source Sightline reached but cannot use (`live: error: …`). */
const saysError = (line: string): boolean => /^\w+: error: /.test(line);
