import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, startStack, stopStack, test, type Stack } from '../harness/fixtures';
import { hostRequest } from '../harness/hostRequest';
import { shootScreenSizes } from '../harness/pageShots';

async function openReplayPage(page: Page, stack: Stack): Promise<void> {
  await page.goto(stack.app.pageUrl('/replay'));
  await expect(page.getByTestId('replay-play-pause')).toBeEnabled();
}

test.describe('the caster panel drives the replay', () => {
  let stack: Stack;
  test.beforeAll(async () => {
    stack = await startStack('full-game');
  });
  test.afterAll(() => stopStack(stack));

  const replay = () => stack.simulator.control.state().replay;

  test('play/pause pauses and resumes the replay', async ({ page }) => {
    await openReplayPage(page, stack);
    expect(replay().playback?.paused).toBe(false);
    const button = page.getByTestId('replay-play-pause');

    await button.click();
    await expect.poll(() => replay().playback?.paused).toBe(true);
    await expect(button).toHaveAttribute('data-paused', 'true');
    await expect(button).toHaveAccessibleName('Play');

    await button.click();
    await expect.poll(() => replay().playback?.paused).toBe(false);
    await expect(page.getByTestId('legal-footer')).toContainText('Not endorsed by Riot Games');
  });

  test('the +30 s button and the seek bar move the replay clock', async ({ page }) => {
    await openReplayPage(page, stack);
    const before = replay().playback?.time ?? 0;
    await page.getByTestId('replay-skip-forward-30').click();
    await expect.poll(() => replay().playback?.time ?? 0).toBeGreaterThanOrEqual(before + 29);

    await page.getByTestId('replay-seek').fill('600');
    await expect.poll(() => replay().playback?.time ?? 0).toBeGreaterThanOrEqual(600);
    expect(replay().playback?.time ?? 0).toBeLessThan(620);
    await expect(page.getByTestId('replay-time')).toHaveText(/^10:0\d$/);
  });

  test('the −10 s and +5 s buttons move a paused replay by exactly that much', async ({ page }) => {
    await openReplayPage(page, stack);
    const playPause = page.getByTestId('replay-play-pause');
    await playPause.click();
    await expect.poll(() => replay().playback?.paused).toBe(true);
    await page.getByTestId('replay-seek').fill('300');
    await expect.poll(() => replay().playback?.time).toBe(300);
    await expect(page.getByTestId('replay-time')).toHaveText('5:00');

    await page.getByTestId('replay-skip-back-10').click();
    await expect.poll(() => replay().playback?.time).toBe(290);
    await expect(page.getByTestId('replay-time')).toHaveText('4:50');
    await page.getByTestId('replay-skip-forward-5').click();
    await expect.poll(() => replay().playback?.time).toBe(295);
    await expect(page.getByTestId('replay-time')).toHaveText('4:55');

    await playPause.click();
    await expect.poll(() => replay().playback?.paused).toBe(false);
  });

  test('camera mode, follow and field of view change the replay render', async ({ page }) => {
    await openReplayPage(page, stack);
    const mode = page.getByTestId('camera-mode');
    await expect(mode).toHaveValue('top');
    await mode.selectOption('fps');
    await expect.poll(() => replay().render?.cameraMode).toBe('fps');
    await expect(mode).toHaveValue('fps');

    // Player names come from the live data that runs beside the replay.
    const follow = page.getByTestId('camera-follow');
    const firstPlayer = follow.locator('optgroup option').first();
    await expect(firstPlayer).toBeAttached();
    const name = (await firstPlayer.getAttribute('value')) ?? '';
    expect(name).not.toBe('');
    await follow.selectOption(name);
    await expect.poll(() => replay().render).toMatchObject({ selectionName: name, cameraAttached: true });
    await expect(follow).toHaveValue(name);
    await follow.selectOption('');
    await expect.poll(() => replay().render?.cameraAttached).toBe(false);
    await expect(follow).toHaveValue('');

    const fieldOfView = page.getByTestId('camera-fov');
    expect(replay().render?.fieldOfView).toBe(45);
    await fieldOfView.fill('70');
    await expect.poll(() => replay().render?.fieldOfView).toBe(70);
    await expect(page.locator('output[for="camera-fov"]')).toHaveText('70°');

    // Back to the defaults, for the tests that follow.
    await fieldOfView.fill('45');
    await expect.poll(() => replay().render?.fieldOfView).toBe(45);
    await mode.selectOption('top');
    await expect.poll(() => replay().render?.cameraMode).toBe('top');
  });

  test('a view toggle is echoed in the replay render', async ({ page }) => {
    await openReplayPage(page, stack);
    const toggle = page.getByTestId('render-toggle-fogOfWar');
    const before = replay().render?.fogOfWar;
    expect(before).toBe(true);
    await expect(toggle).toBeChecked();

    await toggle.click();
    await expect.poll(() => replay().render?.fogOfWar).toBe(false);
    await expect(toggle).not.toBeChecked();

    await toggle.click();
    await expect.poll(() => replay().render?.fogOfWar).toBe(true);
  });

  test('a sequence of two keyframes is applied to the replay, and Clear removes it', async ({ page }) => {
    await openReplayPage(page, stack);
    await page.getByTestId('sequence-track').selectOption('fieldOfView');
    await page.getByTestId('sequence-add-keyframe').click();
    await expect(page.getByTestId('keyframe-0')).toBeVisible();

    // Move the first keyframe to 1:00, then keyframe the current moment as well.
    const time = page.getByTestId('keyframe-0-time');
    await time.fill('1:00');
    await time.press('Enter');
    await page.getByTestId('sequence-add-keyframe').click();
    await expect(page.getByTestId('keyframe-table').locator('tbody tr')).toHaveCount(2);
    await page.getByTestId('keyframe-1-blend').selectOption('smoothStep');
    await expect(page.getByTestId('timeline-track-fieldOfView').locator('.keyframe-tick')).toHaveCount(2);

    await page.getByTestId('sequence-apply').click();
    await expect.poll(() => (replay().sequence?.fieldOfView as unknown[] | undefined)?.length ?? 0).toBe(2);
    const stored = replay().sequence?.fieldOfView as Array<{ time: number; value: number; blend: string }>;
    expect(stored.map((keyframe) => keyframe.blend)).toContain('smoothStep');
    expect(stored.some((keyframe) => keyframe.time === 60)).toBe(true);
    await expect(page.getByTestId('sequence-sync')).toHaveText('Playing in the replay');

    await page.getByTestId('sequence-clear').click();
    await expect.poll(() => Object.keys(replay().sequence ?? { x: 1 }).length).toBe(0);
    await expect(page.getByTestId('sequence-sync')).toHaveText('No sequence in the replay');
  });

  test('three keyframes taken while following a champion key every track, with three camera positions', async ({
    page,
  }) => {
    await openReplayPage(page, stack);
    const follow = page.getByTestId('camera-follow');
    const champion = (await follow.locator('optgroup option').first().getAttribute('value')) ?? '';
    await follow.selectOption(champion);
    await expect.poll(() => replay().render?.cameraAttached).toBe(true);
    await expect(page.getByTestId('keyed-tracks-summary')).toHaveText('Keys all 29 tracks');

    const add = page.getByTestId('sequence-add-keyframe');
    const result = page.getByTestId('keyframe-capture-result');
    for (let take = 1; take <= 3; take += 1) {
      if (take > 1) await page.waitForTimeout(1200);
      await add.click();
      await expect(result).toContainText('Keyed 29 tracks at');
      await expect(page.getByTestId('timeline-track-cameraPosition').locator('.keyframe-tick')).toHaveCount(
        take,
      );
    }
    await page.getByTestId('sequence-apply').click();
    await expect
      .poll(() => (replay().sequence?.cameraPosition as unknown[] | undefined)?.length ?? 0)
      .toBe(3);
    const sequence = replay().sequence ?? {};
    const positions = (sequence.cameraPosition as Array<{ value: unknown }>).map((keyframe) =>
      JSON.stringify(keyframe.value),
    );
    // The camera moved with the champion: three places, none the free camera's starting one.
    expect(new Set(positions).size).toBe(3);
    expect(positions).not.toContain(JSON.stringify({ x: 7400, y: 1900, z: 7400 }));
    expect(Object.keys(sequence)).toHaveLength(29);
    for (const keyframes of Object.values(sequence)) expect(keyframes).toHaveLength(3);

    // A caster who wants less unticks tracks: the next keyframe takes only those still ticked.
    await page.getByTestId('keyed-tracks-summary').click();
    await page.getByTestId('keyed-tracks-none').click();
    await expect(add).toBeDisabled();
    await page.getByTestId('keyed-track-fieldOfView').check();
    await expect(page.getByTestId('keyed-tracks-summary')).toHaveText('Keys Field of view');
    await page.waitForTimeout(600);
    await add.click();
    await expect(result).toContainText('Keyed 1 track at');
    await expect(page.getByTestId('timeline-track-fieldOfView').locator('.keyframe-tick')).toHaveCount(4);
    await expect(page.getByTestId('timeline-track-cameraPosition').locator('.keyframe-tick')).toHaveCount(3);
    await shootScreenSizes(page, 'replay-keyframes');

    await page.getByTestId('sequence-clear').click();
    await expect.poll(() => Object.keys(replay().sequence ?? { x: 1 }).length).toBe(0);
    await follow.selectOption('');
    await expect.poll(() => replay().render?.cameraAttached).toBe(false);
  });

  test('a saved sequence is listed and loads back', async ({ page }) => {
    await openReplayPage(page, stack);
    await page.getByTestId('sequence-track').selectOption('cameraPosition');
    await page.getByTestId('keyed-tracks-summary').click();
    await page.getByTestId('keyed-tracks-camera-shot').click();
    await expect(page.getByTestId('keyed-tracks-summary')).toHaveText('Keys 3 of 29 tracks');
    await page.getByTestId('sequence-add-keyframe').click();
    await expect(page.getByTestId('timeline-track-cameraRotation')).toBeVisible();

    await page.getByTestId('sequence-name').fill('Opening shot');
    await page.getByTestId('sequence-save').click();
    const saved = page.getByTestId('saved-sequence-Opening shot');
    await expect(saved).toContainText('3 keyframes');

    await page.getByRole('button', { name: 'New', exact: true }).click();
    await expect(page.getByTestId('keyframe-table')).toHaveCount(0);
    await expect(page.getByTestId('sequence-name')).toHaveValue('');

    await page.getByTestId('saved-sequence-Opening shot-load').click();
    await expect(page.getByTestId('keyframe-table').locator('tbody tr')).toHaveCount(1);
    await expect(page.getByTestId('sequence-name')).toHaveValue('Opening shot');
    await expect(page.getByTestId('timeline-track-fieldOfView')).toBeVisible();
  });

  test('a recording started from the panel reaches 100 % and the finished file is shown', async ({
    page,
  }) => {
    await openReplayPage(page, stack);
    // The example is this platform's videos folder, as main finds it: never a Windows path on Linux.
    const path = page.getByTestId('recording-path');
    // Until main has said where the folder is, the box names none ("A file such as highlight.webm, …").
    const exampleFile = async () =>
      ((await path.getAttribute('placeholder')) ?? '').replace(/, or a folder$/, '');
    await expect.poll(async () => isAbsolute(await exampleFile())).toBe(true);
    const example = (await path.getAttribute('placeholder')) ?? '';
    expect(example).toMatch(/highlight\.webm, or a folder$/);
    if (process.platform !== 'win32') expect(example).not.toContain('\\');
    const file = join(stack.app.dataDir, 'recordings', 'clip.webm');
    await page.getByTestId('recording-start').fill('0:40');
    await page.getByTestId('recording-end').fill('0:43');
    await page.getByTestId('recording-path').fill(file);
    await page.getByTestId('recording-start-button').click();

    await expect.poll(() => replay().recording?.recording).toBe(true);
    await expect(page.getByTestId('recording-progress')).toBeVisible();
    await expect(page.getByTestId('recording-percent')).toHaveText('100 %', { timeout: 20_000 });
    await expect(page.getByTestId('recording-result')).toHaveAttribute('data-ok', 'true');
    await expect(page.getByTestId('recording-result-path')).toHaveText(file);
    expect(existsSync(file)).toBe(true);
  });

  test('Stop recording stops the replay recording, and the panel shows it stopped', async ({ page }) => {
    await openReplayPage(page, stack);
    await page.getByTestId('recording-start').fill('1:00');
    await page.getByTestId('recording-end').fill('10:00');
    await page.getByTestId('recording-path').fill(join(stack.app.dataDir, 'recordings', 'stopped.webm'));
    await page.getByTestId('recording-start-button').click();

    await expect.poll(() => replay().recording?.recording).toBe(true);
    const progress = page.getByTestId('recording-progress');
    await expect(progress).toContainText('Recording…');
    await expect(page.getByTestId('recording-path')).toBeDisabled();

    await page.getByTestId('recording-stop').click();
    await expect.poll(() => replay().recording?.recording).toBe(false);
    expect(replay().recording?.currentTime ?? Infinity).toBeLessThan(600);
    await expect(page.getByTestId('recording-stop')).toHaveCount(0);
    await expect(page.getByTestId('recording-start-button')).toBeEnabled();
    await expect(progress).toContainText('Last recording');
    expect(Number(await progress.getAttribute('data-percent'))).toBeLessThan(100);
    // Stopped on purpose: said plainly, not raised as an error.
    const result = page.getByTestId('recording-result');
    await expect(result).toHaveAttribute('data-stopped', 'true');
    await expect(result).toContainText('Stopped before the end');
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(page.getByTestId('recording-path')).toBeEnabled();
  });

  test('a recording without an output path says what is missing and sends nothing', async ({ page }) => {
    await openReplayPage(page, stack);
    await page.getByTestId('recording-start').fill('0:10');
    await page.getByTestId('recording-end').fill('0:05');
    await page.getByTestId('recording-start-button').click();
    const problems = page.getByTestId('recording-problems');
    await expect(problems).toContainText('choose where the recording is saved');
    await expect(problems).toContainText('the end time must be after the start time');
    expect(replay().recording?.recording).toBe(false);
  });

  test('the compact caster panel drives speed on an opaque window with the legal notice', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 520, height: 210 });
    await page.goto(stack.app.pageUrl('/panel/caster'));
    await expect(page.getByTestId('replay-play-pause')).toBeEnabled();
    await expect(page.getByTestId('legal-footer')).toContainText('Not endorsed by Riot Games');
    await expect(page.getByTestId('legal-footer').getByRole('link', { name: 'Legal notice' })).toBeVisible();
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).toBe('rgb(15, 20, 25)');

    await page.getByTestId('replay-speed-2').click();
    await expect.poll(() => replay().playback?.speed).toBe(2);
    await expect(page.getByTestId('replay-speed-2')).toHaveAttribute('aria-pressed', 'true');
    await page.getByTestId('replay-speed-1').click();
    await expect.poll(() => replay().playback?.speed).toBe(1);
  });
});

test.describe('when the replay API is switched off', () => {
  let stack: Stack;
  let home: string;
  let cfg: string;
  test.beforeAll(async () => {
    home = await mkdtemp(join(tmpdir(), 'sightline-e2e-home-'));
    cfg = join(home, 'League of Legends', 'Config', 'game.cfg');
    // Browser mode has no file dialog: the user names game.cfg on the command line, like `replay enable --cfg`.
    stack = await startStack('replay-disabled', {}, {}, ['--cfg', cfg]);
  });
  test.afterAll(async () => {
    await stopStack(stack);
    await rm(home, { recursive: true, force: true });
  });

  test('the panel says so and points to game.cfg', async ({ page }) => {
    await page.goto(stack.app.pageUrl('/replay'));
    const diagnostic = page.getByTestId('replay-diagnostic');
    await expect(diagnostic).toContainText('replay API disabled');
    await expect(diagnostic).toContainText('game.cfg');
    // What the game.cfg on this machine says (on a machine without the game: that none was found).
    await expect(page.getByTestId('replay-diagnostic-findings')).toContainText('game.cfg');
    await expect(diagnostic.getByRole('button', { name: 'Switch it on in game.cfg' })).toBeVisible();
    await expect(page.getByTestId('replay-play-pause')).toBeDisabled();

    // The Status page lists the same findings under the replay source.
    await page.goto(stack.app.companionUrl);
    await expect(page.getByTestId('source-replay-findings')).toContainText('game.cfg');
  });

  test('a game.cfg named with `serve --cfg` is shown with its setting and enabled in place, with a backup', async ({
    page,
  }) => {
    await mkdir(join(cfg, '..'), { recursive: true });
    const original =
      '; keep me\r\n[General]\r\nWindowMode=2\r\nEnableReplayApi=0\r\n\r\n[HUD]\r\nScale=1\r\n';
    await writeFile(cfg, original);

    await page.goto(stack.app.pageUrl('/replay'));
    // No dialog in browser mode, and no field to type a path into: the page says how else to name a file.
    await expect(page.getByTestId('game-cfg-pick-hint')).toContainText('serve --cfg');
    await expect(page.getByTestId('game-cfg-pick-file')).toHaveCount(0);
    const candidate = page.getByTestId('game-cfg-candidate').filter({ hasText: cfg });
    await expect(candidate).toHaveAttribute('data-setting', 'disabled');

    await candidate.getByTestId('game-cfg-enable').click();
    const message = page.getByTestId('game-cfg-message');
    await expect(message).toContainText(/restart the replay/i);
    await expect(message).toContainText('Backup:');
    await expect(candidate).toHaveAttribute('data-setting', 'enabled');
    expect(await readFile(cfg, 'utf8')).toBe(original.replace('EnableReplayApi=0', 'EnableReplayApi=1'));
    expect(existsSync(`${cfg}.sightline.bak`)).toBe(true);
  });

  test('a game.cfg that links out of the game folder (to ~/.bashrc) is shown with why, and is not changed', async ({
    page,
  }) => {
    const bashrc = join(home, '.bashrc');
    const original = 'alias ll="ls -l"\n';
    await writeFile(bashrc, original);
    await mkdir(join(cfg, '..'), { recursive: true });
    await rm(cfg, { force: true });
    await rm(`${cfg}.sightline.bak`, { force: true });
    await symlink(join('..', '..', '.bashrc'), cfg);
    try {
      await page.goto(stack.app.pageUrl('/replay'));
      const candidate = page.getByTestId('game-cfg-candidate').filter({ hasText: cfg });
      await expect(candidate).toContainText(`is a link to ${bashrc}`);
      await expect(candidate).toContainText("Sightline only changes a game.cfg inside the game's folder");
      await expect(candidate.getByTestId('game-cfg-enable')).toBeDisabled();

      // Sent anyway over the socket: refused with the same words, and neither file is touched.
      const result = await hostRequest(page, 'replay.config.set', { path: cfg, enabled: true });
      expect(result).toMatchObject({ ok: false, error: { code: 'io' } });
      if (!result.ok) expect(result.error.message).toContain(`is a link to ${bashrc}`);
      expect(await readFile(bashrc, 'utf8')).toBe(original);
      expect(existsSync(`${bashrc}.sightline.bak`)).toBe(false);
      expect(existsSync(`${cfg}.sightline.bak`)).toBe(false);
    } finally {
      await rm(cfg, { force: true });
    }
  });

  test('a path sent over the socket that nobody found or picked is refused, and the file is left alone', async ({
    page,
  }) => {
    const bashrc = join(stack.app.dataDir, '.bashrc');
    const stray = join(stack.app.dataDir, 'elsewhere', 'game.cfg');
    await mkdir(join(stack.app.dataDir, 'elsewhere'), { recursive: true });
    const original = 'alias ll="ls -l"\n';
    await writeFile(bashrc, original);
    await writeFile(stray, original);

    await page.goto(stack.app.pageUrl('/replay'));
    for (const path of [bashrc, stray]) {
      const result = await hostRequest(page, 'replay.config.set', { path, enabled: true });
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.error.message).toContain('Sightline only changes a game.cfg');
      expect(await readFile(path, 'utf8')).toBe(original);
      expect(existsSync(`${path}.sightline.bak`)).toBe(false);
    }
    // Nor can a page name a place to look, or open a dialog the host does not have.
    const looked = await hostRequest(page, 'replay.config.locate', {
      picked: [join(stack.app.dataDir, 'elsewhere')],
    });
    expect(looked.ok).toBe(false);
    const picked = await hostRequest(page, 'replay.config.pick', { target: 'file' });
    expect(picked).toMatchObject({ ok: false, error: { code: 'unsupported' } });
    expect(await readFile(stray, 'utf8')).toBe(original);
  });
});
