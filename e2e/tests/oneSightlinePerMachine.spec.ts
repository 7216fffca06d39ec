import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli, type CliExit } from '../harness/cliProcess';
import { tournamentByCli } from '../harness/cliTournament';
import { expect, startStack, test, type Stack } from '../harness/fixtures';
import {
  SIMULATOR_API_KEY,
  startWebApiSimulator,
  type RunningWebApiSimulator,
} from '../../electron/simulator/webApi/webApiSimulator';

/**
 * One Sightline per data folder, with real processes: `serve` registers as the folder's primary, the CLI's
 * tournament desk hands its work to it (so a code created on the command line is on serve's companion page at
 * once, written by serve alone), a second `serve` is refused naming the first, and once serve is killed
 * with kill -9 the CLI works alone at once.
 */

const CALLBACK_URL = 'http://results.example.com/tournament/callback';

test.describe('one Sightline per data folder', () => {
  test.describe.configure({ mode: 'serial' });
  let webApi: RunningWebApiSimulator;
  let stack: Stack;
  let cliEnv: Record<string, string>;
  let tournamentId = 0;
  let killed = false;

  test.beforeAll(async () => {
    webApi = await startWebApiSimulator();
    const webApiEnv = { SIGHTLINE_WEB_API_BASE: webApi.baseTemplate, SIGHTLINE_API_KEY: SIMULATOR_API_KEY };
    stack = await startStack('idle', webApiEnv);
    cliEnv = { ...webApiEnv, SIGHTLINE_DATA_DIR: stack.app.dataDir };
  });
  test.afterAll(async () => {
    if (!killed) await stack.app.stop();
    await stack.simulator.close();
    await webApi.close();
  });

  test('a tournament code created on the command line while serve runs is on its companion page at once', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    // Its codes are made below, one and then two, to see them arrive on the open page.
    tournamentId = await tournamentByCli(cliEnv, {
      callbackUrl: CALLBACK_URL,
      participants: 40,
      name: 'Spring Cup',
    });

    const createCodes = (count: number) =>
      runCli(
        [
          'tournament',
          'codes',
          'create',
          '--tournament',
          String(tournamentId),
          '--count',
          String(count),
          '--yes',
        ],
        cliEnv,
      );
    expect(await createCodes(1)).toMatchObject({ code: 0 });

    // The companion page is open before the next codes exist: they arrive there pushed, no reload.
    await page.goto(stack.app.pageUrl('/tournaments'));
    await expect(page.getByTestId('tournament-row')).toContainText('Spring Cup');
    await expect(page.getByTestId('code-row')).toHaveCount(1);
    const codes = await createCodes(2);
    expect(codes, codes.stderr.join('\n')).toMatchObject({ code: 0 });
    // Output as documented: one JSON line per code, the win condition on stderr.
    expect(codes.stdout).toHaveLength(2);
    expect(codes.stderr.join('\n')).toContain('win condition: Best of one.');
    for (const line of codes.stdout) {
      const { code } = JSON.parse(line) as { code: string };
      await expect(page.locator(`[data-testid="code-row"][data-code="${code}"]`)).toBeVisible();
    }
    // The row the page showed before is still there: nothing was lost to a second writer.
    await expect(page.getByTestId('code-row')).toHaveCount(3);
  });

  test('a second serve on the same data folder is refused with one line naming the running one', async () => {
    const second = await runCli(['serve'], { ...cliEnv, SIGHTLINE_HOST_PORT: '0' });
    expect(second.code).toBe(1);
    expect(second.stdout).toEqual([]);
    expect(second.stderr).toEqual([
      expect.stringMatching(
        new RegExp(
          `^sightline serve: another Sightline already runs on this data folder: serve \\(pid ${stack.app.process.pid}, since \\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z\\); stop it or use another SIGHTLINE_DATA_DIR$`,
        ),
      ),
    ]);
    // The running one keeps serving.
    expect(stack.app.process.exitCode).toBeNull();
  });

  test('after kill -9 of serve, a command right after works alone, within 5 s', async () => {
    const exited = new Promise((resolve) => stack.app.process.once('exit', resolve));
    stack.app.process.kill('SIGKILL');
    await exited;
    killed = true;
    const codes = await runCli(
      ['tournament', 'codes', 'create', '--tournament', String(tournamentId), '--count', '1', '--yes'],
      cliEnv,
    );
    expect(codes, codes.stderr.join('\n')).toMatchObject({ code: 0 });
    expect(codes.stdout).toHaveLength(1);
    // The same command in a folder no Sightline ever ran on: what the command takes on this machine by itself.
    // Beside the killed one's folder it may take no more than 5 s longer (it takes no longer: a record of an
    // ended process is passed over at once).
    const fresh = { ...cliEnv, SIGHTLINE_DATA_DIR: await mkdtemp(join(tmpdir(), 'sightline-alone-')) };
    const alone = await runCli(['tournament', 'results'], fresh);
    const afterKill = await runCli(['tournament', 'results', '--tournament', String(tournamentId)], cliEnv);
    expect([alone.code, afterKill.code]).toEqual([0, 0]);
    const ms = (run: CliExit) => run.endedAt - run.startedAt;
    expect(ms(afterKill) - ms(alone)).toBeLessThan(5_000);
  });
});
