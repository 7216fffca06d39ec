import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startCli, type CliExit, type CliProcess } from '../../e2e/harness/cliProcess';
import {
  SIMULATOR_API_KEY,
  startWebApiSimulator,
  type RunningWebApiSimulator,
} from '../../e2e/simulator/webApi/webApiSimulator';

/** Ends the process if it outlives this (the old behaviour: it never exited), so the test reports rather than hangs. */
const KILL_AFTER_MS = 20_000;

/** The process's exit, and how long after its first stdout line it came. */
async function exitAfterFirstLine(cli: CliProcess): Promise<CliExit & { afterAnswerMs: number }> {
  let answeredAt = 0;
  const watch = setInterval(() => {
    if (answeredAt === 0 && cli.stdoutSoFar().length > 0) answeredAt = Date.now();
  }, 10);
  const killer = setTimeout(() => cli.kill('SIGKILL'), KILL_AFTER_MS);
  try {
    const exit = await cli.done;
    return { ...exit, afterAnswerMs: exit.endedAt - (answeredAt || exit.endedAt) };
  } finally {
    clearInterval(watch);
    clearTimeout(killer);
  }
}

describe('sightline api match ends as soon as its answer is printed', () => {
  let webApi: RunningWebApiSimulator;
  beforeAll(async () => {
    webApi = await startWebApiSimulator();
  });
  afterAll(() => webApi.close());
  afterEach(() => webApi.control.reset());

  const apiMatch = async (ids: string[]): Promise<CliProcess> => {
    const folder = await mkdtemp(join(tmpdir(), 'sightline-ends-'));
    return startCli(['api', 'match', ...ids], {
      TMPDIR: folder,
      SIGHTLINE_DATA_DIR: join(folder, 'data'),
      SIGHTLINE_API_KEY: SIMULATOR_API_KEY,
      SIGHTLINE_WEB_API_BASE: webApi.baseTemplate,
    });
  };

  it('exits 1 within 2 s of its error line when a 429 asks to wait 99999999999 s', async () => {
    webApi.control.rateLimitNext({ type: 'service', retryAfterSeconds: 99_999_999_999 });
    const exit = await exitAfterFirstLine(await apiMatch(['EUW1_7101004000']));
    expect(exit.code).toBe(1);
    expect(exit.stdout).toHaveLength(1);
    expect(exit.stdout[0]).toContain('Sightline gives up on waits over an hour');
    expect(exit.afterAnswerMs).toBeLessThan(2000);
  }, 30_000);

  it('exits 1 within 2 s of its error line once it gives up on ordinary 429s', async () => {
    webApi.control.rateLimitNext({ type: null, count: 1000 });
    const exit = await exitAfterFirstLine(await apiMatch(['EUW1_7101004000']));
    expect(exit.code).toBe(1);
    expect(exit.afterAnswerMs).toBeLessThan(2000);
  }, 60_000);

  it('looks up more than ten matches without a MaxListenersExceededWarning', async () => {
    const ids = Array.from({ length: 40 }, (_, index) => `EUW1_${7_101_004_000 + index}`);
    const exit = await exitAfterFirstLine(await apiMatch(ids));
    expect({ code: exit.code, lines: exit.stdout.length, stderr: exit.stderr }).toEqual({
      code: 0,
      lines: 40,
      stderr: [],
    });
  }, 60_000);
});
