import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, scenarioPath, stopStack, test, type Stack } from '../harness/fixtures';
import { serveApp } from '../harness/servedApp';
import { loadScenarioFile, startSimulator } from '../../electron/simulator/index';

/**
 * A new user's first start: a data folder with nothing in it. The companion opens on the first-run guide, which
 * says what it found, sizes the game data before downloading it, downloads it with progress and a result, and
 * goes away when skipped (Settings brings it back). Overlays never see it.
 */

/** The simulator and the host on an empty data folder; the static hosts slow enough to watch a download. */
async function startFirstRun(): Promise<Stack> {
  const simulator = await startSimulator({
    scenario: await loadScenarioFile(scenarioPath('full-game')),
    staticHosts: { latencyMs: 40 },
  });
  const app = await serveApp(
    { ...simulator.urls, caPem: simulator.caPem },
    { SIGHTLINE_DATA_DIR: await mkdtemp(join(tmpdir(), 'sightline-first-run-')) },
  );
  return { simulator, app };
}

async function savedSettings(stack: Stack): Promise<Record<string, unknown>> {
  return JSON.parse(await readFile(join(stack.app.dataDir, 'settings.json'), 'utf8')) as Record<
    string,
    unknown
  >;
}

test.describe('the first-run guide', () => {
  let stack: Stack;
  test.beforeAll(async () => {
    stack = await startFirstRun();
  });
  test.afterAll(() => stopStack(stack));

  test('opens on a fresh data folder, sizes the game data, downloads it, and goes away when skipped', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    // Overlays never: the scoreboard stays the scoreboard.
    await page.goto(stack.app.overlayUrls.scoreboard ?? '');
    await expect(page.getByTestId('overlay-scoreboard')).toBeVisible();
    await expect(page.getByTestId('first-run')).toHaveCount(0);

    await page.goto(stack.app.companionUrl);
    await expect(page).toHaveURL(/\/welcome\?token=/);
    const guide = page.getByTestId('first-run');
    await expect(guide.getByTestId('source-live')).toBeVisible();
    await expect(guide.getByTestId('found-game-data')).toContainText('not downloaded yet');
    await expect(guide.getByTestId('found-game-cfg')).toBeVisible();
    await expect(guide.getByTestId('found-api-key')).toContainText('none (optional)');
    await expect(page.getByTestId('legal-footer')).toContainText('Not endorsed by Riot Games');

    // The size before starting: asked of the hosts (HEAD for the bundles), nothing downloaded yet.
    await expect(page.getByTestId('first-run-size-total')).toHaveText(/^about \d+(\.\d+)? (KB|MB)$/);
    await expect(page.getByTestId('first-run-game-data')).toContainText('Arena game 14.1.2 (en_US)');
    await expect(page.getByTestId('first-run-game-data')).toContainText(
      /Cards \(en_us\): Core .*Set 1 .*Set 9/,
    );
    // The simulated hosts publish every set: none is left out.
    await expect(page.getByTestId('first-run-game-data')).not.toContainText('Not published by this host');
    const requests = stack.simulator.staticHosts.control.stats().requests;
    expect(
      Object.keys(requests).filter((path) => path.endsWith('.zip') && !path.startsWith('HEAD ')),
    ).toEqual([]);

    // Yes to keeping it current, then the download: progress, then the result.
    await page.getByTestId('auto-sync').check();
    await expect(page.getByTestId('auto-sync')).toBeChecked();
    await page.getByTestId('first-run-download').click();
    await expect(page.getByTestId('sync-progress')).toBeVisible();
    await expect(page.getByTestId('sync-progress-bytes')).toHaveText(/^\d.* of \d/);
    await expect(page.getByTestId('last-sync-verdict')).toHaveText('Up to date', { timeout: 45_000 });
    await expect(guide.getByTestId('found-game-data')).toHaveAttribute('data-state', 'connected');
    await expect(page.getByTestId('first-run-size-total')).toHaveText('Everything is downloaded and current');
    expect(await savedSettings(stack)).toMatchObject({
      staticData: { autoSync: true, locale: 'en_us' },
      firstRun: { dismissed: false },
    });

    await page.getByTestId('first-run-skip').click();
    await expect(page).toHaveURL(/\/\?token=/);
    await expect(page.getByTestId('game-clock')).toBeVisible();
    expect(await savedSettings(stack)).toMatchObject({ firstRun: { dismissed: true } });
    // Once put away, the companion starts on its status page.
    await page.goto(stack.app.companionUrl);
    await expect(page.getByTestId('game-clock')).toBeVisible();
    await expect(page).not.toHaveURL(/welcome/);
  });

  test('comes back from Settings, and Done puts it away again', async ({ page }) => {
    await page.goto(stack.app.pageUrl('/settings'));
    await page.getByTestId('show-setup-guide').click();
    await expect(page).toHaveURL(/\/welcome\?token=/);
    await expect(page.getByTestId('first-run-replay-api')).toContainText('Replay API switch (game.cfg)');
    await expect(page.getByTestId('first-run-api-key')).toContainText(
      'player lookups, match history and community tournaments',
    );
    await page.getByTestId('first-run-done').click();
    await expect(page.getByTestId('game-clock')).toBeVisible();
    expect(await savedSettings(stack)).toMatchObject({ firstRun: { dismissed: true } });
  });
});

// The README's screenshot, taken on request: SIGHTLINE_README_SHOTS=1 writes it to e2e/screenshots/.
const README_SHOTS = process.env.SIGHTLINE_README_SHOTS === '1';
const SHOTS_DIR = fileURLToPath(new URL('../screenshots/', import.meta.url));

test('README screenshots of the first-run guide', async ({ page }) => {
  test.skip(!README_SHOTS, 'set SIGHTLINE_README_SHOTS=1 to write e2e/screenshots/');
  test.setTimeout(120_000);
  const stack = await startFirstRun();
  try {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(stack.app.companionUrl);
    await expect(page.getByTestId('first-run-size-total')).toHaveText(/^about /);
    await expect(page.getByTestId('game-cfg-candidates')).toBeAttached();
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${SHOTS_DIR}first-run-guide.png`, fullPage: true });

    await page.getByTestId('auto-sync').check();
    await page.getByTestId('first-run-download').click();
    await expect(page.getByTestId('last-sync-verdict')).toHaveText('Up to date', { timeout: 45_000 });
    await page.waitForTimeout(300);
    await page
      .getByTestId('first-run-game-data')
      .screenshot({ path: `${SHOTS_DIR}first-run-guide-downloaded.png` });
  } finally {
    await stopStack(stack);
  }
});
