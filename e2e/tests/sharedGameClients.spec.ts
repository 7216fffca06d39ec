import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DOCTOR_EXIT } from '../../electron/core/app/doctor/doctorExitCodes';
import { startCli as startCliProcess, type CliProcess } from '../harness/cliProcess';
import { expect, startStack, stopStack, test, type Stack } from '../harness/fixtures';

/**
 * `sightline serve` polling the simulated game clients while `doctor` and the `replay` commands run beside it as
 * processes of their own (each with its own data folder): as the clients see it, at the simulator's arrival
 * times, no path is asked more often than the app alone asks it (README, "How processes share").
 */

const CLIENT_FLOOR_MS = 1000;
/** A replay resource: League Director's rate (README, "Architecture"). */
const REPLAY_FLOOR_MS = 500;

let stack: Stack;
/** The system temporary folder of every process of the test: their shared schedule is theirs alone. */
let scheduleTmp: string;
/** A game.cfg with the replay API on, for `replay status`. */
let gameCfg: string;

function cliEnv(dataDir: string): Record<string, string> {
  return {
    TMPDIR: scheduleTmp,
    SIGHTLINE_DATA_DIR: dataDir,
    SIGHTLINE_LIVE_URL: stack.simulator.urls.live,
    SIGHTLINE_REPLAY_URL: stack.simulator.urls.replay,
    SIGHTLINE_CARD_URL: stack.simulator.urls.card,
    SIGHTLINE_LIVE_CA: join(stack.app.dataDir, 'simulator-ca.pem'),
  };
}

/** `sightline <args>` as a process of its own, on a data folder of its own. */
async function startCli(args: string[]): Promise<CliProcess> {
  return startCliProcess(args, cliEnv(await mkdtemp(join(tmpdir(), 'sightline-cli-'))));
}

/** The smallest gap between two arrivals of each path at the simulated clients, in ms. */
function smallestGaps(): Record<string, number> {
  const gaps: Record<string, number> = {};
  const requests = stack.simulator.control.requests();
  for (const service of ['live', 'replay', 'card'] as const) {
    for (const [path, { times }] of Object.entries(requests[service])) {
      const between = times.slice(1).map((time, index) => time - (times[index] ?? 0));
      if (between.length > 0) gaps[`${service} ${path}`] = Math.min(...between);
    }
  }
  return gaps;
}

function count(service: 'live' | 'replay' | 'card'): number {
  return Object.values(stack.simulator.control.requests()[service]).reduce(
    (sum, path) => sum + path.count,
    0,
  );
}

/** The paths whose lock a process holds now, as hashes of their lanes (sharedPacingSchedule.ts names them so). */
async function lanesLockedBy(pid: number): Promise<string[]> {
  const folder = (await readdir(scheduleTmp)).find((name) => name.startsWith('sightline-game-clients-'));
  if (!folder) return [];
  const locked: string[] = [];
  for (const name of await readdir(join(scheduleTmp, folder))) {
    if (!name.endsWith('.lock')) continue;
    const holder = await readFile(join(scheduleTmp, folder, name), 'utf8').catch(() => '');
    if (holder.startsWith(`${pid} `)) locked.push(name.slice(0, -'.lock'.length));
  }
  return locked;
}

function laneHash(lane: string): string {
  return createHash('sha256').update(lane).digest('hex').slice(0, 32);
}

test.describe('the game clients, with the app and command-line processes asking at once', () => {
  test.describe.configure({ mode: 'serial' });
  test.beforeAll(async () => {
    scheduleTmp = await mkdtemp(join(tmpdir(), 'sightline-shared-tmp-'));
    gameCfg = join(scheduleTmp, 'game.cfg');
    await writeFile(gameCfg, '[General]\nEnableReplayApi=1\n');
    // full-game in real time: the arena game runs from 7 s (and its replay), the card client answers throughout.
    stack = await startStack('full-game', { TMPDIR: scheduleTmp });
  });
  test.afterAll(() => stopStack(stack));

  test('serve with three doctors and replay status beside it asks no path of a client more than once a second', async ({
    page,
  }) => {
    test.setTimeout(240_000);
    const servePid = stack.app.process.pid;
    await expect.poll(() => count('live'), { timeout: 30_000 }).toBeGreaterThan(5);
    await expect.poll(() => count('card'), { timeout: 30_000 }).toBeGreaterThan(5);
    await page.goto(stack.app.companionUrl);
    await expect(page.getByTestId('source-live')).toHaveAttribute('data-state', 'connected');
    stack.simulator.control.resetRequests();

    const doctorPids: number[] = [];
    for (let round = 0; round < 2; round += 1) {
      const runs = await Promise.all([
        startCli(['doctor']),
        startCli(['doctor']),
        startCli(['doctor']),
        startCli(['replay', 'status', '--cfg', gameCfg]),
      ]);
      doctorPids.push(...runs.slice(0, 3).map((run) => run.pid));
      // Serve's Status page names a doctor talking to the same clients while it does.
      if (round === 0) {
        // A loaded machine takes seconds to start a node process: the doctors ask once they run.
        await expect(page.getByTestId('source-live-askers')).toContainText(
          /Also asked by sightline doctor \(pid \d+\) since \d/,
          { timeout: 60_000 },
        );
        const named = Number(
          /pid (\d+)/.exec((await page.getByTestId('source-live-askers').textContent()) ?? '')?.[1],
        );
        expect(doctorPids).toContain(named);
        await expect(page.getByTestId('source-card-askers')).toContainText('Also asked by sightline doctor', {
          timeout: 30_000,
        });
      }
      const results = await Promise.all(runs.map((run) => run.done));
      for (const result of results.slice(0, 3)) {
        // 0, or 3 while the replay source says "error: …" (a loaded machine's "no answer in time").
        const replayError = /^replay: error: /.test(result.stdout[1] ?? '');
        expect(result.code, result.stderr.join('\n')).toBe(replayError ? DOCTOR_EXIT.unreachable : 0);
        expect(result.stdout[0]).toBe('live: connected; schema: matches');
        expect(result.stdout[2]).toMatch(/^card: connected/);
        // The doctor says serve is the other process talking to each client (and the other doctors), since when.
        expect(result.stdout[3]).toMatch(/^shared: /);
        for (const source of ['live', 'card']) {
          expect(result.stdout[3]).toMatch(
            new RegExp(
              `${source} also asked by serve \\(pid ${servePid}\\) since \\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ`,
            ),
          );
        }
      }
      expect(results[3]?.code, results[3]?.stderr.join('\n')).toBe(0);
      expect(results[3]?.stdout).toEqual([`game.cfg: ${gameCfg}`, 'replay API: enabled (EnableReplayApi=1)']);
    }

    // Every path the processes asked, as the simulated clients saw it arrive.
    const gaps = smallestGaps();
    console.info(`smallest gaps between arrivals (ms): ${JSON.stringify(gaps)}`);
    expect(Object.keys(gaps)).toEqual(expect.arrayContaining(['card /positional-rectangles']));
    expect(Object.keys(gaps).some((path) => path.startsWith('live /liveclientdata/'))).toBe(true);
    for (const [path, gap] of Object.entries(gaps)) {
      expect(gap, path).toBeGreaterThanOrEqual(
        path.startsWith('replay /replay/') ? REPLAY_FLOOR_MS : CLIENT_FLOOR_MS,
      );
    }
  });

  test('a process killed (kill -9) while it asks a path leaves the others asking it again within 5 s', async () => {
    test.setTimeout(90_000);
    const { control } = stack.simulator;
    const liveOrigin = new URL(stack.simulator.urls.live).origin;
    // Every live request hangs until its 2 s deadline: whoever asks holds the path's lock that long.
    await control.setFault('live', 'hang');
    // The live paths a process holds the lock of now (its request on the wire, so arrived at the client).
    const livePathsLockedBy = async (pid: number): Promise<string[]> => {
      const held = await lanesLockedBy(pid);
      return Object.keys(control.requests().live).filter((path) =>
        held.includes(laneHash(`${liveOrigin}${path}`)),
      );
    };
    let held: string[] = [];
    let doctor: CliProcess | null = null;
    for (let attempt = 0; attempt < 5 && held.length === 0; attempt += 1) {
      doctor = await startCli(['doctor']);
      const running = doctor;
      let exited = false;
      void running.done.then(() => (exited = true));
      while (held.length === 0 && !exited) {
        held = await livePathsLockedBy(running.pid);
        if (held.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
      }
    }
    const [path] = held;
    if (!doctor || path === undefined) throw new Error('no doctor run held a live path');
    doctor.kill('SIGKILL');
    const killedAt = Date.now();
    await doctor.done;
    await control.setFault('live', null);

    // Serve asks the path the killed doctor held again: its lock is taken over once its process is gone.
    const askedAgainAt = (): number =>
      Math.min(...(control.requests().live[path]?.times ?? []).filter((time) => time > killedAt));
    await expect.poll(askedAgainAt, { timeout: 30_000 }).toBeLessThan(Infinity);
    const waited = askedAgainAt() - killedAt;
    console.info(`serve asked ${path}, which the killed doctor held, ${waited} ms after the kill`);
    expect(waited).toBeLessThanOrEqual(5000);
  });
});
