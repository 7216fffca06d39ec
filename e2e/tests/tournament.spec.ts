import type { Locator, Page } from '@playwright/test';
import { expect, startStack, stopStack, test, type Stack } from '../harness/fixtures';
import {
  SIMULATOR_API_KEY,
  startWebApiSimulator,
  type RunningWebApiSimulator,
} from '../../electron/simulator/webApi/webApiSimulator';

/**
 * The tournament desk in Chromium against the real headless host and the web API simulator, whose
 * callback sender POSTs results to the host's `/tournament/callback`. The 5-minute fallback is
 * shortened with SIGHTLINE_TOURNAMENT_FALLBACK_MS so the test can wait it out, and the 2-minute look at
 * games/by-code for a game's end with SIGHTLINE_TOURNAMENT_WATCH_MS.
 */

const FALLBACK_MS = 6000;
const WATCH_MS = 1000;
const CALLBACK_URL = 'http://results.example.com/tournament/callback';

let webApi: RunningWebApiSimulator;
let stack: Stack;
/** Codes the first test creates (the first with the tournament); the later tests play their games. */
let codes: string[] = [];

function hostOrigin(): string {
  return new URL(stack.app.companionUrl).origin;
}

function codeRow(page: Page, code: string): Locator {
  return page.locator(`[data-testid="code-row"][data-code="${code}"]`);
}

/** A datetime-local value `days` from now, in the browser's (this machine's) time zone. */
function localDateTime(days: number): string {
  const date = new Date(Date.now() + days * 24 * 60 * 60 * 1000);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

test.describe('tournament desk', () => {
  test.describe.configure({ mode: 'serial' });

  test.beforeAll(async () => {
    webApi = await startWebApiSimulator();
    stack = await startStack('idle', {
      SIGHTLINE_WEB_API_BASE: webApi.baseTemplate,
      SIGHTLINE_TOURNAMENT_FALLBACK_MS: String(FALLBACK_MS),
      SIGHTLINE_TOURNAMENT_WATCH_MS: String(WATCH_MS),
    });
    // Provider URLs must pass the spec's domain rules; the simulator delivers to the host instead.
    webApi.control.tournament.redirectCallbacks(hostOrigin());
    webApi.control.tournament.setCallbackRetry(300, 10);
  });
  test.afterAll(async () => {
    await stopStack(stack);
    await webApi.close();
  });

  test('registers a provider, creates a tournament and codes, watches the lobby, gets the result by callback', async ({
    page,
    context,
  }) => {
    test.setTimeout(90_000);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: hostOrigin() });
    await page.goto(stack.app.pageUrl('/tournaments'));
    await expect(page.getByTestId('desk-notice-no-key')).toBeVisible();
    await page.getByTestId('api-key-input').fill(SIMULATOR_API_KEY);
    await page.getByTestId('api-key-kind').selectOption('production');
    await page.getByTestId('api-key-save').click();
    await expect(page.getByTestId('api-key-status')).toContainText('Production key');
    await expect(page.getByTestId('desk-notice-no-key')).toHaveCount(0);
    // A production key is no tournament key until the user says so: the stub is used until then.
    await expect(page.getByTestId('desk-notice-tournament-key')).toBeVisible();
    await page.getByTestId('confirm-tournament-key').click();
    await expect(page.getByTestId('desk-notice-tournament-key')).toHaveCount(0);
    await expect(page.getByTestId('provider-api-note')).toHaveText('Sent to tournament v5.');

    // Provider: the URL is checked as it is typed, and only a valid one can be registered.
    const url = page.getByTestId('provider-url');
    const verdict = page.getByTestId('url-check-verdict');
    const register = page.getByTestId('provider-create');
    await url.fill('http://results.example.xyz/tournament/callback');
    await expect(verdict).toHaveText(/^invalid: the top-level domain \.xyz is not accepted/);
    await expect(register).toBeDisabled();
    await url.fill('http://results.example.com:8080/tournament/callback');
    await expect(verdict).toHaveText(/^invalid: port 8080 is not allowed/);
    await url.fill('https://results.example.com/tournament/callback');
    await expect(verdict).toHaveText('valid');
    await expect(page.getByTestId('url-check-note')).toContainText('approved on or before Jan 29, 2012');
    await expect(page.getByTestId('url-check-note')).toContainText('plain http with signed metaData');
    await url.fill(CALLBACK_URL);
    await expect(verdict).toHaveText('valid');
    await expect(page.getByTestId('url-check-note')).toHaveCount(0);
    await expect(page.getByTestId('providers-panel')).toContainText(
      'Changing the URL means registering a new provider',
    );
    await register.click();
    await expect(page.getByTestId('provider-row')).toHaveCount(1);
    await expect(page.getByTestId('provider-row')).toContainText('current key');
    expect(webApi.control.tournament.providers().map((provider) => provider.url)).toEqual([CALLBACK_URL]);

    // Tournament: the policy refuses with its reasons before anything is sent.
    const create = page.getByTestId('tournament-create');
    await page.getByTestId('tournament-name').fill('Spring Cup');
    await page.getByTestId('tournament-participants').fill('12');
    await page.getByTestId('tournament-fee').fill('10');
    await page.getByTestId('tournament-share').fill('50');
    await page.getByTestId('tournament-betting').check();
    const reasons = page.getByTestId('policy-reasons');
    await expect(reasons).toContainText('at least 20 participants (12 given)');
    await expect(reasons).toContainText('at least 70 % of the fees must go to the prize pool (50 % given)');
    await expect(reasons).toContainText('may not include betting');
    await expect(create).toBeDisabled();
    await page.getByTestId('tournament-participants').fill('40');
    await page.getByTestId('tournament-share').fill('80');
    await page.getByTestId('tournament-betting').uncheck();
    await page.getByTestId('tournament-win-condition').fill('Best of one; the final is best of three.');
    await page.getByTestId('tournament-first-match').fill(localDateTime(10));
    await expect(page.getByTestId('policy-verdict')).toHaveAttribute('data-allowed', 'true');
    await expect(page.getByTestId('policy-advice')).toContainText('no more than a week before it');
    expect(webApi.control.tournament.tournaments()).toHaveLength(0);
    await create.click();

    // Created with one code at creation, as the spec advises.
    await expect(page.getByTestId('tournament-row')).toHaveCount(1);
    await expect(page.getByTestId('tournament-row')).toContainText('Spring Cup');
    await expect(page.getByTestId('code-row')).toHaveCount(1);
    await expect(page.getByTestId('no-active-code')).toHaveCount(0);
    expect(webApi.control.tournament.tournaments()).toHaveLength(1);

    // Codes: far more than the bracket needs only after confirming.
    await page.getByTestId('code-count').fill('20');
    await expect(page.getByTestId('code-surplus-warning')).toContainText('needs about 7 codes');
    await expect(page.getByTestId('code-create')).toBeDisabled();
    await page.getByTestId('code-count').fill('3');
    await expect(page.getByTestId('code-surplus-warning')).toHaveCount(0);
    await page.getByTestId('code-pick').selectOption('DRAFT_MODE');
    await page.getByTestId('code-metadata').fill('Semi final');
    await page.getByTestId('code-create').click();
    await expect(page.getByTestId('code-row')).toHaveCount(4);
    codes = await page.getByTestId('code-value').allTextContents();
    expect(new Set(codes).size).toBe(4);
    expect(
      webApi.control.tournament
        .codes()
        .map((code) => code.code)
        .sort(),
    ).toEqual([...codes].sort());

    // codes[0] was generated with the tournament; the three after it carry the metadata.
    const first = codes[1] ?? '';
    const row = codeRow(page, first);
    await expect(row.getByTestId('code-status')).toHaveText('open');
    await expect(row.getByTestId('code-age')).toHaveText('created just now');
    // Three calendar months: 89 to 92 days, by the months the code spans.
    await expect(row.getByTestId('code-expiry')).toContainText(/eligible for expiry in (89|9[0-2]) days/);
    await row.getByTestId('copy-code').click();
    await expect(row.getByTestId('copy-code')).toHaveText('Copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(first);

    // Details from the API, and a settings change by PUT.
    await row.getByTestId('code-open').click();
    const details = page.getByTestId('code-details');
    await expect(details.getByTestId('code-detail-lobby-name')).not.toBeEmpty();
    await expect(details.getByTestId('code-detail-region')).toHaveText('NA');
    await page.getByTestId('code-update-pick').selectOption('BLIND_PICK');
    await page.getByTestId('code-update-spectators').selectOption('LOBBYONLY');
    await page.getByTestId('code-update').click();
    await expect(page.getByTestId('code-update-done')).toBeVisible();
    await expect(details.getByTestId('code-detail-pick-type')).toHaveText('BLIND_PICK');
    expect(webApi.control.tournament.codes().find((code) => code.code === first)).toMatchObject({
      pickType: 'BLIND_PICK',
      spectatorType: 'LOBBYONLY',
    });

    // The lobby, live: part of it has happened at the first poll, the rest comes with the next.
    webApi.control.tournament.playLobby(first, { startAt: Date.now() - 6000, stepMs: 1000 });
    await row.getByTestId('code-watch').click();
    const live = page.getByTestId('live-lobby');
    await expect(live).toHaveAttribute('data-code', first);
    await expect(page.getByTestId('lobby-note')).toContainText('not a signal to advance a bracket');
    await expect(live.getByTestId('lobby-event').first()).toContainText('lobby created');
    await expect(live.getByTestId('lobby-event')).toHaveCount(17, { timeout: 30_000 });
    for (const stage of await live.getByTestId('lobby-stage').all()) {
      await expect(stage).not.toHaveAttribute('data-count', '0');
    }
    await expect(live.getByTestId('lobby-stage')).toHaveCount(7);
    await expect(row.getByTestId('code-status')).toHaveText('in game');
    await page.getByTestId('lobby-unwatch').click();
    const audit = page.getByTestId('lobby-audit');
    await expect(audit).toHaveAttribute('data-code', first);
    await expect(audit.getByTestId('lobby-event')).toHaveCount(17);

    // The game began: its end is watched through games/by-code, nobody needs to say it ended.
    await expect(row.getByTestId('code-result-watch')).toContainText('games/by-code is watched');
    await expect(page.getByTestId('awaiting-result')).toContainText('games/by-code is watched');
    await expect(row.getByTestId('code-game-ended')).toHaveCount(0);

    // The game ends; the result arrives by callback (confirmed by games/by-code), before the fallback.
    expect(await webApi.control.tournament.finishGame(first)).toBe(200);
    const result = page.locator(`[data-testid="result-row"][data-code="${first}"]`);
    await expect(result.getByTestId('result-source')).toHaveText('by callback');
    await expect(result).toContainText('Semi final');
    await expect(page.getByTestId('receiver-accepted')).toHaveText('1');
    await expect(page.getByTestId('awaiting-result')).toHaveCount(0);
    await expect(row.getByTestId('code-status')).toHaveText('result in');

    await result.getByTestId('result-match-link').click();
    await expect(page).toHaveURL(/\/matches\?.*match=NA1_\d+/);
    await expect(page.getByTestId('match-details')).toBeVisible();
  });

  test('with the callback withheld, the end is seen by code and the result fetched after the wait', async ({
    page,
  }) => {
    const code = codes[2] ?? '';
    await page.goto(stack.app.pageUrl('/tournaments'));
    webApi.control.tournament.playLobby(code, { startAt: Date.now() - 60_000, stepMs: 1000 });
    const row = codeRow(page, code);
    await row.getByTestId('code-watch').click();
    await expect(row.getByTestId('code-status')).toHaveText('in game', { timeout: 15_000 });
    await expect(row.getByTestId('code-result-watch')).toBeVisible();
    await expect(row.getByTestId('code-game-ended')).toHaveCount(0);
    await page.getByTestId('lobby-unwatch').click();

    // No "Game ended" click: games/by-code lists the game, which starts the wait for the callback.
    expect(await webApi.control.tournament.finishGame(code, { callback: 'withhold' })).toBeNull();
    await expect(page.locator(`[data-testid="awaiting-result"][data-code="${code}"]`)).toContainText(
      /fetched by code in 0:0\d/,
      { timeout: WATCH_MS + 10_000 },
    );
    await expect(row.getByTestId('code-status')).toHaveText('awaiting result');
    const result = page.locator(`[data-testid="result-row"][data-code="${code}"]`);
    await expect(result.getByTestId('result-source')).toHaveText('by code (fallback)', {
      timeout: FALLBACK_MS + 15_000,
    });
    await expect(row.getByTestId('code-status')).toHaveText('result in');
    await expect(row.getByTestId('code-result-watch')).toHaveCount(0);
    expect(webApi.control.tournament.deliveries().filter((delivery) => delivery.code === code)).toEqual([]);
    expect(webApi.control.requests().map((request) => request.endpoint)).toContain(
      'tournament-v5.gamesByCode',
    );
  });

  test('a forged callback is refused, shown as such, and records no result', async ({ page, request }) => {
    const code = codes[3] ?? '';
    await page.goto(stack.app.pageUrl('/tournaments'));
    await expect(page.getByTestId('result-row')).toHaveCount(2);

    // The genuine body with the organizer's text altered under the old signature.
    const genuine = webApi.control.tournament.callbackBody(code);
    const envelope = JSON.parse(String(genuine.metaData)) as Record<string, unknown>;
    const altered = JSON.stringify({ ...envelope, m: 'Semi final (winner: red)' });
    const forged = await request.post(`${hostOrigin()}/tournament/callback`, {
      data: { ...genuine, metaData: altered },
    });
    expect(forged.status()).toBe(403);
    expect(await webApi.control.tournament.sendForgedCallback(code, 'unsigned')).toBe(403);
    // A genuine result re-sent under the code made with the tournament (another creation call).
    const replayed = await request.post(`${hostOrigin()}/tournament/callback`, {
      data: { ...webApi.control.tournament.callbackBody(codes[1] ?? ''), shortCode: codes[0] },
    });
    expect(replayed.status()).toBe(403);

    const rejections = page.getByTestId('callback-rejection');
    await expect(rejections).toHaveCount(3);
    await expect(rejections.filter({ hasText: 'signature is wrong' })).toContainText(code);
    await expect(rejections.filter({ hasText: 'not Sightline’s signed metadata' })).toContainText(code);
    await expect(rejections.filter({ hasText: 'replayed under another code' })).toContainText(codes[0] ?? '');
    await expect(page.getByTestId('receiver-rejected')).toHaveText('3');
    await expect(page.getByTestId('result-row')).toHaveCount(2);
    await expect(page.locator(`[data-testid="result-row"][data-code="${code}"]`)).toHaveCount(0);
    await expect(codeRow(page, code).getByTestId('code-status')).toHaveText('open');
    // A code whose game was not seen beginning keeps the manual "Game ended".
    await expect(codeRow(page, code).getByTestId('code-game-ended')).toBeVisible();
  });

  test('allowed participants are typed as Riot IDs, sent as PUUIDs and shown back by Riot ID', async ({
    page,
  }) => {
    const code = codes[3] ?? '';
    const atApi = () => webApi.control.tournament.codes().find((item) => item.code === code);
    await page.goto(stack.app.pageUrl('/tournaments'));
    await codeRow(page, code).getByTestId('code-open').click();
    const participants = page.getByTestId('code-update-participants');
    // Neither a Riot ID nor a PUUID: refused with the value, nothing changes at the API.
    await participants.fill('Quiet Lantern');
    await page.getByTestId('code-update').click();
    await expect(page.getByTestId('code-update-error')).toContainText('"Quiet Lantern" is neither a Riot ID');
    expect(atApi()?.participants).toEqual([]);

    await participants.fill('Quiet Lantern#EUW');
    await page.getByTestId('code-update').click();
    await expect(page.getByTestId('code-update-done')).toBeVisible();
    const details = page.getByTestId('code-details');
    await expect(details.getByTestId('code-detail-participants')).toHaveText('Quiet Lantern#EUW');
    const puuid = webApi.control.dataset.playerByRiotId('Quiet Lantern', 'EUW')?.puuid;
    expect(atApi()).toMatchObject({ participants: [puuid], pickType: 'DRAFT_MODE' });

    // Shown back by Riot ID when the code is opened again.
    await page.reload();
    await codeRow(page, code).getByTestId('code-open').click();
    await expect(page.getByTestId('code-update-participants')).toHaveValue('Quiet Lantern#EUW');
  });

  test('each result names its winners by Riot ID; a reused code’s second game waits for the organizer’s choice', async ({
    page,
  }) => {
    const code = codes[1] ?? '';
    await page.goto(stack.app.pageUrl('/tournaments'));
    const rows = page.locator(`[data-testid="result-row"][data-code="${code}"]`);
    await expect(rows).toHaveCount(1);
    const gameId = Number(await rows.getAttribute('data-game-id'));
    const game = webApi.control.dataset.match('na1', gameId);
    const riotIds = (won: boolean) =>
      (game?.participants ?? [])
        .filter((player) => (player.teamId === game?.winningTeam) === won)
        .map((player) => `${player.player.gameName}#${player.player.tagLine}`);
    expect(riotIds(true)).toHaveLength(5);
    await expect(rows.getByTestId('result-winners').locator('li')).toHaveText(riotIds(true));
    await expect(rows.getByTestId('result-losers').locator('li')).toHaveText(riotIds(false));
    const seconds = game?.durationSeconds ?? 0;
    await expect(rows.getByTestId('result-length')).toHaveText(
      `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`,
    );

    // A remake on the same code: answered 200 (no retries), both games kept, the organizer asked.
    expect(await webApi.control.tournament.playAgain(code)).toBe(200);
    const review = page.locator(`[data-testid="result-review-code"][data-code="${code}"]`);
    await expect(review).toContainText('has 2 games: which counts?', { timeout: 15_000 });
    await expect(review.getByTestId('result-review-game')).toHaveCount(2);
    await expect(rows).toHaveCount(2);
    await review
      .locator(`[data-testid="result-review-game"][data-game-id="${gameId}"]`)
      .getByTestId('result-choose')
      .click();
    await expect(page.getByTestId('result-review')).toHaveCount(0);
    await expect(
      rows.and(page.locator(`[data-game-id="${gameId}"]`)).getByTestId('result-counts'),
    ).toHaveText('counts');
    await expect(
      rows.and(page.locator(`:not([data-game-id="${gameId}"])`)).getByTestId('result-counts'),
    ).toHaveText('does not count');
  });

  test('shows the status of the providers’ platform: a quiet line, then an incident’s title in the user’s locale', async ({
    page,
    browser,
  }) => {
    await page.goto(stack.app.pageUrl('/tournaments'));
    await expect(page.getByTestId('platform-status')).toHaveText(
      'North America: no incidents or maintenance reported.',
    );
    webApi.control.setPlatformStatus('na1', [
      {
        kind: 'incident',
        severity: 'warning',
        titles: {
          en_US: 'Tournament lobbies may fail to start',
          de_DE: 'Turnierlobbys starten eventuell nicht',
        },
      },
    ]);
    // The core keeps a platform's status for 5 minutes per locale: a German browser asks anew.
    const german = await browser.newContext({ locale: 'de-DE' });
    try {
      const other = await german.newPage();
      await other.goto(stack.app.pageUrl('/tournaments'));
      await expect(other.getByTestId('platform-notice')).toHaveText(
        'Incident Turnierlobbys starten eventuell nicht',
      );
    } finally {
      await german.close();
      webApi.control.setPlatformStatus('na1', []);
    }
  });

  test('after the key changes, providers must be registered again', async ({ page }) => {
    const otherKey = 'RGAPI-0a9b8c7d-6e5f-4a3b-8c2d-1e0f9a8b7c6d';
    webApi.control.addKey(otherKey);
    await page.goto(stack.app.pageUrl('/tournaments'));
    await page.getByTestId('api-key-change').click();
    await page.getByTestId('api-key-input').fill(otherKey);
    await page.getByTestId('api-key-kind').selectOption('production');
    await page.getByTestId('api-key-save').click();
    await expect(page.getByTestId('desk-notice-key-changed')).toContainText('register providers again');
    await expect(page.getByTestId('provider-row')).toContainText('earlier key: register again');
    await expect(page.getByTestId('tournament-provider')).toBeDisabled();
    await expect(page.getByTestId('tournament-provider')).toContainText('Register a provider first');
  });
});
