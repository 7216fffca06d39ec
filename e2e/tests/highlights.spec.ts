import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, startStack, stopStack, test, type Stack } from '../harness/fixtures';
import { shootScreenSizes } from '../harness/pageShots';

// The Replay page's Highlights panel against a replay watched to its end (scenarios/highlights.json): four
// clips with the default margins (first blood and a double kill; a dragon; a tower; a kill and a stolen baron).

test.describe('the Highlights panel', () => {
  let stack: Stack;
  test.beforeAll(async () => {
    stack = await startStack('highlights');
  });
  test.afterAll(() => stopStack(stack));

  const replay = () => stack.simulator.control.state().replay;

  test('shows the replay’s clips, previews one in the game, and records the edited reel one file per clip', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.goto(stack.app.pageUrl('/replay'));
    await expect(page.getByTestId('replay-play-pause')).toBeEnabled();
    const panel = page.getByTestId('highlights-panel');
    await panel.getByTestId('highlights-find').click();

    const clips = panel.getByTestId('highlight-clip');
    await expect(clips).toHaveCount(4);
    await expect(clips.nth(0)).toContainText('0:12–0:28');
    await expect(clips.nth(0)).toContainText('Ahri drew first blood');
    await expect(clips.nth(3)).toContainText('1:32–1:49');
    await expect(clips.nth(3)).toContainText('Baron');

    // Preview: the game plays the clip's sequence from its start, following the double kill's player.
    await clips.nth(0).getByTestId('highlight-preview').click();
    await expect
      .poll(() => replay().sequence?.['selectionName'])
      .toEqual([{ time: 12, value: 'Sightline', blend: 'snap' }]);
    await expect.poll(() => replay().playback?.paused).toBe(false);

    // Drop the tower, put the baron before the dragon, and trim the first clip's end on its timeline.
    await clips.nth(2).getByTestId('highlight-drop').click();
    await expect(clips).toHaveCount(3);
    await clips.nth(2).getByTestId('highlight-earlier').click();
    await expect(clips.nth(1)).toContainText('1:32–1:49');
    await clips.nth(0).getByTestId('highlight-end').fill('25');
    await expect(clips.nth(0)).toContainText('0:12–0:25');

    const folder = join(stack.app.dataDir, 'highlights');
    await page.getByTestId('recording-path').fill(folder);
    await expect(panel.getByTestId('highlights-folder')).toContainText(folder);
    await panel.getByTestId('highlights-record-all').click();

    const summary = panel.getByTestId('highlights-summary');
    await expect(summary).toBeVisible({ timeout: 60_000 });
    await expect(summary.locator('tbody tr')).toHaveCount(3);
    await expect(panel.getByTestId('highlight-status')).toHaveCount(3);
    for (const status of await panel.getByTestId('highlight-status').all()) {
      await expect(status).toHaveAttribute('data-state', 'recorded');
    }
    // In the reel's order, each from its own range.
    const written = (await readdir(folder)).sort();
    expect(written).toEqual([
      'highlight-01-00m12s.webm',
      'highlight-02-01m32s.webm',
      'highlight-03-00m42s.webm',
    ]);
    await expect(summary.locator('tbody tr').nth(0)).toContainText(join(folder, written[0] ?? ''));
    await expect(summary.locator('tbody tr').nth(0)).toContainText('0:13');
    await expect(page.getByTestId('legal-footer')).toContainText('Not endorsed by Riot Games');
    await panel.scrollIntoViewIfNeeded();
    await shootScreenSizes(page, 'replay-highlights');
  });
});
