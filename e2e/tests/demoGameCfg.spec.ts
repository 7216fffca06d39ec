import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { demoPageUrl, startDemo, stopDemo } from '../harness/demoProcess';
import { expect, test } from '../harness/fixtures';
import { shootScreenSizes } from '../harness/pageShots';

/**
 * `npm run demo:browser` (built) as a caster tries it: the Replay page's game.cfg switch lists the demo's simulated
 * install, and switching it off and on changes that file, not one of this machine's.
 */
test("npm run demo:browser: the Replay page's game.cfg switch works on the simulated install", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const work = await mkdtemp(join(tmpdir(), 'sightline-demo-game-cfg-'));
  const demo = await startDemo({
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    SIGHTLINE_DATA_DIR: join(work, 'data'),
  });
  try {
    const said =
      /demo: the replay page's game\.cfg switch works on a simulated install: (.+) \(--cfg <path> names a real one\)/.exec(
        demo.stderr(),
      );
    const cfg = said?.[1] ?? '';
    expect(cfg).toMatch(/League of Legends[/\\]Config[/\\]game\.cfg$/);

    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.goto(demoPageUrl(demo, '/replay'));
    const candidate = page.getByTestId('game-cfg-candidate').filter({ hasText: cfg });
    // full-game.json's replay runs: its game.cfg has the API on.
    await expect(candidate).toHaveAttribute('data-setting', 'enabled');
    await expect(page.getByText('No install found here.')).toHaveCount(0);

    await candidate.getByTestId('game-cfg-disable').click();
    await expect(candidate).toHaveAttribute('data-setting', 'disabled');
    await expect(page.getByTestId('game-cfg-message')).toContainText(/restart the replay/i);
    expect(await readFile(cfg, 'utf8')).toContain('EnableReplayApi=0\r\n');
    await shootScreenSizes(page, 'replay-demo-game-cfg');

    await candidate.getByTestId('game-cfg-enable').click();
    await expect(candidate).toHaveAttribute('data-setting', 'enabled');
    expect(await readFile(cfg, 'utf8')).toContain('EnableReplayApi=1\r\n');
  } finally {
    await stopDemo(demo.child);
    await rm(work, { recursive: true, force: true });
  }
});
