import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  expect,
  recordHostFrames,
  startStack,
  stopStack,
  syncStaticData,
  test,
  type Stack,
} from '../harness/fixtures';
import {
  SIMULATOR_API_KEY,
  startWebApiSimulator,
  type RunningWebApiSimulator,
} from '../../electron/simulator/webApi/webApiSimulator';
import { expectImagesLoaded, shootPageWidths } from '../harness/pageShots';
import {
  openTournamentStore,
  tournamentDbPath,
} from '../../electron/core/features/tournament/storage/tournamentStore';
import { storedCode } from '../../electron/core/tools/testkit/tournament/storedFixtures';

/** The player lookup and match pages, driven in Chromium against the real headless host and the web API simulator. */

/** A code the desk created that made no game of the simulator's. */
const DESK_CODE_OF_NO_GAME = 'NA-NOT-THE-CODE';

/** The data folder's tournament desk created these codes (their games are over). */
async function saveDeskCodes(dataDir: string, codes: string[]): Promise<void> {
  const store = await openTournamentStore(tournamentDbPath(dataDir));
  await store.saveCodes(codes.map((code) => storedCode(code, { status: 'finished' })));
  store.close();
}

let webApi: RunningWebApiSimulator;
let stack: Stack;
/** Every frame the core sent to the page; not the page's own, which carry the key once, when the user saves it. */
const frames: string[] = [];

test.describe('web API pages', () => {
  test.beforeAll(async () => {
    // A development key's per-second limit, with room in the two-minute window for every page of this file
    // (the paged match list alone makes 40 lookups): waiting out the window is the limiter's own tests' subject
    // (sharedKeyLimits.spec.ts, the web API bench), not these pages'.
    webApi = await startWebApiSimulator({ appLimits: '20:1,400:120' });
    stack = await startStack('idle', { SIGHTLINE_WEB_API_BASE: webApi.baseTemplate });
  });
  test.afterAll(async () => {
    await stopStack(stack);
    await webApi.close();
  });
  test.afterEach(() => webApi.control.reset());

  test('the user enters their own key; the page learns only that it is set', async ({ page }) => {
    recordHostFrames(page, frames);
    await page.goto(stack.app.pageUrl('/players'));
    await expect(page.getByTestId('api-key-status')).toContainText('No key yet');
    // serve has no OS encryption: the form names the file the key will be kept in, before it is entered.
    await expect(page.getByTestId('api-key-storage-notice')).toContainText(
      `stored unencrypted in ${join(stack.app.dataDir, 'web-api-key')}, a file only your user can read`,
    );
    await page.getByTestId('api-key-input').fill('not a key');
    await page.getByTestId('api-key-save').click();
    await expect(page.getByTestId('api-key-error')).toContainText('starts with RGAPI-');
    await page.getByTestId('api-key-input').fill(SIMULATOR_API_KEY);
    await page.getByTestId('api-key-kind').selectOption('personal');
    await page.getByTestId('api-key-save').click();
    await expect(page.getByTestId('api-key-status')).toContainText(
      'Personal key, kept in a file only your user can read',
    );
    await expect(page.getByTestId('api-key-warning')).toContainText('unencrypted');
    expect(await page.getByTestId('api-key-input').count()).toBe(0);
  });

  test('looks a player up: Riot ID → account → summoner → recent matches → the match', async ({ page }) => {
    recordHostFrames(page, frames);
    await page.goto(stack.app.pageUrl('/players'));
    await page.getByTestId('riot-id-input').fill('Quiet Lantern#EUW');
    await page.getByTestId('platform-select').selectOption('euw1');
    await expect(page.getByTestId('region-select')).toHaveValue('europe');
    await page.getByTestId('lookup-submit').click();
    await expect(page.getByTestId('player-name')).toHaveText('Quiet Lantern#EUW');
    await expect(page.getByTestId('summoner-line')).toContainText('Level 87 · Europe West');
    // Without static data the profile icon is the plain circle (no broken image).
    await expect(page.getByTestId('player-card').getByTestId('profile-icon')).toHaveJSProperty(
      'tagName',
      'SPAN',
    );
    // Ranked entries as league-v4 sent them, one row per queue.
    await expect(page.getByTestId('ranked-entry')).toHaveCount(2);
    await expect(page.getByTestId('ranked-entry').first()).toHaveText(
      /5v5 Ranked Solo\s*Gold II\s*47 LP\s*58 W · 51 L\s*Hot streak/,
    );
    await expect(page.getByTestId('ranked-entry').nth(1)).toContainText('Ranked Flex');
    await expect(page.getByTestId('recent-match')).toHaveCount(10);
    const first = page.getByTestId('recent-match').first();
    await expect(first).toContainText(/Win|Loss/);
    await expect(first).toContainText(/\d+ \/ \d+ \/ \d+/);

    await first.getByRole('link').click();
    await expect(page).toHaveURL(/\/matches\?/);
    await expect(page.getByTestId('match-details')).toBeVisible();
    await expect(page.getByTestId('participant')).toHaveCount(10);
    await expect(page.getByTestId('team-blue')).toContainText(/Victory|Defeat/);
    await expect(page.getByTestId('team-red')).toContainText(/Victory|Defeat/);
    await expect(page.getByTestId('match-queue')).not.toBeEmpty();
    await expect(page.getByTestId('match-duration')).toHaveText(/^\d+:\d\d$/);
    await expect(page.locator('tr.highlight')).toContainText('Quiet Lantern#EUW');
    // No static data in this stack: item slots stay blank (never a raw item ID) and the profile icon a circle.
    await expect(page.getByTestId('item-text').first()).toBeVisible();
    expect((await page.getByTestId('item-text').allTextContents()).join('')).toBe('');
    expect(webApi.control.stats().rateLimited).toBe(0);
  });

  test('with static data synced, a match shows spell and rune icons', async ({ page }) => {
    await syncStaticData(page, stack.app);
    await page.goto(stack.app.pageUrl('/matches', { match: 'EUW1_7101004000', routing: 'europe' }));
    await expect(page.getByTestId('participant')).toHaveCount(10);
    const row = page.getByTestId('participant').first();
    const runes = row.getByTestId('runes');
    await expect(runes.locator('img.keystone')).toHaveAttribute('src', /perk-images/);
    await expect(runes.locator('img.secondary-tree')).toHaveAttribute('src', /perk-images\/Styles\/\d+_/);
    // Flash is every player's first spell and in the simulated Data Dragon; champions and items vary.
    for (const image of [row.locator('img.spell-icon[alt="Flash"]'), runes.locator('img.keystone')]) {
      await expect
        .poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth))
        .toBeGreaterThan(0);
    }
    // Items by name and picture, never as bare IDs.
    await expect(page.getByTestId('item-text')).toHaveCount(0);
    const items = row.locator('img.item-icon');
    const names = await items.evaluateAll((images) => images.map((image) => image.getAttribute('alt') ?? ''));
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect(name).toMatch(/^[A-Z][A-Za-z'. ]+$/);
    await expectImagesLoaded(items, names.length);
    await expect(
      page.getByTestId('match-details').locator('img.item-icon[alt="Stealth Ward"]'),
    ).not.toHaveCount(0);
    await shootPageWidths(page, 'match-page');
  });

  test('with static data synced, the Players page shows the summoner’s profile icon', async ({ page }) => {
    await syncStaticData(page, stack.app);
    await page.goto(stack.app.pageUrl('/players'));
    await page.getByTestId('riot-id-input').fill('Quiet Lantern#EUW');
    await page.getByTestId('platform-select').selectOption('euw1');
    await page.getByTestId('lookup-submit').click();
    await expect(page.getByTestId('summoner-line')).toContainText('Level 87');
    const icon = page.getByTestId('player-card').getByTestId('profile-icon');
    await expect(icon).toHaveJSProperty('tagName', 'IMG');
    await expect(icon).toHaveAttribute(
      'src',
      /\/static-data\/arena\/cdn\/[\d.]+\/img\/profileicon\/4568\.png/,
    );
    await expectImagesLoaded(icon, 1);
    await expect(page.getByTestId('recent-match')).toHaveCount(10);
    await shootPageWidths(page, 'players-page');
  });

  test('names a queue the same in the ranked block, the match list and the match page, with static data loaded, on a 1920×1080, 1280×720 and 1024×768 screen', async ({
    page,
  }) => {
    // The static data here describes queue 420 as queues.json does ("5v5 Ranked Solo games").
    await syncStaticData(page, stack.app);
    const name = '5v5 Ranked Solo';
    for (const screen of [
      { width: 1920, height: 1080 },
      { width: 1280, height: 720 },
      { width: 1024, height: 768 },
    ]) {
      await page.setViewportSize(screen);
      await page.goto(stack.app.pageUrl('/players'));
      await page.getByTestId('riot-id-input').fill('Quiet Lantern#EUW');
      await page.getByTestId('platform-select').selectOption('euw1');
      await page.getByTestId('lookup-submit').click();
      const solo = page.getByTestId('ranked-entry').first();
      await expect(solo).toContainText(name);
      // The whole list first: its rows come in as their matches are looked up, and a row that came in between the
      // count and the texts read below made them differ.
      await expect(page.getByTestId('recent-match')).toHaveCount(10);
      const soloGames = page
        .getByTestId('recent-match')
        .filter({ has: page.locator('.queue', { hasText: name }) });
      await expect(soloGames.first()).toBeVisible();
      expect(await soloGames.locator('.queue').allTextContents()).toEqual(
        Array(await soloGames.count()).fill(name),
      );
      // Whole on the screen: the name is not cut to fit.
      const queue = soloGames.first().locator('.queue');
      await queue.scrollIntoViewIfNeeded();
      expect(
        await queue.evaluate((element) => element.scrollWidth <= element.clientWidth),
        `${screen.width}×${screen.height}`,
      ).toBe(true);
      await soloGames.first().getByRole('link').click();
      await expect(page.getByTestId('match-queue')).toHaveText(name);
      await expect(page.getByTestId('match-queue')).toBeInViewport();
    }
  });

  test('names the ranked queues as their queues, the retired 3v3 one too, and says when there are none', async ({
    page,
  }) => {
    await page.goto(stack.app.pageUrl('/players'));
    await page.getByTestId('riot-id-input').fill('Brightwater#NA1');
    await page.getByTestId('platform-select').selectOption('na1');
    await page.getByTestId('lookup-submit').click();
    const entries = page.getByTestId('ranked-entry');
    await expect(entries).toHaveCount(3);
    await expect(entries.nth(0)).toContainText('5v5 Ranked Solo');
    await expect(entries.nth(0)).toContainText('Master');
    await expect(entries.nth(0)).not.toContainText('Master I');
    await expect(entries.nth(1)).toContainText('5v5 Ranked Team');
    await expect(entries.nth(1)).toContainText('0 LP');
    await expect(entries.nth(2)).toContainText('3v3 Ranked Flex');
    await expect(entries.nth(2)).toContainText('Inactive');

    await page.getByTestId('riot-id-input').fill('Hollow Pine#OCE');
    await page.getByTestId('platform-select').selectOption('oc1');
    await page.getByTestId('lookup-submit').click();
    await expect(page.getByTestId('ranked-none')).toHaveText('No ranked entries on oc1.');
  });

  test('finds where a player plays from the account: Quiet Lantern#EUW on NA’s account cluster', async ({
    page,
  }) => {
    await page.goto(stack.app.pageUrl('/players'));
    // The picker is an override: it starts on "where they play", whatever platform was picked last.
    await expect(page.getByTestId('platform-select')).toHaveValue('');
    await page.getByTestId('platform-select').selectOption('na1');
    await expect(page.getByTestId('region-select')).toHaveValue('americas');
    await page.getByTestId('platform-select').selectOption('');
    await page.getByTestId('riot-id-input').fill('Quiet Lantern#EUW');
    await page.getByTestId('lookup-submit').click();
    await expect(page.getByTestId('summoner-line')).toContainText('Level 87 · Europe West');
    await expect(page.getByTestId('ranked-entry')).toHaveCount(2);
    await expect(page.getByTestId('recent-match')).toHaveCount(10);
    // The player lookups (match lookups of the test before may still be arriving).
    const asked = webApi.control
      .requests()
      .filter((request) => /^(account|summoner)-/.test(request.endpoint ?? ''))
      .map((request) => `${request.endpoint} ${request.routing}`);
    expect(asked).toEqual([
      'account-v1.byRiotId americas',
      'account-v1.regionByPuuid americas',
      'summoner-v4.byPuuid euw1',
    ]);

    // A platform picked is an override: asked as it is, and the way back is named.
    await page.getByTestId('platform-select').selectOption('na1');
    await page.getByTestId('lookup-submit').click();
    await expect(page.getByTestId('lookup-error')).toHaveText(
      'This player has no summoner on na1: leave the platform to be found from the account, or pick the one they play on.',
    );
  });

  test('looks up the Riot IDs real accounts have: tags with spaces and a Thai name', async ({ page }) => {
    for (const [riotId, where] of [
      ['天 使#KR 1', 'Korea'],
      ['Sleep tight#z z', 'North America'],
      ['Noru1247#12 47', 'North America'],
      ['น้ำ#TH2', 'Thailand'],
    ] as const) {
      await page.goto(stack.app.pageUrl('/players'));
      await page.getByTestId('riot-id-input').fill(riotId);
      await page.getByTestId('lookup-submit').click();
      await expect(page.getByTestId('player-name')).toHaveText(riotId);
      await expect(page.getByTestId('summoner-line')).toContainText(where);
    }
    expect(webApi.control.stats().byStatus).not.toHaveProperty('403');
  });

  test('shows an Arena match as it is played: 8 teams of two, first place first', async ({ page }) => {
    await page.goto(stack.app.pageUrl('/players', { riotId: 'Quiet Lantern#EUW', region: 'europe' }));
    // Quiet Lantern's fourth recent match is an Arena game: its row gives the placement, not a side's result.
    await expect(page.getByTestId('recent-match').nth(3)).toContainText(/\d(st|nd|rd|th) place/);
    await page.getByTestId('recent-match').nth(3).getByRole('link').click();
    await expect(page.getByTestId('arena-team')).toHaveCount(8);
    await expect(page.getByTestId('participant')).toHaveCount(16);
    await expect(page.getByTestId('arena-placement')).toHaveText([
      '1st place',
      '2nd place',
      '3rd place',
      '4th place',
      '5th place',
      '6th place',
      '7th place',
      '8th place',
    ]);
    for (const team of await page.getByTestId('arena-team').all()) {
      await expect(team.getByTestId('participant')).toHaveCount(2);
    }
    await expect(page.getByTestId('team-blue')).toHaveCount(0);
    await expect(page.getByTestId('team-red')).toHaveCount(0);
    await expect(page.locator('tr.highlight')).toContainText('Quiet Lantern#EUW');
    await shootPageWidths(page, 'arena-match-page');
  });

  test('with static data synced, an item row shows the items’ stats together and the rules', async ({
    page,
  }) => {
    await syncStaticData(page, stack.app);
    await page.goto(stack.app.pageUrl('/matches', { match: 'EUW1_7101004000', routing: 'europe' }));
    await expect(page.getByTestId('participant')).toHaveCount(10);
    await page
      .getByTestId('participant')
      .first()
      .getByRole('button', { name: 'The items’ stats together' })
      .hover();
    const card = page.getByTestId('item-row-tooltip');
    await expect(card).toContainText('Items together');
    await expect(card).toContainText('Flat stats add');
    await expect(card).toContainText('Tenacity from items does not stack');
  });

  test('pages the match list with More, filters it by queue and day, and names modes without static data', async ({
    page,
  }) => {
    // A platform no lookup of this file has asked about yet: the core keeps a status for 5 minutes.
    webApi.control.setPlatformStatus('eun1', [
      {
        kind: 'maintenance',
        maintenanceStatus: 'in_progress',
        titles: { en_US: 'Ranked queues are disabled', pl_PL: 'Gry rankingowe są wyłączone' },
      },
    ]);
    await page.goto(
      stack.app.pageUrl('/players', { riotId: 'Søren Ås#EUNE', platform: 'eun1', region: 'europe' }),
    );
    await expect(page.getByTestId('platform-notice')).toHaveText(
      'Maintenance now Ranked queues are disabled',
    );
    webApi.control.reset();

    await page.goto(
      stack.app.pageUrl('/players', { riotId: 'Paper Comet#EUW', platform: 'euw1', region: 'europe' }),
    );
    await expect(page.getByTestId('platform-status')).toHaveText(
      'EU West: no incidents or maintenance reported.',
    );
    const rows = page.getByTestId('recent-match');
    await expect(rows).toHaveCount(10);
    // Swiftplay (480) and Swarm (1820) are named although this stack has no static data.
    await expect(rows.nth(3)).toContainText('Swiftplay');
    await expect(rows.nth(7)).toContainText('Swarm');
    await page.getByTestId('matches-more').click();
    await expect(rows).toHaveCount(20);
    // The 13th is a game that was aborted: no "Custom game · Map 0 · 0:00".
    await expect(rows.nth(12)).toHaveText(/Aborted, no game data/);
    await page.getByTestId('matches-more').click();
    await expect(rows).toHaveCount(30);
    await page.getByTestId('matches-more').click();
    await expect(page.getByTestId('match-list-end')).toHaveText('No more matches.');
    await expect(page.getByTestId('matches-more')).toHaveCount(0);
    // Paper Comet's lists only: the page before may still have had its own list on the way when the log was reset.
    const cometPuuid = webApi.control.dataset.playerByRiotId('Paper Comet', 'EUW')?.puuid ?? '';
    const listed = webApi.control
      .requests()
      .filter((request) => request.endpoint === 'match-v5.idsByPuuid' && request.path.includes(cometPuuid))
      .map((request) => new URL(request.path, 'http://sim').searchParams.get('start'));
    expect(listed).toEqual(['0', '10', '20', '30']);

    await page.getByTestId('match-filter-queue').selectOption({ label: 'Swarm Mode (duo)' });
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('Swarm');
    await page.getByTestId('match-filter-queue').selectOption({ label: 'All queues' });
    await expect(rows).toHaveCount(10);
    // One day, as the user's date inputs give it: only that day's games are listed.
    const comet = webApi.control.dataset.players.find((player) => player.gameName === 'Paper Comet');
    const starts = (comet ? webApi.control.dataset.recentGameIds(comet) : []).map(
      (gameId) => webApi.control.dataset.match('euw1', gameId)?.startedAt ?? 0,
    );
    const days = await page.evaluate((times) => {
      const pad = (value: number) => String(value).padStart(2, '0');
      return times.map((time) => {
        const date = new Date(time);
        return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
      });
    }, starts);
    const day = days[4] ?? '';
    await page.getByTestId('match-filter-from').fill(day);
    await page.getByTestId('match-filter-to').fill(day);
    await expect(rows).toHaveCount(Math.min(10, days.filter((other) => other === day).length));
    await expect(page.getByTestId('matches-more')).toHaveCount(0);

    // The aborted game's own page says so instead of "Map 0 · 0:00".
    await page.goto(
      stack.app.pageUrl('/matches', {
        match: `EUW1_${comet ? webApi.control.dataset.recentGameIds(comet)[12] : 0}`,
      }),
    );
    await expect(page.getByTestId('aborted-note')).toContainText('Aborted, no game data');
    await expect(page.getByTestId('match-queue')).toHaveText('Aborted, no game data');
  });

  test('refuses a wrong region for the endpoint without sending anything', async ({ page }) => {
    await page.goto(stack.app.pageUrl('/matches', { match: 'EUW1_7101004000', routing: 'americas' }));
    await expect(page.getByTestId('match-error')).toContainText(
      'Wrong region for this endpoint: EUW1_7101004000 was played on euw1, so it is on europe, not americas.',
    );
    await page.goto(
      stack.app.pageUrl('/players', { riotId: 'Quiet Lantern#EUW', platform: 'euw1', region: 'sea' }),
    );
    await expect(page.getByTestId('lookup-error')).toContainText(
      'Wrong region for this endpoint: account lookups go to americas, asia, europe, not sea.',
    );
    await page.goto(
      stack.app.pageUrl('/players', { riotId: 'Quiet Lantern#EUW', platform: 'oce1', region: 'europe' }),
    );
    await expect(page.getByTestId('lookup-error')).toContainText(
      'Unknown platform "oce1". Did you mean oc1?',
    );
    // The account lookup of the last one was right and went out; nothing else did.
    expect(webApi.control.requests().map((request) => request.endpoint)).toEqual(['account-v1.byRiotId']);
  });

  test('shows a rate limit as a countdown, then the match', async ({ page }) => {
    webApi.control.rateLimitNext({ type: 'service', retryAfterSeconds: 4 });
    await page.goto(stack.app.pageUrl('/matches', { match: 'EUW1_7101003827' }));
    await expect(page.getByTestId('web-api-pause')).toContainText(
      /^Rate limited: retrying in [34] s \(match lookups on europe\)\.$/,
    );
    await expect(page.getByTestId('match-details')).toBeVisible({ timeout: 10_000 });
    await expect(page.getByTestId('web-api-pause')).toHaveCount(0);
    expect(webApi.control.stats().byStatus).toEqual({ '200': 1, '429': 1 });
  });

  test('a removed route is reported as removed, and the key is not paused', async ({ page }) => {
    webApi.control.removeEndpoint('match-v5.match');
    for (const gameId of [7101003654, 7101003481, 7101003308]) {
      await page.goto(stack.app.pageUrl('/matches', { match: `EUW1_${gameId}` }));
      await expect(page.getByTestId('match-error')).toContainText(
        'This lookup (match-v5.match) was refused (403) while your key works',
      );
    }
    await expect(page.getByTestId('web-api-guard')).toHaveCount(0);
  });

  test('a rejected key says so, and repeated refusals pause until the user resumes', async ({ page }) => {
    webApi.control.revokeKey(SIMULATOR_API_KEY);
    try {
      for (const gameId of [7101003654, 7101003481, 7101003308]) {
        await page.goto(stack.app.pageUrl('/matches', { match: `EUW1_${gameId}` }));
        await expect(page.getByTestId('match-error')).toContainText('Key rejected (403)');
      }
      await expect(page.getByTestId('web-api-guard')).toContainText(
        'Keys that keep making invalid calls get revoked',
      );
      await page.goto(stack.app.pageUrl('/matches', { match: 'EUW1_7101003135' }));
      await expect(page.getByTestId('match-error')).toContainText('Paused');
      // Three lookups, each refusal checked once with platform status (refused too: the key).
      expect(webApi.control.stats().total).toBe(6);
    } finally {
      webApi.control.addKey(SIMULATOR_API_KEY);
    }
    await page.getByRole('button', { name: 'I checked my key: resume' }).click();
    await expect(page.getByTestId('web-api-guard')).toHaveCount(0);
    await page.goto(stack.app.pageUrl('/matches', { match: 'EUW1_7101003135' }));
    await expect(page.getByTestId('match-details')).toBeVisible();
  });

  test('the key never reached the page, the pushed state or the log', async () => {
    expect(frames.length).toBeGreaterThan(10);
    expect(frames.join('\n')).not.toContain(SIMULATOR_API_KEY);
    const log = await readFile(join(stack.app.dataDir, 'sightline.log'), 'utf8');
    expect(log).not.toContain(SIMULATOR_API_KEY);
  });
});

test.describe('web API pages on the spec’s v4 paths', () => {
  test.beforeAll(async () => {
    webApi = await startWebApiSimulator();
    const dataDir = await mkdtemp(join(tmpdir(), 'sightline-e2e-v4-'));
    await writeFile(
      join(dataDir, 'settings.json'),
      JSON.stringify({ webApi: { apiVersion: 'v4', platform: 'euw1' } }),
    );
    await saveDeskCodes(dataDir, [
      webApi.control.dataset.tournamentCodes[0]?.code ?? '',
      DESK_CODE_OF_NO_GAME,
    ]);
    stack = await startStack('idle', {
      SIGHTLINE_DATA_DIR: dataDir,
      SIGHTLINE_WEB_API_BASE: webApi.baseTemplate,
      SIGHTLINE_API_KEY: SIMULATOR_API_KEY,
    });
  });
  test.afterAll(async () => {
    await stopStack(stack);
    await webApi.close();
  });

  test('a non-ranked match from the standard endpoint is shown anonymised, with the note', async ({
    page,
  }) => {
    await page.goto(stack.app.pageUrl('/players'));
    await expect(page.getByTestId('api-key-status')).toContainText('set by SIGHTLINE_API_KEY for this run');
    await page.getByTestId('riot-id-input').fill('Quiet Lantern#EUW');
    await page.getByTestId('lookup-submit').click();
    await expect(page.getByTestId('recent-match')).toHaveCount(10);
    await expect(
      page.getByTestId('recent-match').filter({ hasText: 'Players hidden by the API' }).first(),
    ).toBeVisible();

    // 7101003827 is a 5v5 Blind Pick game (not ranked): the standard endpoint hides its players.
    await page.goto(stack.app.pageUrl('/matches', { match: 'EUW1_7101003827' }));
    await expect(page.getByTestId('anonymised-note')).toContainText('hides who played in non-ranked games');
    await expect(page.getByText('Hidden player')).toHaveCount(10);
    await expect(page.getByTestId('champion').first()).toContainText(/Champion \d+/);
    expect(webApi.control.requests().at(-1)?.endpoint).toBe('match-v4.match');
    // The v4 record carries last season's highest tier for 9 of the 10 (the 8th left it out).
    const tiers = page.getByTestId('season-tier');
    await expect(tiers).toHaveCount(9);
    await expect(tiers.first()).toHaveText(/^Last season's highest tier: [A-Z][a-z]+$/);
    await expect(tiers.first()).toHaveAttribute('title', /previous season.*group of ranked queues/);
  });

  test('a game of a code this desk created, looked up by that code, shows who played, where the standard endpoint hides them', async ({
    page,
  }) => {
    await page.goto(stack.app.pageUrl('/matches', { match: 'NA1_5000900001' }));
    await expect(page.getByTestId('anonymised-note')).toBeVisible();
    await expect(page.getByText('Hidden player')).toHaveCount(10);

    const code = webApi.control.dataset.tournamentCodes[0]?.code ?? '';
    await page.getByTestId('match-code-input').fill(code);
    await page.getByTestId('match-open').click();
    await expect(page.getByTestId('tournament-code-note')).toContainText(code);
    await expect(page.getByTestId('participant')).toHaveCount(10);
    await expect(page.getByText('Hidden player')).toHaveCount(0);
    const first = webApi.control.dataset.match('na1', 5_000_900_001)?.participants[0]?.player.summonerName;
    await expect(page.getByTestId('participant').first()).toContainText(first ?? 'a name');
    await expect(page.getByTestId('anonymised-note')).toHaveCount(0);
    expect(new URL(page.url()).searchParams.get('code')).toBe(code);
    expect(webApi.control.requests().at(-1)?.endpoint).toBe('match-v4.matchByCode');

    // The field offers the desk's codes, and is named for what it looks up.
    await expect(page.getByText('Games of your tournament codes')).toBeVisible();
    await expect(page.locator('#match-desk-codes option')).toHaveCount(2);

    // A code of the desk's that did not make the game is said in words.
    await page.getByTestId('match-code-input').fill(DESK_CODE_OF_NO_GAME);
    await page.getByTestId('match-open').click();
    await expect(page.getByTestId('match-error')).toHaveText(
      `Match NA1_5000900001 was not played with the tournament code ${DESK_CODE_OF_NO_GAME}.`,
    );

    // A code this desk did not create is refused, and nothing is sent.
    webApi.control.reset();
    await page.getByTestId('match-code-input').fill('NA-MADE-ELSEWHERE');
    await page.getByTestId('match-open').click();
    await expect(page.getByTestId('match-error')).toHaveText(
      'The tournament code NA-MADE-ELSEWHERE was not created by this desk (it is not in tournaments.db): only games of your own tournament codes are looked up by code.',
    );
    expect(webApi.control.requests().filter((request) => request.endpoint?.startsWith('match-'))).toEqual([]);
  });
});
