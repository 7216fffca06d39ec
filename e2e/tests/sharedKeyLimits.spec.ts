import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { startCli, type CliProcess } from '../harness/cliProcess';
import { expect, startStack, stopStack, test, type Stack } from '../harness/fixtures';
import { hostRequest } from '../harness/hostRequest';
import {
  SIMULATOR_API_KEY,
  startWebApiSimulator,
  type RunningWebApiSimulator,
} from '../../electron/simulator/webApi/webApiSimulator';

/**
 * Issue 25: one key's limits hold across every Sightline process of the user. Real processes (`sightline api
 * match`, `serve`) against the web API simulator allowing 20 calls a second and 100 per 10 seconds; what
 * counts is what the server saw: its 429s and when the requests arrived.
 */
const APP_LIMITS = '20:1,100:10';

/** `count` match IDs the simulator makes up a game for, from `first` on. */
const matchIds = (first: number, count: number): string[] =>
  Array.from({ length: count }, (_, index) => `EUW1_${7_101_004_000 + first + index}`);

let webApi: RunningWebApiSimulator;

/** `sightline api match <ids>` as a separate process, with the key and the host in its environment. */
function apiMatch(ids: string[], dataDir: string, tmp: string): CliProcess {
  return startCli(['api', 'match', ...ids], {
    // The user's shared folder lives in the temp folder: one of this test's own, apart from other runs.
    TMPDIR: tmp,
    SIGHTLINE_DATA_DIR: dataDir,
    SIGHTLINE_API_KEY: SIMULATOR_API_KEY,
    SIGHTLINE_WEB_API_BASE: webApi.baseTemplate,
  });
}

/** Every line a match lookup printed is a match (no `error` line). */
function expectAllMatches(lines: string[], ids: string[]): void {
  expect(lines).toHaveLength(ids.length);
  expect(lines.map((line) => (JSON.parse(line) as { matchId?: string; error?: string }).error)).toEqual(
    ids.map(() => undefined),
  );
}

const percent = (pair: number, alone: number) => `${((pair / alone - 1) * 100).toFixed(1)} %`;

const freshFolder = (name: string) => mkdtemp(join(tmpdir(), `sightline-e2e-${name}-`));

/** The user's shared folder as the processes given TMPDIR=`tmp` find it (userSharedFolder()). */
const sharedFolderIn = (tmp: string) => join(tmp, `sightline-game-clients-${userInfo().username}`);

/** The pid holding the web API key's lease, null when none does. */
async function leaseHolder(tmp: string): Promise<number | null> {
  const folder = sharedFolderIn(tmp);
  const names = await readdir(folder).catch(() => [] as string[]);
  const lease = names.find((name) => name.startsWith('web-api-') && name.endsWith('.lease'));
  if (!lease) return null;
  const holder = Number((await readFile(join(folder, lease), 'utf8').catch(() => '')).split(' ')[0]);
  return Number.isInteger(holder) && holder > 0 ? holder : null;
}

/** First to last arrival at the server, in ms. */
function serverSpan(): number {
  const times = webApi.control.requests().map((request) => request.at);
  return Math.max(...times) - Math.min(...times);
}

/** From the start to the first arrival, and from the last arrival to the end: the processes' own time. */
function aroundServer(started: number, ended: number): string {
  const times = webApi.control.requests().map((request) => request.at);
  return `${Math.min(...times) - started} ms before the first request, ${ended - Math.max(...times)} ms after the last`;
}

test.describe('one key shared by several Sightline processes', () => {
  test.describe.configure({ mode: 'serial', timeout: 120_000 });
  test.beforeAll(async () => {
    webApi = await startWebApiSimulator({ appLimits: APP_LIMITS });
  });
  test.afterAll(() => webApi.close());
  test.afterEach(() => webApi.control.reset());

  test('two `api match` processes of 100 lookups on one key: all 200 answered, no 429, as fast as one process', async () => {
    const dataDir = await freshFolder('data');
    const ids = matchIds(0, 200);

    const aloneStarted = Date.now();
    const alone = await apiMatch(ids, dataDir, await freshFolder('tmp')).done;
    const aloneMs = alone.endedAt - aloneStarted;
    const aloneSpan = serverSpan();
    const aloneAround = aroundServer(aloneStarted, alone.endedAt);
    expect(alone.code).toBe(0);
    expectAllMatches(alone.stdout, ids);
    expect(webApi.control.stats().rateLimited).toBe(0);

    // The windows are the server's: a fresh start for the pair, with a shared folder of their own.
    webApi.control.reset();
    const tmp = await freshFolder('tmp');
    const pairStarted = Date.now();
    const pair = await Promise.all([
      apiMatch(ids.slice(0, 100), dataDir, tmp).done,
      apiMatch(ids.slice(100), dataDir, tmp).done,
    ]);
    const pairMs = Math.max(...pair.map((run) => run.endedAt)) - pairStarted;
    const pairSpan = serverSpan();
    const pairAround = aroundServer(pairStarted, pairStarted + pairMs);
    expect(pair.map((run) => run.code)).toEqual([0, 0]);
    expectAllMatches(pair[0]?.stdout ?? [], ids.slice(0, 100));
    expectAllMatches(pair[1]?.stdout ?? [], ids.slice(100));

    const stats = webApi.control.stats();
    expect(stats.total).toBe(200);
    expect(stats.rateLimited).toBe(0);
    // The key's lease and ledger are named by its fingerprint: the key is in no name and no file.
    const shared = sharedFolderIn(tmp);
    const names = await readdir(shared);
    expect(names.some((name) => name.startsWith('web-api-') && name.endsWith('.ledger'))).toBe(true);
    for (const name of names) {
      expect(name).not.toContain(SIMULATOR_API_KEY);
      expect(await readFile(join(shared, name), 'utf8')).not.toContain(SIMULATOR_API_KEY);
    }
    console.log(
      `200 lookups: one process ${aloneMs} ms (server ${aloneSpan} ms; ${aloneAround}), two processes ${pairMs} ms (server ${pairSpan} ms; ${pairAround}): wall ${percent(pairMs, aloneMs)}, server ${percent(pairSpan, aloneSpan)}`,
    );
    // The windows set the pace (100 per 10 s): the pair takes what one process takes, within 5 %, as the
    // server sees it. The wall times add each process's start (seconds, on a loaded 2-core machine, and two
    // starting at once are slower): printed above, and kept by `npm run bench`'s figure.
    expect(pairSpan).toBeLessThanOrEqual(aloneSpan * 1.05);
  });

  test('kill -9 of the process holding the lease: the other takes over within 5 s and finishes', async () => {
    // Only the 1 s window: the survivor's next request is not held back by a full 10 s window.
    webApi.control.setAppLimits('20:1,1000:10');
    const dataDir = await freshFolder('data');
    const tmp = await freshFolder('tmp');
    const runs = [apiMatch(matchIds(0, 100), dataDir, tmp), apiMatch(matchIds(100, 100), dataDir, tmp)];
    // Both are up (one holds the lease, the other waits for it) and requests are going out.
    await expect
      .poll(async () => (await leaseHolder(tmp)) !== null && webApi.control.requests().length >= 5, {
        timeout: 30_000,
        intervals: [20],
      })
      .toBe(true);
    const holder = await leaseHolder(tmp);
    const victim = runs.find((run) => run.pid === holder);
    const survivor = runs.find((run) => run.pid !== holder);
    expect(victim).toBeDefined();
    victim?.kill('SIGKILL');
    const killedAt = Date.now();
    const killed = await victim?.done;
    expect(killed?.code).toBeNull();

    const result = await survivor?.done;
    expect(result?.code).toBe(0);
    expect(result?.stdout).toHaveLength(100);
    const after = webApi.control.requests().filter((request) => request.at > killedAt);
    expect(after.length).toBeGreaterThan(0);
    expect((after[0]?.at ?? Infinity) - killedAt).toBeLessThan(5000);
  });

  test('`serve` making lookups for a page and an `api match` beside it on the same key: no 429', async ({
    page,
  }) => {
    const tmp = await freshFolder('tmp');
    let stack: Stack | undefined;
    try {
      stack = await startStack('idle', {
        TMPDIR: tmp,
        SIGHTLINE_API_KEY: SIMULATOR_API_KEY,
        SIGHTLINE_WEB_API_BASE: webApi.baseTemplate,
      });
      await page.goto(stack.app.pageUrl('/'));
      webApi.control.reset();
      const servedIds = matchIds(0, 100);
      const cliIds = matchIds(100, 100);
      // The CLI on a data folder of its own: it shares the key's limits with `serve`, not its data folder.
      const cli = apiMatch(cliIds, await freshFolder('data'), tmp);
      const served = await Promise.all(
        servedIds.map((matchId) => hostRequest(page, 'webApi.match.get', { matchId, routing: 'europe' })),
      );
      const result = await cli.done;

      expect(served.filter((answer) => !answer.ok)).toEqual([]);
      expect(result.code).toBe(0);
      expectAllMatches(result.stdout, cliIds);
      const stats = webApi.control.stats();
      expect(stats.total).toBe(200);
      expect(stats.rateLimited).toBe(0);
    } finally {
      await stopStack(stack);
    }
  });
});
