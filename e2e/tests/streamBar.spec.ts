import type { Locator, Page } from '@playwright/test';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { README_SHOTS, shootPage } from '../harness/pageShots';
import { expect, recordHostFrames, scenarioPath, stopStack, test, type Stack } from '../harness/fixtures';
import { BAR_NAME_MIN_PX, BAR_NAME_ROOM_PX, oneLineFontPx } from '../../renderer/src/features/live/barText';
import { hostRequest } from '../harness/hostRequest';
import { serveApp } from '../harness/servedApp';
import { loadScenarioFile, startSimulator } from '../../electron/simulator/index';

/**
 * The arena bar and feed on a stream, at 1920×1080 and at 1280×720: the bar spans the source, every player's
 * name (up to 16 characters, the longest a Riot ID's game name may be) is written whole and legible, the feed
 * keeps its share of the width, the caster's team names and tags reach the bar, and no gold does. With
 * SIGHTLINE_README_SHOTS=1 the arena overlay at both sizes goes to e2e/screenshots/.
 *
 * full-game.json with its players renamed to long names, among them sixteen of the widest letter.
 */

/** Game names of full-game.json → names of 16 characters (one kept short, and the player's own kept). */
const LONG_NAMES: Record<string, string> = {
  DemacianWall: 'DemacianWallHold',
  BlindMonk: 'BlindMonkOfIonia',
  GetExcited: 'MMMMMMMMMMMMMMMM',
  NoxianMight: 'NoxianMightSword',
  PiltoverFist: 'PiltoverFistWWMM',
  DarkSovereign: 'DarkSovereign123',
  Headshot: 'Headshot Wombats',
};

/** The sizes a stream's canvas has, and the smallest a player's name may be drawn at on each. */
const SOURCES = [
  { width: 1920, height: 1080, nameMinPx: 14 },
  { width: 1280, height: 720, nameMinPx: 12 },
] as const;

/** full-game.json with the long names, everywhere it names the players (their Riot IDs and events). */
async function renamedScenario(folder: string): Promise<string> {
  let text = await readFile(scenarioPath('full-game'), 'utf8');
  for (const [short, long] of Object.entries(LONG_NAMES)) text = text.replaceAll(short, long);
  const file = join(folder, 'stream-bar.json');
  await writeFile(file, text);
  return file;
}

/** The game names on the bar, blue side first, in the client's order. */
function barNames(scenario: unknown): string[] {
  const { live } = scenario as { live: { players: Array<{ riotId: string; team: string }> } };
  return ['ORDER', 'CHAOS'].flatMap((team) =>
    live.players.filter((player) => player.team === team).map((player) => player.riotId.split('#')[0] ?? ''),
  );
}

let stack: Stack | undefined;
let folder: string | undefined;
let names: string[] = [];

test.beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'sightline-stream-bar-'));
  const file = await renamedScenario(folder);
  names = barNames(JSON.parse(await readFile(file, 'utf8')));
  // Scenario time stands still between steps.
  const simulator = await startSimulator({ scenario: await loadScenarioFile(file), now: () => 0 });
  const app = await serveApp({ ...simulator.urls, caPem: simulator.caPem });
  stack = { simulator, app };
  // In the game, with items bought, kills and a drake: 1:40.
  await simulator.control.advance(100);
});
test.afterAll(async () => {
  await stopStack(stack);
  if (folder) await rm(folder, { recursive: true, force: true });
});

function running(): Stack {
  if (!stack) throw new Error('the stack did not start');
  return stack;
}

function overlayUrl(name: string): string {
  const url = running().app.overlayUrls[name];
  if (!url) throw new Error(`serve printed no URL for the ${name} overlay`);
  return url;
}

interface DrawnText {
  text: string;
  /** Its font size times the scale of every transform above it: the size a viewer sees. */
  drawnPx: number;
  fitsAcross: boolean;
  fitsDown: boolean;
  ellipsis: boolean;
  lines: number;
}

function drawnText(element: Locator): Promise<DrawnText> {
  return element.evaluate((node) => {
    const html = node as HTMLElement;
    let scale = 1;
    for (let at: Element | null = html; at; at = at.parentElement) {
      const transform = getComputedStyle(at).transform;
      if (transform !== 'none') scale *= new DOMMatrix(transform).d;
    }
    const style = getComputedStyle(html);
    // The lines its text is drawn on: the tops of the text's own boxes, not of the elements around it.
    const tops = new Set<number>();
    const walker = document.createTreeWalker(html, NodeFilter.SHOW_TEXT);
    for (let text = walker.nextNode(); text; text = walker.nextNode()) {
      const range = document.createRange();
      range.selectNodeContents(text);
      for (const rect of Array.from(range.getClientRects())) tops.add(Math.round(rect.top));
    }
    return {
      lines: tops.size,
      text: html.textContent ?? '',
      drawnPx: parseFloat(style.fontSize) * scale,
      fitsAcross: html.scrollWidth <= html.clientWidth,
      fitsDown: html.scrollHeight <= html.clientHeight,
      ellipsis: style.textOverflow === 'ellipsis',
    };
  });
}

async function widthShare(element: Locator, page: Page): Promise<number> {
  const box = await element.boundingBox();
  if (!box) throw new Error('not drawn');
  return box.width / (page.viewportSize()?.width ?? 1);
}

/** Opens the arena overlay at a source size and waits until the widgets are scaled to it. */
async function openArena(page: Page, size: { width: number; height: number }): Promise<void> {
  await page.setViewportSize(size);
  await page.goto(overlayUrl('arena'));
  await expect(page.getByTestId('bar-player')).toHaveCount(10);
  const expected = size.width / 1920;
  for (const widget of await page.locator('.overlay-widget').all()) {
    await expect
      .poll(async () => Number(await widget.getAttribute('data-scale')))
      .toBeGreaterThan(expected - 0.02);
  }
  await page.waitForTimeout(300);
}

test.describe.configure({ mode: 'serial' });

test('at 1920×1080 and 1280×720 the bar spans the source, names whole and legible, the feed keeping its share', async ({
  page,
}) => {
  const feedShares: number[] = [];
  for (const source of SOURCES) {
    await openArena(page, source);
    const where = `${source.width}×${source.height}`;

    const bar = page.getByTestId('score-bar');
    const box = await bar.boundingBox();
    if (!box) throw new Error('the bar is not drawn');
    expect(box.x, where).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, where).toBeLessThanOrEqual(source.width);
    expect(box.width / source.width, `${where}: the bar uses the width`).toBeGreaterThan(0.95);

    const players = page.getByTestId('bar-player');
    await expect(players.getByTestId('bar-player-name')).toHaveText(names);
    for (const player of await players.all()) {
      const name = player.getByTestId('bar-player-name');
      const drawn = await drawnText(name);
      const label = `${where}: ${drawn.text}`;
      expect(drawn.drawnPx, label).toBeGreaterThanOrEqual(source.nameMinPx - 0.01);
      expect(drawn.fitsAcross, `${label} is cut at the side`).toBe(true);
      expect(drawn.fitsDown, `${label} is cut at the bottom`).toBe(true);
      expect(drawn.ellipsis, label).toBe(false);
      // A name the bar's estimate fits on one line at 1920 is on one line.
      if (source.width === 1920 && oneLineFontPx(drawn.text, BAR_NAME_ROOM_PX) >= BAR_NAME_MIN_PX) {
        expect(drawn.lines, `${label} on one line`).toBe(1);
      }
      // Inside its own column, over its figures.
      const [column, text, kda] = await Promise.all([
        player.boundingBox(),
        name.boundingBox(),
        player.getByTestId('bar-player-kda').boundingBox(),
      ]);
      if (!column || !text || !kda) throw new Error('a player column is not drawn');
      expect(text.x).toBeGreaterThanOrEqual(column.x - 0.5);
      expect(text.x + text.width).toBeLessThanOrEqual(column.x + column.width + 0.5);
      expect(text.y + text.height).toBeLessThanOrEqual(kda.y + 1);
      expect((await drawnText(player.getByTestId('bar-player-kda'))).drawnPx, label).toBeGreaterThanOrEqual(
        source.nameMinPx - 0.01,
      );
    }
    // Items and levels are on it, as in the game's scoreboard.
    await expect(players.getByTestId('player-level')).toHaveCount(10);
    await expect(
      players.first().getByTestId('bar-player-items').locator('.item-slot:not(.empty)'),
    ).toHaveCount(3);

    const feed = page.getByTestId('event-feed');
    feedShares.push(await widthShare(feed, page));
    for (const entry of await feed.locator('.feed-text').all()) {
      expect((await drawnText(entry)).drawnPx, `${where}: the feed's text`).toBeGreaterThanOrEqual(
        source.nameMinPx - 0.01,
      );
    }
    // The feed sits below the bar, not over it.
    const feedBox = await feed.boundingBox();
    expect(feedBox?.y ?? 0, where).toBeGreaterThanOrEqual(box.y + box.height);

    if (README_SHOTS) {
      await page.addStyleTag({ content: 'html, body { background: #2f4a3c !important; }' });
      await shootPage(page, `stream-bar-${source.width}`);
    }
  }
  const [atFull = 0, at720 = 0] = feedShares;
  expect(at720, 'the feed’s share of the width at 720p').toBeGreaterThan(atFull * 0.95);
  expect(at720, 'the feed’s share of the width at 720p').toBeLessThan(atFull * 1.05);
});

test('no gold reaches the bar: no figure of gold, the player’s own or an enemy’s, nor the word', async ({
  page,
}) => {
  // Past 1:40, where the scenario gives the player 1320 gold: their own panel on the companion shows it.
  const { app, simulator } = running();
  await simulator.control.advance(10);
  await page.goto(app.pageUrl('/scoreboard'));
  await expect(page.getByTestId('active-gold')).toHaveText(/^1\D?320$/);
  await openArena(page, SOURCES[0]);
  const bar = page.getByTestId('score-bar');
  const shown = await bar.evaluate((node) =>
    [
      node.textContent ?? '',
      ...Array.from(node.querySelectorAll('[title], [aria-label], [alt]')).flatMap((element) =>
        ['title', 'aria-label', 'alt'].map((name) => element.getAttribute(name) ?? ''),
      ),
    ].join(' '),
  );
  expect(shown).not.toMatch(/gold/i);
  // Every figure the bar writes is a count, a level, K / D / A or the clock: all under 100 this early. Gold,
  // anyone's or a team's, is 500 at the start and more from then on.
  const clock = (await page.getByTestId('live-clock').first().textContent()) ?? '';
  expect(clock).toMatch(/^01:\d\d$/);
  // Less the players' names, which may hold digits of their own (DarkSovereign123).
  const written = names.reduce((text, name) => text.replaceAll(name, ' '), shown.replace(clock, ' '));
  const figures = (written.match(/\d+/g) ?? []).map(Number);
  expect(figures.length).toBeGreaterThan(30);
  expect(figures.filter((figure) => figure >= 100)).toEqual([]);
});

async function fillTeams(
  page: Page,
  teams: Record<'blue' | 'red', { name: string; tag: string }>,
): Promise<void> {
  // No Save button: each box saves itself when it is left.
  for (const side of ['blue', 'red'] as const) {
    for (const [field, value] of [
      ['name', teams[side].name],
      ['tag', teams[side].tag],
    ] as const) {
      const box = page.getByTestId(`broadcast-${side}-${field}`);
      if ((await box.inputValue()) === value) continue;
      await box.fill(value);
      await box.press('Tab');
      await expect(page.getByTestId(`broadcast-${side}-${field}-status`)).toHaveText('Saved');
    }
  }
}

test('the caster’s team names and tags reach the bar at once; empty ones give back Blue and Red', async ({
  page,
  browser,
}) => {
  const { app } = running();
  const overlay = await browser.newPage();
  const statusFrames: string[] = [];
  const status = await browser.newPage();
  recordHostFrames(status, statusFrames);
  try {
    await openArena(overlay, SOURCES[1]);
    await expect(overlay.getByTestId('team-name-ORDER')).toHaveText('Blue');
    await expect(overlay.getByTestId('team-name-CHAOS')).toHaveText('Red');
    await expect(overlay.getByTestId('team-tag-ORDER')).toHaveCount(0);
    await status.goto(overlayUrl('status'));
    await expect(status.getByTestId('legal-footer')).toBeVisible();

    await page.goto(app.pageUrl('/scoreboard'));
    const longest = 'Demacia Esports Academy Squadron';
    expect(longest).toHaveLength(32);
    await fillTeams(page, { blue: { name: longest, tag: 'DMC' }, red: { name: 'Noxus', tag: 'NXA' } });

    await expect(overlay.getByTestId('team-name-ORDER')).toHaveText(longest);
    await expect(overlay.getByTestId('team-tag-ORDER')).toHaveText('DMC');
    await expect(overlay.getByTestId('team-name-CHAOS')).toHaveText('Noxus');
    await expect(overlay.getByTestId('team-tag-CHAOS')).toHaveText('NXA');
    const drawn = await drawnText(overlay.getByTestId('team-name-ORDER'));
    expect(drawn.fitsAcross && drawn.fitsDown, 'the longest team name is whole').toBe(true);
    // The companion's own scoreboard names the sides the same way.
    await expect(page.getByTestId('team-name-ORDER')).toHaveText(longest);
    // Saved without a Save click: kept after a reload.
    await page.reload();
    await expect(page.getByTestId('broadcast-blue-name')).toHaveValue(longest);
    await expect(page.getByTestId('broadcast-red-tag')).toHaveValue('NXA');

    // Too long is refused with the field named, and the bar keeps what it showed.
    const refused = await hostRequest(page, 'settings.update', { broadcast: { redTag: 'TOOLONG' } });
    expect(refused.ok).toBe(false);
    expect(JSON.stringify(refused)).toContain('at most 5 characters');
    await expect(overlay.getByTestId('team-tag-CHAOS')).toHaveText('NXA');

    // The status overlay draws no team: it is sent none of their names.
    expect(statusFrames.join('\n')).not.toContain('Noxus');
    expect(statusFrames.length).toBeGreaterThan(0);

    await fillTeams(page, { blue: { name: '', tag: '' }, red: { name: '', tag: '' } });
    await expect(overlay.getByTestId('team-name-ORDER')).toHaveText('Blue');
    await expect(overlay.getByTestId('team-name-CHAOS')).toHaveText('Red');
    await expect(overlay.getByTestId('team-tag-CHAOS')).toHaveCount(0);
  } finally {
    await overlay.close();
    await status.close();
  }
});
