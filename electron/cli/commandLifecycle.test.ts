import { spawn } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CLI_ENTRY, startCli, type CliExit, type CliProcess } from '../../e2e/harness/cliProcess';
import { USAGE } from './runCli';
import { commandPaths } from './tools/testkit/usageFacts';
import {
  SIMULATOR_API_KEY,
  startWebApiSimulator,
  type RunningWebApiSimulator,
} from '../simulator/webApi/webApiSimulator';

const SCENARIOS = fileURLToPath(new URL('../simulator/scenarios/', import.meta.url));

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

/** The command with its stdout closed before it writes (the reader, `head`, already gone): its exit and stderr. */
async function intoClosedPipe(args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, [CLI_ENTRY, ...args], {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.destroy();
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
  return { code, stderr };
}

describe('a command whose output goes into a closed pipe (| head)', () => {
  it.each([
    ['deck decode', ['deck', 'decode', 'CEBAIAIFB4WDANQIAEAQGDAUDAQSIJZUAIAQCAIEAEAQKBIA']],
    ['doctor', ['doctor']],
    ['--help', ['--help']],
  ])('%s ends quietly with exit 0', async (_name, args) => {
    const folder = await mkdtemp(join(tmpdir(), 'sightline-pipe-'));
    // Nothing answers on the ports doctor asks: it has lines to print all the same.
    const ended = await intoClosedPipe(args, { TMPDIR: folder, SIGHTLINE_DATA_DIR: folder });
    expect(ended.code).toBe(0);
    // Its own notes may still go to stderr (deck decode's "no card data is cached"), but no error nor stack.
    expect(ended.stderr).not.toMatch(/EPIPE|Error|\n\s+at /);
  });

  it('every command and subcommand --help --help lists ends quietly with exit 0', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'sightline-pipe-'));
    const paths = commandPaths(USAGE);
    // A few at a time: each is a process of its own.
    for (let start = 0; start < paths.length; start += 4) {
      const batch = paths.slice(start, start + 4);
      const ended = await Promise.all(
        batch.map((path) =>
          intoClosedPipe([...path.split(' '), '--help'], { TMPDIR: folder, SIGHTLINE_DATA_DIR: folder }),
        ),
      );
      for (const [index, end] of ended.entries()) {
        expect(end, batch[index]).toMatchObject({ code: 0 });
        expect(end.stderr, batch[index]).not.toMatch(/EPIPE|Error|\n\s+at /);
      }
    }
  }, 180_000);
});

describe('a file argument given as - is read from standard input', () => {
  it('simulate --scenario - runs the scenario piped in', async () => {
    const child = spawn(process.execPath, [CLI_ENTRY, 'simulate', '--scenario', '-'], {
      env: { PATH: process.env.PATH, HOME: process.env.HOME },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    // A command that never reads it closes the pipe: that is its failure, not the test's.
    child.stdin.on('error', () => undefined).end(await readFile(join(SCENARIOS, 'quick.json')));
    let stdout = '';
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const firstLine = await new Promise<string>((resolve) => {
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
        stdout += chunk;
        if (stdout.includes('\n')) resolve(stdout.split('\n')[0] ?? '');
      });
      child.once('close', () => resolve(stdout));
    });
    const closed = new Promise((resolve) => child.once('close', resolve));
    child.kill('SIGTERM');
    await closed;
    expect({ firstLine, stderr }).toEqual({
      firstLine: expect.stringMatching(/^live: https:\/\/127\.0\.0\.1:\d+$/),
      stderr: '',
    });
  });
});

describe('a start-up error is one line and a non-zero exit', () => {
  let taken: ReturnType<typeof createServer>;
  let port: number;
  beforeAll(async () => {
    taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    port = (taken.address() as AddressInfo).port;
  });
  afterAll(() => new Promise((resolve) => taken.close(resolve)));

  const inUse = () =>
    `port ${port} on 127.0.0.1 is in use by another program: stop it, or choose another port with SIGHTLINE_HOST_PORT`;

  it.each([
    ['demo --browser', ['demo', '--browser', '--no-open'], 'demo'],
    ['serve', ['serve'], 'serve'],
  ])('%s on a taken SIGHTLINE_HOST_PORT exits 1 within 5 s', async (_name, args, command) => {
    const folder = await mkdtemp(join(tmpdir(), 'sightline-port-'));
    const exit = await exitAfterFirstLine(
      startCli(args, {
        TMPDIR: folder,
        SIGHTLINE_DATA_DIR: folder,
        SIGHTLINE_HOST_PORT: String(port),
        CI: '1',
      }),
    );
    expect({ code: exit.code, stdout: exit.stdout, stderr: exit.stderr }).toEqual({
      code: 1,
      stdout: [],
      stderr: [`sightline ${command}: ${inUse()}`],
    });
    expect(exit.endedAt - exit.startedAt).toBeLessThan(5000);
  });

  it('serve on a port taken that its settings.json names stops everything it started and exits 1', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'sightline-port-'));
    await writeFile(join(folder, 'settings.json'), JSON.stringify({ host: { port } }));
    const exit = await exitAfterFirstLine(
      startCli(['serve'], { TMPDIR: folder, SIGHTLINE_DATA_DIR: folder }),
    );
    expect({ code: exit.code, stderr: exit.stderr }).toEqual({
      code: 1,
      stderr: [`sightline serve: ${inUse()}`],
    });
  }, 30_000);
});

describe.runIf(process.platform === 'linux')('demo --browser', () => {
  /** A folder holding only an `xdg-open` that writes the URL it got to `opened.txt` beside it and exits `code`. */
  async function fakeOpener(code: number): Promise<string> {
    const bin = await mkdtemp(join(tmpdir(), 'sightline-opener-'));
    await writeFile(join(bin, 'xdg-open'), `#!/bin/sh\necho "$1" > "${bin}/opened.txt"\nexit ${code}\n`);
    await chmod(join(bin, 'xdg-open'), 0o755);
    return bin;
  }

  /** Runs the demo until its word on the browser (or until `stopWhen` says so), then stops it with `signal`. */
  async function demoUntilOpened(
    bin: string,
    signal: NodeJS.Signals,
    stopWhen = (cli: CliProcess) => cli.stderrSoFar().some((line) => line.includes('browser')),
  ) {
    const folder = await mkdtemp(join(tmpdir(), 'sightline-demo-run-'));
    await mkdir(join(folder, 'tmp'));
    const cli = startCli(['demo', '--browser'], { PATH: bin, TMPDIR: join(folder, 'tmp') });
    const deadline = Date.now() + 90_000;
    while (!stopWhen(cli) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const companion = cli
      .stdoutSoFar()
      .find((line) => line.startsWith('companion: '))
      ?.slice(11);
    cli.kill(signal);
    const exit = await cli.done;
    return { exit, companion, leftInTmp: await readdir(join(folder, 'tmp')) };
  }

  it('opens the companion in the default browser, and removes its temporary folder on Ctrl-C', async () => {
    const bin = await fakeOpener(0);
    const { exit, companion, leftInTmp } = await demoUntilOpened(bin, 'SIGINT');
    expect(companion).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?token=/);
    expect((await readFile(join(bin, 'opened.txt'), 'utf8')).trim()).toBe(companion);
    expect(exit.stderr).toContain('demo: the companion page is open in your browser');
    // Quiet: the download's progress only with --verbose.
    expect(exit.stderr.filter((line) => /\[(arena|cards)\]/.test(line))).toEqual([]);
    expect(leftInTmp.filter((name) => name.startsWith('sightline-demo-'))).toEqual([]);
    expect(exit.code).toBe(0);
  }, 120_000);

  it('says where the companion is when no browser opens, and removes its temporary folder on SIGTERM', async () => {
    const { exit, leftInTmp } = await demoUntilOpened(await fakeOpener(3), 'SIGTERM');
    expect(exit.stderr).toContain(
      'demo: no browser could be opened here; open the companion URL above in one',
    );
    expect(leftInTmp.filter((name) => name.startsWith('sightline-demo-'))).toEqual([]);
  }, 120_000);

  it('removes its temporary folder on a SIGTERM that comes while it is still starting', async () => {
    // The CA line is printed once the folder exists, before the core starts and the demo says it has.
    const { exit, companion, leftInTmp } = await demoUntilOpened(await fakeOpener(0), 'SIGTERM', (cli) =>
      cli.stdoutSoFar().some((line) => line.startsWith('simulated CA: ')),
    );
    expect(companion).toBeUndefined();
    expect(leftInTmp.filter((name) => name.startsWith('sightline-demo-'))).toEqual([]);
    expect(exit.code).toBe(0);
  }, 120_000);
});
