import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { shootScreenSizes } from '../harness/pageShots';
import { expect, startStack, stopStack, test, type Stack } from '../harness/fixtures';
import { openFromBar } from '../harness/navigation';

/**
 * The Shortcuts page in browser mode: every global shortcut of the desktop app in one list, rebound and saved to the
 * settings the desktop app registers as each box is left (no Save button); a key bound twice, across groups too, is
 * refused on its line and not saved.
 * The desktop app's own panel says what only it knows. With SIGHTLINE_README_SHOTS=1, both pages at 1920×1080 and
 * 1280×720.
 */

interface SavedShortcuts {
  replay?: { hotkeys?: Record<string, string | null> };
  desktop?: { shortcuts?: Record<string, string | null> };
}

async function savedSettings(stack: Stack): Promise<SavedShortcuts> {
  const text = await readFile(join(stack.app.dataDir, 'settings.json'), 'utf8').catch(() => '{}');
  return JSON.parse(text) as SavedShortcuts;
}

test.describe('shortcuts', () => {
  let stack: Stack;
  test.beforeAll(async () => {
    stack = await startStack('idle');
  });
  test.afterAll(() => stopStack(stack));

  test('lists every global shortcut in one list, from the navigation, and says they work in the desktop app', async ({
    page,
  }) => {
    await page.goto(stack.app.pageUrl('/'));
    await openFromBar(page, 'Cast', 'Shortcuts');
    await expect(page.getByRole('heading', { name: 'Shortcuts' })).toBeVisible();
    await expect(page.getByTestId('shortcuts-desktop-only')).toContainText('Desktop app only');
    await expect(page.getByTestId('shortcut-group-desktop').getByRole('textbox')).toHaveCount(1);
    await expect(page.getByTestId('shortcut-group-replay').getByRole('textbox')).toHaveCount(5);
    await expect(page.getByTestId('shortcut-toggleOverlays')).toHaveValue('Alt+Shift+O');
    await expect(page.getByLabel('Hide / show every overlay')).toHaveValue('Alt+Shift+O');
    await expect(page.getByTestId('shortcut-toggle-pause')).toHaveValue('Alt+Shift+Space');
    await expect(page.getByTestId('legal-footer')).toContainText('Not endorsed by Riot Games');
  });

  test('refuses one key for two shortcuts, across groups and within one, on its line when the box is left, and saves nothing', async ({
    page,
  }) => {
    const before = await savedSettings(stack);
    await page.goto(stack.app.pageUrl('/shortcuts'));
    // One way to save: no Save button, each box saves itself when left.
    await expect(page.getByRole('button', { name: /^Save/ })).toHaveCount(0);
    await page.getByTestId('shortcut-toggleOverlays').fill('alt+shift+space');
    await page.getByTestId('shortcut-toggleOverlays').press('Tab');
    await expect(page.getByTestId('shortcut-problem-toggleOverlays')).toHaveText(
      'Alt+Shift+Space is already bound to toggle-pause',
    );
    await page.getByTestId('shortcut-seek-back').fill('Alt+Shift+Right');
    await page.getByTestId('shortcut-seek-back').press('Enter');
    await expect(page.getByTestId('shortcut-problem-seek-back')).toHaveText(
      'Alt+Shift+Right is already bound to seek-forward',
    );
    await expect(page.getByTestId('shortcut-toggleOverlays')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('Saved', { exact: true })).toHaveCount(0);
    expect(await savedSettings(stack)).toEqual(before);

    // A key nobody could hold as a global shortcut is refused the same way; a sound box is held back, and says so.
    await page.getByTestId('shortcut-toggleOverlays').fill('H');
    await page.getByTestId('shortcut-toggleOverlays').press('Tab');
    await expect(page.getByTestId('shortcut-problem-toggleOverlays')).toHaveText(
      '"H" needs a modifier such as Alt or Ctrl',
    );
    await page.getByTestId('shortcut-seek-back').fill('Alt+Shift+Left');
    await page.getByTestId('shortcut-seek-back').press('Tab');
    await expect(page.getByTestId('shortcut-problem-seek-back')).toHaveCount(0);
    await expect(page.getByTestId('shortcut-seek-back-status')).toHaveText(
      'Not saved: fix the shortcut marked above first.',
    );
    expect(await savedSettings(stack)).toEqual(before);
    // What was typed stays in its box, to be corrected.
    await expect(page.getByTestId('shortcut-toggleOverlays')).toHaveValue('H');
  });

  test('rebinds the overlay toggle and a replay key as each box is left, kept after a reload', async ({
    page,
  }) => {
    await page.goto(stack.app.pageUrl('/shortcuts'));
    await page.getByTestId('shortcut-toggleOverlays').fill('Ctrl+Alt+H');
    await page.getByTestId('shortcut-toggleOverlays').press('Tab');
    await expect(page.getByTestId('shortcut-toggleOverlays-status')).toHaveText('Saved');
    await page.getByTestId('shortcut-seek-back').fill('Ctrl+Alt+Left');
    await page.getByTestId('shortcut-seek-back').press('Enter');
    await expect(page.getByTestId('shortcut-seek-back-status')).toHaveText('Saved');
    await page.getByTestId('shortcut-speed-up').fill('');
    await page.getByTestId('shortcut-speed-up').press('Tab');
    await expect(page.getByTestId('shortcut-speed-up-status')).toHaveText('Saved');
    const saved = await savedSettings(stack);
    expect(saved.desktop?.shortcuts).toEqual({ toggleOverlays: 'Ctrl+Alt+H' });
    expect(saved.replay?.hotkeys).toMatchObject({ 'seek-back': 'Ctrl+Alt+Left', 'speed-up': null });
    await page.reload();
    await expect(page.getByTestId('shortcut-toggleOverlays')).toHaveValue('Ctrl+Alt+H');
    await expect(page.getByTestId('shortcut-speed-up')).toHaveValue('');

    // Two keys swapped one box at a time: the first is held back by the clash, the second saves both.
    await page.getByTestId('shortcut-seek-back').fill('Alt+Shift+Right');
    await page.getByTestId('shortcut-seek-back').press('Tab');
    await expect(page.getByTestId('shortcut-problem-seek-back')).toBeVisible();
    await page.getByTestId('shortcut-seek-forward').fill('Ctrl+Alt+Left');
    await page.getByTestId('shortcut-seek-forward').press('Tab');
    await expect(page.getByTestId('shortcut-seek-forward-status')).toHaveText('Saved');
    await expect(page.getByTestId('shortcut-problem-seek-back')).toHaveCount(0);
    expect((await savedSettings(stack)).replay?.hotkeys).toMatchObject({
      'seek-back': 'Alt+Shift+Right',
      'seek-forward': 'Ctrl+Alt+Left',
    });

    // Defaults puts every box back and saves at once, keeping no override.
    await page.getByTestId('shortcuts-defaults').click();
    await expect(page.getByTestId('shortcut-toggleOverlays')).toHaveValue('Alt+Shift+O');
    await expect(page.getByTestId('shortcut-defaults-status')).toHaveText('Saved');
    const reset = await savedSettings(stack);
    expect([reset.desktop?.shortcuts, reset.replay?.hotkeys]).toEqual([
      { toggleOverlays: 'Alt+Shift+O' },
      {},
    ]);
    await shootScreenSizes(page, 'shortcuts');
  });

  test('the desktop app’s panel on the Settings page says it is the desktop app’s', async ({ page }) => {
    await page.goto(stack.app.pageUrl('/settings'));
    await expect(page.getByRole('heading', { name: 'Desktop app' })).toBeVisible();
    await expect(page.getByTestId('desktop-only')).toContainText('Desktop app only');
    await expect(page.getByTestId('setting-overlay-display')).toHaveCount(0);
    await shootScreenSizes(page, 'settings-desktop');
  });
});
