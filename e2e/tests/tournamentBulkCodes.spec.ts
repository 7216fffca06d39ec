import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { silentLogger } from '../../electron/core/platform/log/logger';
import { readEnvironment } from '../../electron/core/platform/settings/environment';
import { SettingsStore } from '../../electron/core/platform/settings/settingsStore';
import {
  openTournamentStore,
  tournamentDbPath,
} from '../../electron/core/features/tournament/storage/tournamentStore';
import { runCli, startCli, type CliExit } from '../harness/cliProcess';
import { tournamentByCli } from '../harness/cliTournament';
import { expect, startStack, stopStack, test, type Stack } from '../harness/fixtures';
import {
  SIMULATOR_API_KEY,
  startWebApiSimulator,
  type RunningWebApiSimulator,
} from '../../electron/simulator/webApi/webApiSimulator';

/**
 * Issue 27, item 2: bulk codes with real processes against the web API simulator. 1,000 codes take 10 creation
 * calls, progress lines come as they are made, and `kill -TERM` after the first progress line leaves every code
 * the API created stored in tournaments.db: with the CLI alone and through the running Sightline (`serve`).
 */

const CALLBACK_URL = 'http://results.example.com/tournament/callback';
const CODES_ENDPOINT = 'tournament-v5.codes';

let webApi: RunningWebApiSimulator;

/** A data folder whose key is a confirmed tournament key (v5), as the organizer sets it once. */
async function organizerFolder(): Promise<string> {
  const dataDir = await mkdtemp(join(tmpdir(), 'sightline-e2e-bulk-codes-'));
  const settings = await SettingsStore.open(
    join(dataDir, 'settings.json'),
    readEnvironment({}),
    silentLogger,
  );
  await settings.update({
    firstRun: { dismissed: true },
    webApi: { keyKind: 'production', apiVersion: 'v5', tournamentKeyConfirmed: true },
  });
  return dataDir;
}

const envOf = (dataDir: string) => ({
  SIGHTLINE_DATA_DIR: dataDir,
  SIGHTLINE_API_KEY: SIMULATOR_API_KEY,
  SIGHTLINE_WEB_API_BASE: webApi.baseTemplate,
});

/** A provider and a tournament of 2,000 players: 1,000 codes of teams of one are within what it needs. */
async function tournamentIn(env: Record<string, string>): Promise<string> {
  return String(await tournamentByCli(env, { callbackUrl: CALLBACK_URL, participants: 2000 }));
}

const codesCreate = (tournamentId: string) => [
  'tournament',
  'codes',
  'create',
  '--tournament',
  tournamentId,
  '--count',
  '1000',
  '--team-size',
  '1',
];

/** The codes in the desk's tournaments.db. */
async function storedCodes(dataDir: string): Promise<string[]> {
  const store = await openTournamentStore(tournamentDbPath(dataDir));
  try {
    return (await store.listCodes()).map((code) => code.code).sort();
  } finally {
    store.close();
  }
}

const apiCodes = () =>
  webApi.control.tournament
    .codes()
    .map((code) => code.code)
    .sort();

const creationCalls = () =>
  webApi.control
    .requests()
    .filter((request) => request.endpoint === CODES_ENDPOINT && request.method === 'POST');

/** Starts `codes create` for 1,000 codes, sends SIGTERM once its first progress line is out, and waits for its end. */
async function terminatedAfterFirstProgress(args: string[], env: Record<string, string>): Promise<CliExit> {
  const cli = startCli(args, env);
  await expect
    .poll(() => cli.stderrSoFar().some((line) => line.startsWith('created ')), { timeout: 30_000 })
    .toBe(true);
  cli.kill('SIGTERM');
  return cli.done;
}

/** What a run stopped by SIGTERM printed and kept: exactly the codes the API created (after `before`). */
async function expectEverythingKept(exit: CliExit, dataDir: string, before: string[] = []): Promise<void> {
  expect(exit.code, exit.stderr.join('\n')).toBe(143);
  expect(await storedCodes(dataDir)).toEqual(apiCodes());
  const made = apiCodes().filter((code) => !before.includes(code));
  expect(made.length).toBeGreaterThanOrEqual(100);
  expect(made.length).toBeLessThan(1000);
  expect(exit.stdout.map((line) => (JSON.parse(line) as { code: string }).code).sort()).toEqual(made);
  expect(exit.stderr).toContain(`stopped by SIGTERM: ${made.length} of 1000 codes were created and kept`);
}

test.describe('bulk tournament codes', () => {
  test.describe.configure({ mode: 'serial', timeout: 120_000 });
  test.beforeAll(async () => {
    webApi = await startWebApiSimulator({ appLimits: '500:10,30000:600' });
  });
  test.afterAll(() => webApi.close());
  test.afterEach(() => {
    webApi.control.setLatency(0);
    webApi.control.reset();
  });

  test('1,000 codes take 10 creation calls, with a progress line after each, all stored', async () => {
    const dataDir = await organizerFolder();
    const tournamentId = await tournamentIn(envOf(dataDir));
    const run = await runCli(codesCreate(tournamentId), envOf(dataDir));
    expect(run.code, run.stderr.join('\n')).toBe(0);
    expect(creationCalls()).toHaveLength(10);
    expect(run.stderr.filter((line) => line.startsWith('created '))).toEqual(
      Array.from({ length: 10 }, (_, index) => `created ${(index + 1) * 100} of 1000 codes`),
    );
    expect(run.stdout).toHaveLength(1000);
    expect(await storedCodes(dataDir)).toEqual(apiCodes());
  });

  test('kill -TERM after the first progress line: no new call, every code the API made is stored (CLI alone)', async () => {
    const dataDir = await organizerFolder();
    const tournamentId = await tournamentIn(envOf(dataDir));
    // Each call takes a while, as a real one does: the signal lands while the run is going.
    webApi.control.setLatency(300);
    const exit = await terminatedAfterFirstProgress(codesCreate(tournamentId), envOf(dataDir));
    await expectEverythingKept(exit, dataDir);
  });

  test('kill -TERM after the first progress line: the same through the running Sightline; the form shows progress', async ({
    page,
  }) => {
    const dataDir = await organizerFolder();
    let stack: Stack | undefined;
    try {
      stack = await startStack('idle', envOf(dataDir));
      const tournamentId = await tournamentIn(envOf(dataDir));
      webApi.control.setLatency(300);

      // The desktop form runs the same requests and counts them as they come.
      await page.goto(stack.app.pageUrl('/tournaments'));
      await expect(page.getByTestId('tournament-row')).toHaveCount(1);
      await page.getByTestId('code-count').fill('250');
      await page.getByTestId('code-team-size').fill('1');
      // Every text the progress line shows, as the page draws it: one call's 300 ms can fall between two looks
      // of a polling assertion on a loaded machine.
      await page.evaluate(() => {
        const shown: string[] = [];
        Object.assign(window, { progressShown: shown });
        new MutationObserver(() => {
          const text = document.querySelector('[data-testid="code-progress"]')?.textContent ?? null;
          if (text !== null && text !== shown.at(-1)) shown.push(text);
        }).observe(document.body, { subtree: true, childList: true, characterData: true });
      });
      await page.getByTestId('code-create').click();
      await expect(page.getByTestId('code-progress')).toHaveText('Created 250 of 250 codes.');
      const shown = await page.evaluate(
        () => (window as unknown as { progressShown: string[] }).progressShown,
      );
      expect(shown).toEqual(
        expect.arrayContaining(['Created 100 of 250 codes…', 'Created 200 of 250 codes…']),
      );
      await expect(page.getByTestId('code-row')).toHaveCount(250);
      expect(creationCalls()).toHaveLength(3);

      const before = apiCodes();
      const exit = await terminatedAfterFirstProgress(codesCreate(tournamentId), envOf(dataDir));
      // serve wrote them: read once it has stopped, so only one process ever held the file open to write.
      await stopStack(stack);
      stack = undefined;
      await expectEverythingKept(exit, dataDir, before);
    } finally {
      await stopStack(stack);
    }
  });
});
