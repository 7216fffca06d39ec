import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { KeyKind } from '@shared/contract';
import {
  SIMULATOR_API_KEY,
  startWebApiSimulator,
  type RunningWebApiSimulator,
} from '../../../simulator/webApi/webApiSimulator';
import { startTournamentAutoplay } from '../../../simulator/webApi/tournamentAutoplay';
import { createHttpClient } from '../../platform/net/httpClient';
import { openTestFeatureContext } from '../../tools/testkit/testFeatureContext';
import { keyFingerprint } from '../webApi/key/keyFingerprint';
import { createWebApiStack } from '../webApi/webApiStack';
import { deskRequests, type DeskAnswer, type TournamentChannel } from './cli/deskRequests';
import { startRouteServer, type RouteServer } from './receiver/routeServer';
import { STUB_PLAYERS } from './resultLifecycle';
import { createTournamentFeature, type TournamentFeature } from './tournamentFeature';

let simulator: RunningWebApiSimulator;
let dataDir: string;
const http = createHttpClient();
const running: { feature: TournamentFeature; server: RouteServer }[] = [];
const CALLBACK_URL = 'http://results.organizer.com/tournament/callback';
const WIN_CONDITION = 'Best of one; the final is best of three.';

beforeAll(async () => {
  simulator = await startWebApiSimulator({ appLimits: '100:1,1000:10' });
});
afterAll(async () => {
  http.close();
  await simulator.close();
});
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'sightline-tournament-'));
});
afterEach(async () => {
  for (const { feature, server } of running.splice(0)) {
    await feature.stop?.();
    await server.close();
  }
  simulator.control.reset();
  await rm(dataDir, { recursive: true, force: true });
});

async function start(
  keyKind: KeyKind,
  apiVersion: 'v4' | 'v5',
  key = { value: SIMULATOR_API_KEY },
  tournamentKeyConfirmed = keyKind !== 'development',
) {
  const context = await openTestFeatureContext({ dataDir, http });
  const { hub, settings } = context;
  await settings.update({ webApi: { keyKind, apiVersion, tournamentKeyConfirmed } });
  const stack = createWebApiStack({
    http,
    scheduler: context.scheduler,
    logger: context.logger,
    settings: () => settings.effective.webApi,
    hostTemplate: simulator.baseTemplate,
    apiKey: async () => key.value,
    client: { backoffMs: 10 },
  });
  const feature = createTournamentFeature(context, {
    webApi: {
      client: stack.client,
      service: stack.service,
      keyFingerprint: async () => keyFingerprint(key.value),
    },
    fallbackDelayMs: 300,
    lobbyIntervalMs: 50,
    resultWatchIntervalMs: 50,
    confirmRetryMs: 50,
  });
  await feature.ready;
  const server = await startRouteServer(feature.publicRoutes ?? [], { host: '127.0.0.1', port: 0 });
  running.push({ feature, server });
  simulator.control.tournament.redirectCallbacks(`http://127.0.0.1:${server.port}`);
  simulator.control.tournament.setCallbackRetry(50, 10);
  return { desk: deskRequests(feature.handlers), hub, settings, state: () => hub.state.tournament };
}

function value<C extends TournamentChannel>(answer: DeskAnswer<C>) {
  if (!answer.ok) throw new Error(`${answer.code}: ${answer.message}`);
  return answer.value;
}

async function until(check: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A tournament set up on the desk, and one code of it. */
async function oneCodeOf(desk: Awaited<ReturnType<typeof start>>['desk']): Promise<string> {
  const { tournament } = await setUpTournament(desk);
  const [code = ''] = value(
    await desk.request('tournament.codes.create', { tournamentId: tournament.tournamentId }),
  ).codes.map((item) => item.code);
  return code;
}

async function setUpTournament(desk: Awaited<ReturnType<typeof start>>['desk'], region: 'NA' | 'EUW' = 'NA') {
  const provider = value(
    await desk.request('tournament.provider.create', { region, callbackUrl: CALLBACK_URL }),
  );
  const tournament = value(
    await desk.request('tournament.create', {
      providerId: provider.providerId,
      name: 'Spring Cup',
      participants: 40,
      entryFee: 5,
      prizePoolShare: 80,
      winCondition: WIN_CONDITION,
    }),
  );
  return { provider, tournament };
}

describe('tournament desk against the simulator (v5, tournament key)', () => {
  it('registers a provider, creates a tournament and codes, watches the lobby and takes the result by callback', async () => {
    const app = await start('production', 'v5');
    const { provider, tournament } = await setUpTournament(app.desk);
    expect(provider).toMatchObject({ api: 'v5', region: 'NA', callbackUrl: CALLBACK_URL, keyMatches: true });
    expect(simulator.control.tournament.providers()).toMatchObject([{ kind: 'v5', url: CALLBACK_URL }]);

    const created = value(
      await app.desk.request('tournament.codes.create', {
        tournamentId: tournament.tournamentId,
        count: 2,
        teamSize: 5,
        metadata: '{"title":"Game 1"}',
        allowedParticipants: [],
      }),
    );
    expect(created.codes).toHaveLength(2);
    const code = created.codes[0]?.code ?? '';
    const simCode = simulator.control.tournament.codes().find((item) => item.code === code);
    // What went out is signed; the organizer's text is inside.
    expect(JSON.parse(simCode?.metaData ?? '{}')).toMatchObject({
      sl: 1,
      t: tournament.tournamentId,
      m: '{"title":"Game 1"}',
    });

    expect(created.winCondition).toBe(WIN_CONDITION);
    const details = value(await app.desk.request('tournament.code.details', { code }));
    expect(details).toMatchObject({
      winCondition: WIN_CONDITION,
      code,
      tournamentId: tournament.tournamentId,
      map: 'SUMMONERS_RIFT',
      source: 'api',
    });
    const updated = value(
      await app.desk.request('tournament.code.update', {
        code,
        pickType: 'BLIND_PICK',
        spectatorType: 'NONE',
      }),
    );
    expect(updated.settings).toMatchObject({ pickType: 'BLIND_PICK', spectatorType: 'NONE' });
    expect(simCode).toMatchObject({ pickType: 'BLIND_PICK', spectatorType: 'NONE' });

    simulator.control.tournament.playLobby(code, { startAt: Date.now() - 60_000, stepMs: 1000 });
    value(await app.desk.request('tournament.lobby.watch', { code }));
    await until(() => app.state().lobby.events.length === 17);
    expect(new Set(app.state().lobby.events.map((event) => event.eventType)).size).toBe(7);
    await until(() => app.state().codes.find((item) => item.code === code)?.status === 'in-game');
    value(await app.desk.request('tournament.lobby.unwatch', {}));
    expect(app.state().lobby.code).toBeNull();
    const audit = value(await app.desk.request('tournament.lobby.events', { code, refresh: false }));
    expect(audit.events).toHaveLength(17);
    expect(audit.note).toContain('audit');

    // The game began: its end is watched through games/by-code.
    expect(app.state().codes.find((item) => item.code === code)?.resultWatch).not.toBeNull();
    expect(await simulator.control.tournament.finishGame(code, { duplicates: 2 })).toBe(200);
    await until(() => app.state().results.length === 1);
    // The sender's repeats were answered 200 from memory: nothing written, not even a log line.
    expect(app.state().receiver.duplicates).toBe(0);
    expect(app.state().results[0]).toMatchObject({
      code,
      source: 'callback',
      tournamentId: tournament.tournamentId,
      metadata: '{"title":"Game 1"}',
      matchPath: expect.stringMatching(
        new RegExp(`^/matches\\?match=NA1_\\d+&routing=americas&code=${code}$`),
      ),
    });
    // Confirmed by games/by-code, which also gave the teams the v5 callback lacks.
    expect(app.state().results[0]?.winningTeam).toHaveLength(5);
    expect(app.state().receiver).toMatchObject({ accepted: 1, held: 0 });
    expect(app.state().codes.find((item) => item.code === code)?.status).toBe('finished');

    expect(await simulator.control.tournament.sendForgedCallback(code)).toBe(403);
    expect(await simulator.control.tournament.sendForgedCallback(code, 'unsigned')).toBe(403);
    await until(() => app.state().receiver.rejected === 2);
    expect(app.state().results).toHaveLength(1);
    expect(app.state().receiver.recentRejections[0]?.shortCode).toBe(code);
  });

  it('refuses a genuine callback re-sent under a code of another batch at once, and of its own batch once games/by-code says', async () => {
    const app = await start('production', 'v5');
    const { tournament } = await setUpTournament(app.desk);
    const batch = value(
      await app.desk.request('tournament.codes.create', { tournamentId: tournament.tournamentId, count: 2 }),
    ).codes.map((item) => item.code);
    const [played = '', sameRequest = ''] = batch;
    const [otherRequest = ''] = value(
      await app.desk.request('tournament.codes.create', { tournamentId: tournament.tournamentId }),
    ).codes.map((item) => item.code);

    expect(await simulator.control.tournament.finishGame(played)).toBe(200);
    await until(() => app.state().receiver.accepted === 1);
    expect(app.state().results).toMatchObject([{ code: played, source: 'callback' }]);

    // Each creation call (batch) has its own signed metaData: under a code of another batch it is refused at
    // once; under a code of its own batch it is held, and refused once games/by-code does not list its game.
    expect(await simulator.control.tournament.replayCallback(played, { shortCode: otherRequest })).toBe(403);
    await until(() => app.state().receiver.rejected === 1);
    expect(app.state().receiver.recentRejections[0]).toMatchObject({
      shortCode: otherRequest,
      reason:
        'the code is not a member of the batch its signature names (a callback replayed under another code)',
    });
    expect(await simulator.control.tournament.replayCallback(played, { shortCode: sameRequest })).toBe(200);
    await until(() => app.state().receiver.rejected === 2);
    expect(app.state().receiver.recentRejections[0]).toMatchObject({
      shortCode: sameRequest,
      reason: expect.stringContaining('not confirmed: games/by-code lists no game for this code'),
    });
    expect(app.state().results.map((result) => result.code)).toEqual([played]);
    expect(app.state().codes.find((item) => item.code === sameRequest)?.heldCallbacks).toEqual([]);
    // Its genuine callback is still taken.
    expect(await simulator.control.tournament.finishGame(sameRequest)).toBe(200);
    await until(() => app.state().results.length === 2);
    expect(app.state().receiver).toMatchObject({ accepted: 2, rejected: 2, held: 0 });
  });

  it('takes callbacks sent as JSON, for its own codes, and a flood of refused requests never blocks a genuine one', async () => {
    const app = await start('production', 'v5');
    const { tournament } = await setUpTournament(app.desk);
    const [code = ''] = value(
      await app.desk.request('tournament.codes.create', { tournamentId: tournament.tournamentId }),
    ).codes.map((item) => item.code);
    const url = `http://127.0.0.1:${running.at(-1)?.server.port ?? 0}/tournament/callback`;
    const genuine = JSON.stringify(simulator.control.tournament.callbackBody(code));
    const plain = () =>
      fetch(url, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: genuine });

    expect((await plain()).status).toBe(415);
    const unknown = await simulator.control.tournament.replayCallback(code, {
      shortCode: 'NA0a1b2-not-made-here',
    });
    expect(unknown).toBe(403);
    await until(() => app.state().receiver.rejected === 2);
    expect(app.state().receiver.recentRejections.map((rejection) => rejection.reason)).toEqual([
      'the code NA0a1b2-not-made-here was not created by this desk',
      'the body is not sent as Content-Type: application/json',
    ]);
    expect(app.state().results).toEqual([]);
    expect(app.state().receiver.held).toBe(0);

    // The attack from this address: text/plain posts a browser may send, and forged JSON. Each is
    // refused for what it is; the refusals past 30 a minute are logged as one line.
    for (let index = 0; index < 40; index += 1) {
      expect((await plain()).status).toBe(415);
      expect(await simulator.control.tournament.sendForgedCallback(code, 'tampered')).toBe(403);
    }
    await until(() =>
      app
        .state()
        .receiver.recentRejections.some((rejection) => rejection.reason.includes('refused requests')),
    );
    // About 30 logged one by one (one more every 2 s), the summary line, not the 80 requests.
    expect(app.state().receiver.rejected).toBeLessThan(40);
    expect(
      app
        .state()
        .receiver.recentRejections.filter((rejection) => rejection.reason.includes('refused requests')),
    ).toHaveLength(1);

    // The genuine callback, from the same address, right after: 200, and its result is recorded.
    value(await app.desk.request('tournament.lobby.watch', { code }));
    expect(await simulator.control.tournament.finishGame(code)).toBe(200);
    await until(() => app.state().results.length === 1);
    expect(app.state().results[0]).toMatchObject({ code, source: 'callback' });
  });

  it('sees the game end through games/by-code and falls back by itself when the callback is withheld', async () => {
    const app = await start('production', 'v5');
    const code = await oneCodeOf(app.desk);
    const autoplay = startTournamentAutoplay(simulator.control.tournament, {
      checkEveryMs: 10,
      lobbyStepMs: 5,
      gameLengthMs: 600,
      callback: 'withhold',
    });
    try {
      value(await app.desk.request('tournament.lobby.watch', { code }));
      const codeState = () => app.state().codes.find((item) => item.code === code);
      await until(() => codeState()?.status === 'in-game' && codeState()?.resultWatch !== null);
      expect(codeState()?.fallbackAt).toBeNull();
      // The game ends; nobody says so: the listing starts the wait for the callback, then the fallback.
      await until(() => codeState()?.status === 'ended');
      expect(codeState()?.gameEndedAt).toBeGreaterThan(0);
      expect(codeState()?.fallbackAt).toBe((codeState()?.gameEndedAt ?? 0) + 300);
      expect(codeState()?.resultWatch).toBeNull();
      await until(() => app.state().results.length === 1);
      expect(app.state().results[0]).toMatchObject({ code, source: 'fallback' });
      expect(codeState()).toMatchObject({ status: 'finished', fallbackAt: null, resultWatch: null });
      expect(simulator.control.tournament.deliveries()).toEqual([]);
      const looks = simulator.control
        .requests()
        .filter((request) => request.endpoint === 'tournament-v5.gamesByCode');
      const settled = looks.length;
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(
        simulator.control.requests().filter((request) => request.endpoint === 'tournament-v5.gamesByCode'),
      ).toHaveLength(settled);
    } finally {
      autoplay.stop();
    }
  });

  it('registers exactly the canonical URL it judged, not the string as typed', async () => {
    const app = await start('production', 'v5');
    const provider = value(
      await app.desk.request('tournament.provider.create', {
        region: 'NA',
        callbackUrl: ' HTTP://Results.Organizer.COM:80/a/../tournament/callback ',
      }),
    );
    expect(provider.callbackUrl).toBe(CALLBACK_URL);
    expect(simulator.control.tournament.providers()).toMatchObject([{ url: CALLBACK_URL }]);
    const checked = value(
      await app.desk.request('tournament.checkUrl', {
        url: 'HTTP://Results.Organizer.COM:80/a/../tournament/callback',
      }),
    );
    expect(checked).toMatchObject({ valid: true, canonical: CALLBACK_URL });
  });

  it('fetches the result by code when the callback is withheld', async () => {
    const app = await start('production', 'v5');
    const { tournament } = await setUpTournament(app.desk);
    const [code] = value(
      await app.desk.request('tournament.codes.create', { tournamentId: tournament.tournamentId }),
    ).codes;
    await simulator.control.tournament.finishGame(code?.code ?? '', { callback: 'withhold' });
    const ended = value(await app.desk.request('tournament.code.gameEnded', { code: code?.code ?? '' }));
    expect(ended.status).toBe('ended');
    expect(ended.fallbackAt).toBeGreaterThan(Date.now());
    expect(app.state().codes[0]?.fallbackAt).toBe(ended.fallbackAt);
    await until(() => app.state().results.length === 1);
    expect(app.state().results[0]).toMatchObject({ source: 'fallback', code: code?.code });
    expect(app.state().results[0]?.winningTeam).toHaveLength(5);
    expect(
      simulator.control.requests().some((request) => request.endpoint === 'tournament-v5.gamesByCode'),
    ).toBe(true);
    expect(app.state().codes[0]).toMatchObject({ status: 'finished', fallbackAt: null });
  });

  it('names each result’s winners and losers by Riot ID with the game’s length, looked up once by code', async () => {
    const app = await start('production', 'v5');
    const code = await oneCodeOf(app.desk);
    expect(await simulator.control.tournament.finishGame(code)).toBe(200);
    await until(() => app.state().results[0]?.players === 'known');
    const [result] = app.state().results;
    const game = simulator.control.dataset.match('na1', result?.gameId ?? 0);
    const riotIds = (won: boolean) =>
      (game?.participants ?? [])
        .filter((player) => (player.teamId === game?.winningTeam) === won)
        .map((player) => `${player.player.gameName}#${player.player.tagLine}`);
    expect(riotIds(true)).toHaveLength(5);
    expect(result).toMatchObject({
      winners: riotIds(true),
      losers: riotIds(false),
      durationSeconds: game?.durationSeconds,
      playersError: null,
    });
    const lookups = () =>
      simulator.control.requests().filter((request) => request.path.endsWith(`/${result?.matchId}`)).length;
    expect(lookups()).toBe(1);
    // Stored with the result: listing again asks nothing.
    expect(value(await app.desk.request('tournament.results.list', { code }))).toMatchObject([
      { winners: riotIds(true), players: 'known' },
    ]);
    expect(lookups()).toBe(1);
  });

  it('keeps a result whose players cannot be looked up, and says why', async () => {
    const app = await start('production', 'v5');
    const code = await oneCodeOf(app.desk);
    simulator.control.removeEndpoint('match-v5.match');
    expect(await simulator.control.tournament.finishGame(code)).toBe(200);
    await until(() => app.state().results[0]?.players === 'failed');
    expect(app.state().results).toHaveLength(1);
    expect(app.state().results[0]).toMatchObject({ code, winners: [], durationSeconds: null });
    expect(app.state().results[0]?.playersError).toMatch(/^the game could not be looked up by its code: /);
  });

  it('keeps both games of a reused code for the organizer, who chooses which counts', async () => {
    const app = await start('production', 'v5');
    const code = await oneCodeOf(app.desk);
    expect(await simulator.control.tournament.finishGame(code)).toBe(200);
    await until(() => app.state().results.length === 1);
    // The remake: answered 200 at once, so the API does not retry it; both kept, the code up for review.
    expect(await simulator.control.tournament.playAgain(code)).toBe(200);
    await until(() => app.state().results.length === 2);
    expect(app.state().results.map(({ review, counts }) => [review, counts])).toEqual([
      [true, null],
      [true, null],
    ]);
    const [second, first] = app.state().results.map((result) => result.gameId);
    expect(simulator.control.tournament.deliveries().filter((delivery) => delivery.status !== 200)).toEqual(
      [],
    );
    const chosen = value(await app.desk.request('tournament.result.choose', { code, gameId: first ?? 0 }));
    expect(chosen.map(({ gameId, review, counts }) => [gameId, review, counts])).toEqual([
      [second, false, false],
      [first, false, true],
    ]);
    await until(() => app.state().results.every((result) => !result.review && result.players === 'known'));
    const wrong = await app.desk.request('tournament.result.choose', { code, gameId: 123 });
    expect(!wrong.ok && wrong.message).toBe(
      `The code ${code} has no game 123: choose one of ${second}, ${first}.`,
    );
  });

  it('refuses by policy, a bad callback URL and far too many codes before sending anything', async () => {
    const app = await start('production', 'v5');
    const badUrl = await app.desk.request('tournament.provider.create', {
      region: 'NA',
      callbackUrl: 'http://results.organizer.xyz/cb',
    });
    expect(badUrl).toMatchObject({ ok: false, code: 'bad-input' });
    for (const callbackUrl of [
      'http://organizer.com\\@evil.xyz/',
      'http:organizer.com/cb',
      'http://organizer.com\\evil.xyz/',
    ]) {
      const refusedUrl = await app.desk.request('tournament.provider.create', { region: 'NA', callbackUrl });
      expect(refusedUrl).toMatchObject({ ok: false, code: 'bad-input' });
    }
    expect(simulator.control.requests()).toHaveLength(0);
    const provider = value(
      await app.desk.request('tournament.provider.create', { region: 'NA', callbackUrl: CALLBACK_URL }),
    );
    const refused = await app.desk.request('tournament.create', {
      providerId: provider.providerId,
      participants: 12,
      entryFee: 10,
      prizePoolShare: 50,
      betting: true,
    });
    expect(refused).toMatchObject({ ok: false, code: 'bad-input' });
    expect(!refused.ok && refused.message).toContain('at least 20 participants');
    const { tournament } = await setUpTournament(app.desk);
    const surplus = await app.desk.request('tournament.codes.create', {
      tournamentId: tournament.tournamentId,
      count: 500,
    });
    expect(surplus).toMatchObject({ ok: false, code: 'bad-input' });
    // Spec 1 §8: up to 1,000 codes a call, even with the surplus confirmed.
    const overLimit = await app.desk.request('tournament.codes.create', {
      tournamentId: tournament.tournamentId,
      count: 1001,
      confirmSurplus: true,
    });
    expect(overLimit).toMatchObject({ ok: false, code: 'bad-input' });
    expect(simulator.control.tournament.codes()).toHaveLength(0);
    const confirmed = value(
      await app.desk.request('tournament.codes.create', {
        tournamentId: tournament.tournamentId,
        count: 500,
        confirmSurplus: true,
      }),
    );
    expect(confirmed.codes).toHaveLength(500);
    expect(confirmed.warnings[0]).toContain('far beyond need');
  });

  it('says providers must be registered again when the key changes', async () => {
    const key = { value: SIMULATOR_API_KEY };
    const app = await start('production', 'v5', key);
    const { provider } = await setUpTournament(app.desk);
    const other = 'RGAPI-00000000-1111-4222-8333-444444444444';
    simulator.control.addKey(other);
    key.value = other;
    await app.settings.update({ webApi: { keyKind: 'personal' } });
    await until(() => app.state().providers[0]?.keyMatches === false);
    expect(app.state().notices.map((notice) => notice.kind)).toContain('key-changed');
    const refused = await app.desk.request('tournament.create', {
      providerId: provider.providerId,
      participants: 20,
    });
    expect(!refused.ok && refused.message).toContain('register a provider again');
  });
});

describe('tournament desk against the simulator (v4 and the stubs)', () => {
  it('uses the v4 paths, summoner IDs, and match-v4 by code for the fallback', async () => {
    const app = await start('production', 'v4');
    const { tournament } = await setUpTournament(app.desk, 'EUW');
    const { codes } = value(
      await app.desk.request('tournament.codes.create', {
        tournamentId: tournament.tournamentId,
        allowedParticipants: ['summoner-a', 'Quiet Lantern#EUW'],
        mapType: 'TWISTED_TREELINE',
      }),
    );
    const code = codes[0]?.code ?? '';
    // A Riot ID is sent as the player's encrypted summoner ID on the provider's platform, and shown back.
    const lantern = simulator.control.dataset.playerByRiotId('Quiet Lantern', 'EUW')?.summonerId;
    expect(simulator.control.tournament.codes()[0]).toMatchObject({
      kind: 'v4',
      participants: ['summoner-a', lantern],
    });
    expect(codes[0]?.settings.allowedParticipants).toEqual(['summoner-a', 'Quiet Lantern#EUW']);
    simulator.control.tournament.playLobby(code, { startAt: Date.now() - 60_000 });
    const events = value(await app.desk.request('tournament.lobby.events', { code }));
    expect(events.events[0]).toMatchObject({ eventType: 'PracticeGameCreatedEvent', label: 'lobby created' });
    expect(events.events[0]?.player).toMatch(/^[A-Za-z0-9_-]{47}$/);
    await simulator.control.tournament.finishGame(code, { callback: 'withhold' });
    const result = value(await app.desk.request('tournament.result.fetch', { code }));
    expect(result).toMatchObject({ source: 'fallback', region: 'EUW1', routing: 'euw1' });
    expect(result.matchPath).toBe(`/matches?match=EUW1_${result.gameId}&routing=euw1&code=${code}`);
    const paths = simulator.control.requests().map((request) => request.path);
    expect(paths.some((path) => path.startsWith('/americas/lol/tournament/v4/codes?'))).toBe(true);
    expect(paths.some((path) => path.includes('/lol/match/v4/matches/by-tournament-code/'))).toBe(true);
  });

  it('sees a v4 game end from its lobby start through match-v4 IDs by code, with no “Game ended”', async () => {
    const app = await start('production', 'v4');
    const { tournament } = await setUpTournament(app.desk, 'EUW');
    const [code = ''] = value(
      await app.desk.request('tournament.codes.create', { tournamentId: tournament.tournamentId }),
    ).codes.map((item) => item.code);
    const autoplay = startTournamentAutoplay(simulator.control.tournament, {
      checkEveryMs: 10,
      lobbyStepMs: 5,
      gameLengthMs: 600,
      callback: 'withhold',
    });
    try {
      value(await app.desk.request('tournament.lobby.watch', { code }));
      const codeState = () => app.state().codes.find((item) => item.code === code);
      // The lobby's game start starts the watch: the same 2-minute looks (50 ms here) as v5.
      await until(() => codeState()?.status === 'in-game' && codeState()?.resultWatch !== null);
      expect(codeState()?.fallbackAt).toBeNull();
      await until(() => codeState()?.status === 'ended');
      expect(codeState()?.fallbackAt).toBe((codeState()?.gameEndedAt ?? 0) + 300);
      await until(() => app.state().results.length === 1);
      expect(app.state().results[0]).toMatchObject({ code, source: 'fallback', region: 'EUW1' });
      expect(codeState()).toMatchObject({ status: 'finished', fallbackAt: null, resultWatch: null });
      const endpoints = simulator.control.requests().map((request) => request.endpoint);
      expect(endpoints).toContain('match-v4.idsByCode');
      expect(endpoints).not.toContain('tournament-v5.gamesByCode');
    } finally {
      autoplay.stop();
    }
  });

  it('does not ask again after a 403: neither the game-end watch nor the fallback', async () => {
    const app = await start('production', 'v4');
    const { tournament } = await setUpTournament(app.desk, 'EUW');
    const [watched = '', fetched = ''] = value(
      await app.desk.request('tournament.codes.create', { tournamentId: tournament.tournamentId, count: 2 }),
    ).codes.map((item) => item.code);
    simulator.control.removeEndpoint('match-v4.idsByCode');
    const idsLooks = () =>
      simulator.control.requests().filter((request) => request.endpoint === 'match-v4.idsByCode');

    // The game-end watch: one look answered 403, then it stops and says so.
    simulator.control.tournament.playLobby(watched, { startAt: Date.now() - 60_000 });
    value(await app.desk.request('tournament.lobby.events', { code: watched }));
    await until(() =>
      app
        .state()
        .notices.some((notice) => notice.message.includes(`the end of ${watched}’s game was refused`)),
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(idsLooks()).toHaveLength(1);
    expect(idsLooks()[0]?.status).toBe(403);

    // The fallback: its one fetch answered 403 gives up at once instead of asking every minute.
    value(await app.desk.request('tournament.code.gameEnded', { code: fetched }));
    await until(() =>
      app.state().notices.some((notice) => notice.message.startsWith(`No result for ${fetched}`)),
    );
    expect(idsLooks()).toHaveLength(2);
    expect(app.state().codes.find((item) => item.code === fetched)?.fallbackAt).toBeNull();
  });

  it('names lobby players by Riot ID, from PUUIDs (v5) and summoner IDs (v4), each looked up once', async () => {
    for (const version of ['v5', 'v4'] as const) {
      const app = await start('production', version);
      const code = await oneCodeOf(app.desk);
      simulator.control.tournament.playLobby(code, { startAt: Date.now() - 60_000 });
      const { events } = value(await app.desk.request('tournament.lobby.events', { code }));
      const joined = events.filter((event) => event.eventType === 'PlayerJoinedGameEvent');
      expect(joined.length).toBeGreaterThan(0);
      for (const event of joined) expect(event.playerName).toMatch(/^[^#]+#[^#]+$/);
      expect(
        events.find((event) => event.eventType === 'ChampSelectStartedEvent')?.playerName,
      ).toBeUndefined();
      const lookups = () =>
        simulator.control.requests().filter((request) => request.endpoint === 'account-v1.byPuuid').length;
      const players = new Set(joined.map((event) => event.player)).size;
      expect(lookups()).toBe(players);
      // Asked again: the names come from the cache.
      value(await app.desk.request('tournament.lobby.events', { code }));
      expect(lookups()).toBe(players);
      if (version === 'v4') {
        const bySummoner = simulator.control
          .requests()
          .filter((request) => request.endpoint === 'summoner-v4.byId');
        expect(bySummoner).toHaveLength(players);
      }
      for (const { feature, server } of running.splice(0)) {
        await feature.stop?.();
        await server.close();
      }
      simulator.control.reset();
    }
  });

  it('treats a personal or production key as no tournament key until the user confirms it', async () => {
    // Only this test's requests: an earlier test's desk may still have had one on its way when it stopped.
    simulator.control.reset();
    const app = await start('personal', 'v5', { value: SIMULATOR_API_KEY }, false);
    expect(app.state().api).toBe('stub-v5');
    const notice = app.state().notices.find((item) => item.kind === 'tournament-key');
    expect(notice?.message).toContain('A personal key is not a tournament key');
    const { provider } = await setUpTournament(app.desk);
    expect(provider.api).toBe('stub-v5');
    // Every tournament call went to the stub (the desk's other calls, such as player lookups, are not in question).
    const paths = simulator.control
      .requests()
      .map((request) => request.path)
      .filter((path) => path.includes('/lol/tournament'));
    expect(paths.length).toBeGreaterThan(0);
    expect(paths.filter((path) => !path.includes('/lol/tournament-stub/v5/'))).toEqual([]);

    await app.settings.update({ webApi: { tournamentKeyConfirmed: true } });
    await until(() => app.state().api === 'v5');
    expect(app.state().notices.map((item) => item.kind)).not.toContain('tournament-key');
    // A development key stays on the stub even when confirmed.
    await app.settings.update({ webApi: { keyKind: 'development' } });
    await until(() => app.state().api === 'stub-v5');
    expect(app.state().notices.map((item) => item.kind)).toContain('development-key');
  });

  it('uses the stub paths with a development key and says what the stub cannot do', async () => {
    for (const version of ['v5', 'v4'] as const) {
      const app = await start('development', version);
      expect(app.state().api).toBe(`stub-${version}`);
      expect(app.state().notices.map((notice) => notice.kind)).toContain('development-key');
      const { tournament } = await setUpTournament(app.desk);
      const [code] = value(
        await app.desk.request('tournament.codes.create', { tournamentId: tournament.tournamentId }),
      ).codes;
      const details = value(await app.desk.request('tournament.code.details', { code: code?.code ?? '' }));
      expect(details).toMatchObject({
        source: version === 'v5' ? 'api' : 'local',
        winCondition: WIN_CONDITION,
      });
      const update = await app.desk.request('tournament.code.update', {
        code: code?.code ?? '',
        pickType: 'BLIND_PICK',
      });
      expect(!update.ok && update.message).toContain('stub cannot update');
      const fetched = await app.desk.request('tournament.result.fetch', { code: code?.code ?? '' });
      expect(!fetched.ok && fetched.message).toContain('stub has no results by code');
      // The callback still works with the stub.
      expect(await simulator.control.tournament.finishGame(code?.code ?? '', { form: 'legacy' })).toBe(200);
      await until(() => app.state().results.length === 1);
      expect(app.state().results[0]?.winningTeam).toHaveLength(5);
      // The callback's names stay; the stub's games are not looked up by code, and it says why.
      await until(() => app.state().results[0]?.players === 'failed');
      expect(app.state().results[0]?.winners).toHaveLength(5);
      expect(app.state().results[0]?.playersError).toBe(STUB_PLAYERS);
      expect(
        simulator.control
          .requests()
          .every(
            (request) => !request.path.includes('/lol/tournament/') && !request.path.includes('/match/'),
          ),
      ).toBe(true);
      for (const { feature, server } of running.splice(0)) {
        await feature.stop?.();
        await server.close();
      }
      simulator.control.reset();
      await rm(dataDir, { recursive: true, force: true });
      dataDir = await mkdtemp(join(tmpdir(), 'sightline-tournament-'));
    }
  });
});
