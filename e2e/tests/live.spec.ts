import type { Page } from '@playwright/test';
import { expect, startStack, stopStack, syncStaticData, test, type Stack } from '../harness/fixtures';
import {
  cornerAlpha,
  expectedKda,
  kdaOf,
  phasesSeen,
  recordPhases,
  scenarioEvents,
  wardsOf,
} from './liveGameDom';

const events = scenarioEvents('full-game');
/** The feed entry with exactly this sentence (a regular expression matches part of it). */
const feedEntry = (page: Page, text: string | RegExp) =>
  page.getByTestId('feed-entry').filter({
    has: page.locator('.feed-text', {
      hasText:
        typeof text === 'string' ? new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) : text,
    }),
  });

test.describe('the arena scoreboard through a whole game', () => {
  let stack: Stack;
  test.beforeAll(async () => {
    stack = await startStack('full-game');
  });
  test.afterAll(() => stopStack(stack));

  test('loading → kills → dragon → baron → end: figures, feed and states follow the game', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const { control } = stack.simulator;
    await page.goto(stack.app.pageUrl('/scoreboard'));
    await recordPhases(page);
    // From the top, whatever the page saw while the app started: process at 2 s, loading until 7 s.
    await control.restart();
    const board = page.getByTestId('scoreboard');
    await expect(board).toHaveAttribute('data-phase', 'loading', { timeout: 15_000 });
    await expect(board).toHaveAttribute('data-phase', 'in-game', { timeout: 15_000 });
    await expect(page.getByTestId('player-row')).toHaveCount(10);
    await expect(page.getByTestId('source-live')).toHaveCount(0);

    // First blood at 0:30, by the local player.
    await control.advance(32 - control.state().live.gameTime);
    await expect(kdaOf(page, 'Sightline')).toHaveText('1 / 0 / 0');
    await expect(feedEntry(page, 'Ahri killed Syndra, assisted by Lee Sin')).toHaveCount(1);
    await expect(feedEntry(page, 'Ahri drew first blood')).toHaveCount(1);
    await expect(page.getByTestId('team-kills-ORDER')).toHaveText('1');
    await expect(page.locator('.player-row.local')).toHaveAttribute('data-champion', 'Ahri');
    await expect(page.getByTestId('active-player')).toBeVisible();

    // The victim is greyed with the respawn countdown the game shows, ticking between polls.
    const syndra = page.locator('[data-testid="player-row"][data-champion="Syndra"]');
    await expect(syndra).toHaveClass(/\bdead\b/);
    const respawn = syndra.getByTestId('player-respawn');
    await expect(respawn).toHaveText(/^[1-9]\d*$/);
    const firstReading = Number(await respawn.textContent());
    await expect
      .poll(async () => Number(await respawn.textContent()), { timeout: 4_000 })
      .toBeLessThan(firstReading);

    // The local player's loadout: spells, keystone, and items in their slots, the trinket apart.
    const local = page.locator('.player-row.local');
    await expect(local.getByRole('img', { name: 'Flash' })).toBeVisible();
    await expect(local.getByRole('img', { name: 'Ignite' })).toBeVisible();
    await expect(local.getByRole('img', { name: 'Electrocute' })).toBeVisible();
    const slots = local.getByTestId('player-items').locator('.item-slot');
    await expect(slots).toHaveCount(7);
    await expect(slots.nth(0).getByRole('img', { name: "Doran's Ring" })).toBeVisible();
    await expect(slots.nth(1).locator('.item-count')).toHaveText('2');
    await expect(slots.nth(2)).toHaveClass(/\bempty\b/);
    await expect(slots.nth(6)).toHaveClass(/\btrinket\b/);
    await expect(slots.nth(6).getByRole('img', { name: 'Stealth Ward' })).toBeVisible();
    await expect(local.getByTestId('player-wards')).toHaveText(/^\d+$/);

    // The first drake at 1:10.
    await control.advance(72 - control.state().live.gameTime);
    await expect(page.getByTestId('team-dragons-ORDER')).toHaveAttribute('data-count', '1');
    await expect(feedEntry(page, 'Lee Sin slew the Infernal Drake, assisted by Ahri and Jinx')).toHaveCount(
      1,
    );
    await expect(feedEntry(page, 'Lee Sin slew a Voidgrub')).toHaveCount(1);

    // Vision as the game's scoreboard shows it while the game runs: the own team's (from 1:00), not the enemy's.
    await expect(wardsOf(page, 'Lanternist')).toHaveText('7');
    await expect(wardsOf(page, 'Sightline')).toHaveText('1');
    for (const enemy of ['Solstice', 'DarkSovereign']) {
      await expect(wardsOf(page, enemy)).toHaveText('');
      await expect(wardsOf(page, enemy)).toHaveAttribute('data-hidden', 'true');
    }

    // A stolen drake, a turret, and the baron at 3:20.
    await control.advance(202 - control.state().live.gameTime);
    await expect(page.getByTestId('team-barons-ORDER')).toContainText('1');
    await expect(
      feedEntry(page, 'Lee Sin slew Baron Nashor, assisted by Garen, Ahri, Jinx and Thresh'),
    ).toHaveCount(1);
    await expect(feedEntry(page, 'Lee Sin stole the Ocean Drake')).toHaveCount(1);
    await expect(feedEntry(page, 'Jinx destroyed the Red bot outer turret, assisted by Thresh')).toHaveCount(
      1,
    );
    await expect(page.getByTestId('team-dragons-ORDER')).toHaveAttribute('data-count', '2');
    await expect(page.getByTestId('team-heralds-CHAOS')).toContainText('1');
    const gameTime = control.state().live.gameTime;
    for (const player of ['Sightline', 'DarkSovereign', 'PiltoverFist', 'BlindMonk']) {
      await expect(kdaOf(page, player)).toHaveText(expectedKda(events, player, gameTime));
    }

    // The end at 5:00: the game's figures stay, with the result.
    await control.advance(302 - control.state().live.gameTime);
    await expect(board).toHaveAttribute('data-phase', 'ended');
    await expect(page.getByTestId('live-result')).toHaveText('Victory');
    // Once the game is over both teams' vision is shown (from 4:10: supports 30, mid 6.25).
    await expect(wardsOf(page, 'Solstice')).toHaveText('30');
    await expect(wardsOf(page, 'DarkSovereign')).toHaveText('6');
    await expect(wardsOf(page, 'Lanternist')).toHaveText('30');
    await expect(kdaOf(page, 'Sightline')).toHaveText(expectedKda(events, 'Sightline', 300));
    await expect(page.getByTestId('team-kills-ORDER')).toHaveText('9');
    await expect(page.getByTestId('team-towers-ORDER')).toContainText('6');
    await expect(page.getByTestId('team-inhibitors-ORDER')).toContainText('1');
    await expect(
      feedEntry(page, 'Ahri destroyed the Red mid inhibitor, assisted by Lee Sin and Jinx'),
    ).toHaveCount(1);
    await expect(feedEntry(page, 'Garen aced the Red team')).toHaveCount(1);

    // The client closes ten seconds later: no game, and the local player's game is kept on show.
    await control.advance(12);
    await expect(board).toHaveAttribute('data-phase', 'no-game');
    await expect(page.getByTestId('last-game')).toContainText('4 / 1 / 0');
    await expect(page.getByTestId('last-game')).toContainText('Victory');
    const phases = await phasesSeen(page);
    expect(phases.slice(phases.lastIndexOf('loading'))).toEqual(['loading', 'in-game', 'ended', 'no-game']);

    // The game is in the match history, stored by the core.
    await page.goto(stack.app.pageUrl('/history', { game: 'arena' }));
    const stored = page.getByTestId('arena-history-game').first();
    await expect(stored).toHaveAttribute('data-result', 'win');
    await expect(stored.getByTestId('arena-history-kda')).toHaveText('4 / 1 / 0');
    await expect(stored).toContainText('Ahri');

    // The scoreboard and the replay driver read the game's one port all along (full-game runs a replay):
    // as the client saw it, no path was asked more than once a second, nor a replay resource twice.
    for (const [service, floor] of [
      ['live', 1000],
      ['replay', 500],
    ] as const) {
      for (const [path, { times }] of Object.entries(control.requests()[service])) {
        const gaps = times.slice(1).map((time, index) => time - (times[index] ?? 0));
        if (gaps.length > 0) expect(Math.min(...gaps), path).toBeGreaterThanOrEqual(floor);
      }
    }
    expect(control.requests().replay['/replay/playback']?.count ?? 0).toBeGreaterThan(10);
  });
});

test.describe('the scoreboard overlays', () => {
  let stack: Stack;
  test.beforeAll(async () => {
    stack = await startStack('full-game');
    await stack.simulator.control.advance(100);
  });
  test.afterAll(() => stopStack(stack));

  const overlayContent = {
    scoreboard: ['score-bar'],
    feed: ['event-feed'],
    arena: ['score-bar', 'event-feed'],
  };
  for (const overlay of ['scoreboard', 'feed', 'arena'] as const) {
    test(`the ${overlay} overlay renders on a transparent 1920×1080 background`, async ({ page }) => {
      const url = stack.app.overlayUrls[overlay];
      expect(url).toBeDefined();
      await page.setViewportSize({ width: 1920, height: 1080 });
      await page.goto(url ?? '');
      for (const testId of overlayContent[overlay]) await expect(page.getByTestId(testId)).toBeVisible();
      if (overlay === 'arena') {
        // Both at the top by default: the feed sits below the bar, not over it.
        const bar = await page.getByTestId('score-bar').boundingBox();
        const feed = await page.getByTestId('event-feed').boundingBox();
        expect(feed?.y).toBeGreaterThanOrEqual((bar?.y ?? 0) + (bar?.height ?? Infinity));
      }
      const backgrounds = await page.evaluate(() => [
        getComputedStyle(document.documentElement).backgroundColor,
        getComputedStyle(document.body).backgroundColor,
      ]);
      expect(backgrounds).toEqual(['rgba(0, 0, 0, 0)', 'rgba(0, 0, 0, 0)']);
      expect(await cornerAlpha(page, await page.screenshot({ omitBackground: true }))).toBe(0);
      // One notice per page, its link one click away (not covered by another widget's canvas).
      await expect(page.getByTestId('legal-footer')).toBeVisible();
      await page.getByTestId('legal-footer').getByRole('link', { name: 'Legal notice' }).click();
      await expect(page.getByTestId('legal-notice')).toBeVisible();
    });
  }

  test('the layout saved on the companion moves and hides the OBS widgets at once', async ({
    page,
    browser,
  }) => {
    await page.goto(stack.app.pageUrl('/scoreboard'));
    const obs = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
    await obs.goto(stack.app.overlayUrls.feed ?? '');
    await expect(obs.getByTestId('overlay-feed')).toHaveAttribute('data-anchor', 'top-right');

    await page.getByTestId('layout-feed').getByLabel('Position').selectOption('bottom-left');
    await expect(obs.getByTestId('overlay-feed')).toHaveAttribute('data-anchor', 'bottom-left');
    const box = await obs.getByTestId('event-feed').boundingBox();
    expect(box?.x).toBeLessThan(100);
    expect((box?.y ?? 0) + (box?.height ?? 0)).toBeGreaterThan(900);

    await page.getByTestId('layout-feed').getByLabel('Show').uncheck();
    // Hidden, the feed's source is blank: the notice goes with the content it covers.
    await expect(obs.getByTestId('event-feed')).toHaveCount(0);
    await expect(obs.locator('body')).toHaveText('');
    await page.getByTestId('layout-feed').getByLabel('Show').check();
    await expect(obs.getByTestId('event-feed')).toBeVisible();

    // Saved: a reloaded source starts with the same layout.
    await obs.reload();
    await expect(obs.getByTestId('overlay-feed')).toHaveAttribute('data-anchor', 'bottom-left');
    await obs.close();
  });

  test('once static data is cached, the scoreboard shows champion images instead of letters', async ({
    page,
  }) => {
    await page.goto(stack.app.overlayUrls.scoreboard ?? '');
    // Garen is in the game and in the simulated Data Dragon; before a sync he is a text tile.
    await expect(page.getByRole('img', { name: 'Garen' }).first()).toHaveClass(/text-icon/);

    await syncStaticData(page, stack.app);

    await page.goto(stack.app.overlayUrls.scoreboard ?? '');
    const portrait = page.locator('img[alt="Garen"]').first();
    await expect(portrait).toBeVisible();
    await expect
      .poll(() => portrait.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth))
      .toBeGreaterThan(0);
  });

  test('the active player’s abilities show their icons and the champion’s own tooltips from static data', async ({
    page,
  }) => {
    await page.goto(stack.app.pageUrl('/scoreboard'));
    const orb = page.getByTestId('ability-Q');
    // Cached by the test above (the stack is shared): the spell icon replaces the letters.
    await expect(orb.locator('img[alt="Orb of Deception"]')).toBeVisible();
    await orb.getByRole('button', { name: 'Orb of Deception' }).hover();
    const tooltip = page.getByTestId('ability-tooltip-Q');
    await expect(tooltip).toContainText('Orb of Deception');
    await expect(tooltip).toContainText('magic damage out and back');
    await expect(tooltip).toContainText('Cooldown 7s');
    await expect(tooltip).not.toContainText('{{');

    await page.getByTestId('ability-Passive').getByRole('button', { name: 'Essence Theft' }).focus();
    await expect(page.getByTestId('ability-tooltip-Passive')).toContainText('Takedowns heal Ahri.');

    // The keystone's icon comes from the synced runes, in the panel and on the player's row; the panel
    // shows both trees too.
    for (const keystone of [
      page.getByTestId('active-player').locator('img.keystone[alt="Electrocute"]'),
      page.locator('.player-row.local img.keystone[alt="Electrocute"]'),
      page.getByTestId('active-player').locator('img.rune-tree[alt="Domination"]'),
      page.getByTestId('active-player').locator('img.rune-tree[alt="Sorcery"]'),
    ]) {
      await expect(keystone).toBeVisible();
      await expect
        .poll(() =>
          keystone.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth),
        )
        .toBeGreaterThan(0);
    }
  });
});

test.describe('a spectated game', () => {
  let stack: Stack;
  test.beforeAll(async () => {
    stack = await startStack('spectator');
  });
  test.afterAll(() => stopStack(stack));

  test('shows spectator mode without the active player’s panel', async ({ page }) => {
    await stack.simulator.control.advance(40);
    await page.goto(stack.app.pageUrl('/scoreboard'));
    await expect(page.getByTestId('scoreboard')).toHaveAttribute('data-spectator', 'true');
    await expect(page.getByTestId('spectator-badge')).toBeVisible();
    await expect(page.getByTestId('player-row')).toHaveCount(10);
    await expect(page.locator('.player-row.local')).toHaveCount(0);
    await expect(page.getByTestId('active-player')).toHaveCount(0);
    await expect(feedEntry(page, /drew first blood$/)).toHaveCount(1);
    await page.goto(stack.app.companionUrl);
    await expect(page.getByTestId('source-live-status')).toHaveText('connected: spectator mode');
  });
});
