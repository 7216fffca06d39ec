import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { MatchView } from '@shared/contract';
import {
  SIMULATOR_API_KEY,
  startWebApiSimulator,
  type RunningWebApiSimulator,
} from '../../../../e2e/simulator/webApi/webApiSimulator';
import { runTournamentCommand } from '../../../cli/commands/tournamentCommand';
import { routerRemoteCore } from '../../../cli/remote/testing/routerRemoteCore';
import { createRequestRouter } from '../../bridge/requestRouter';
import { createHttpClient } from '../../net/httpClient';
import { stubHandlers } from '../../testing/stubHandlers';
import { openTestFeatureContext } from '../../testing/testFeatureContext';
import { keyFingerprint } from '../../webApi/key/keyFingerprint';
import { createWebApiStack } from '../../webApi/webApiStack';
import { startStandaloneReceiver } from '../receiver/standaloneReceiver';
import { startRouteServer } from '../receiver/routeServer';
import { createTournamentFeature } from '../tournamentFeature';
import { deskRequestsThrough } from './deskRequests';
import { silentLogger } from '../../log/logger';
import { readEnvironment } from '../../settings/environment';
import { SettingsStore } from '../../settings/settingsStore';
import { signMetaData } from '../metaDataSignature';
import { loadOrCreateSigningSecret, signingSecretPath } from '../signingSecret';
import { openTournamentStore, tournamentDbPath } from '../storage/tournamentStore';
import { storedCodeFixture } from '../testing/storedCodeFixture';
import { runTournamentCli } from './tournamentCli';

let simulator: RunningWebApiSimulator;
let dataDir: string;

beforeAll(async () => {
  simulator = await startWebApiSimulator({ appLimits: '100:1,1000:10' });
});
afterAll(() => simulator.close());
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'sightline-tournament-cli-'));
});
afterEach(async () => {
  simulator.control.reset();
  await rm(dataDir, { recursive: true, force: true });
});

async function run(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const env = {
    SIGHTLINE_DATA_DIR: dataDir,
    SIGHTLINE_WEB_API_BASE: simulator.baseTemplate,
    SIGHTLINE_API_KEY: SIMULATOR_API_KEY,
  };
  const code = await runTournamentCommand(argv, {
    env,
    out: (line) => out.push(line),
    err: (line) => err.push(line),
  });
  return { code, out, err };
}

describe('sightline tournament check-url', () => {
  it('prints exactly "valid" and exits 0', async () => {
    expect(await run('check-url', 'http://results.organizer.com/tournament/callback')).toEqual({
      code: 0,
      out: ['valid'],
      err: [],
    });
  });

  it('prints exactly "invalid: <reason>" and exits 1', async () => {
    const { code, out } = await run('check-url', 'http://results.organizer.xyz:8080/cb');
    expect(code).toBe(1);
    expect(out).toEqual([
      'invalid: port 8080 is not allowed: callbacks go to port 80 (http) or 443 (https) only',
    ]);
    expect((await run('check-url', 'http://organizer.xyz/cb')).out[0]).toMatch(
      /^invalid: the top-level domain \.xyz/,
    );
  });

  it('keeps stdout exact for https and explains the certificate rule on stderr', async () => {
    const { code, out, err } = await run('check-url', 'https://organizer.com/cb');
    expect([code, out]).toEqual([0, ['valid']]);
    expect(err[0]).toContain('Jan 29, 2012');
  });

  it('prints "invalid: <reason>" for URLs a server reads differently from a browser', async () => {
    expect(await run('check-url', 'http://organizer.com\\@evil.xyz/')).toEqual({
      code: 1,
      out: ['invalid: RFC 3986 does not allow a backslash (U+005C) in a URL (at position 21)'],
      err: [],
    });
    expect((await run('check-url', 'http:organizer.com/cb')).out).toEqual([
      'invalid: RFC 3986 reads no host here (no "//" after "http:"), a browser reads organizer.com',
    ]);
    expect((await run('check-url', 'http://organizer.com\\evil.xyz/')).out[0]).toMatch(/^invalid: RFC 3986/);
  });

  it('keeps stdout exact and says on stderr which string would be registered', async () => {
    expect(await run('check-url', 'HTTP://Organizer.COM:80/cb')).toEqual({
      code: 0,
      out: ['valid'],
      err: ['note: a provider would be registered with http://organizer.com/cb'],
    });
  });

  it('exits 2 on bad usage', async () => {
    expect((await run('check-url')).code).toBe(2);
    expect((await run('frobnicate')).code).toBe(2);
  });
});

describe('sightline tournament against the simulator', () => {
  it('registers a provider, creates a tournament and codes, and lists lobby events and results', async () => {
    const settings = await SettingsStore.open(
      join(dataDir, 'settings.json'),
      readEnvironment({}),
      silentLogger,
    );
    await settings.update({
      webApi: { keyKind: 'production', apiVersion: 'v5', tournamentKeyConfirmed: true },
    });

    const provider = await run(
      'provider',
      'create',
      '--region',
      'na',
      '--url',
      'http://cb.organizer.org/tournament/callback',
    );
    expect(provider.code).toBe(0);
    const providerId = (JSON.parse(provider.out[0] ?? '{}') as { providerId: number }).providerId;
    const refused = await run('create', '--provider', String(providerId), '--participants', '8');
    expect(refused.code).toBe(1);
    expect(refused.err[0]).toContain('at least 20 participants');
    expect(refused.err[0]).toContain('State the win condition');
    const created = await run(
      'create',
      '--provider',
      String(providerId),
      '--participants',
      '20',
      '--name',
      'Cup',
      '--win-condition',
      'Best of one; the final is best of three.',
    );
    expect(created.code).toBe(0);
    const tournamentId = (JSON.parse(created.out[0] ?? '{}') as { tournamentId: number }).tournamentId;
    const codes = await run(
      'codes',
      'create',
      '--tournament',
      String(tournamentId),
      '--count',
      '2',
      '--metadata',
      'Round 1',
    );
    expect(codes.code).toBe(0);
    expect(codes.out).toHaveLength(2);
    expect(codes.err).toEqual(['win condition: Best of one; the final is best of three.']);
    const code = (JSON.parse(codes.out[0] ?? '{}') as { code: string }).code;
    const details = await run('code', code);
    expect(details.code).toBe(0);
    expect(details.out).toHaveLength(1);
    expect(JSON.parse(details.out[0] ?? '{}')).toMatchObject({ code, tournamentId, source: 'api' });
    expect(JSON.parse(details.out[0] ?? '{}')).not.toHaveProperty('winCondition');
    expect(details.err).toEqual(['win condition: Best of one; the final is best of three.']);

    simulator.control.tournament.playLobby(code, { startAt: Date.now() - 60_000 });
    const lobby = await run('lobby-events', code);
    expect(lobby.code).toBe(0);
    expect(lobby.out).toHaveLength(17);
    expect(lobby.err[0]).toContain('may occasionally be dropped');

    await simulator.control.tournament.finishGame(code, { callback: 'withhold' });
    const fetched = await run('results', '--fetch', '--code', code);
    expect(fetched.code).toBe(0);
    expect(JSON.parse(fetched.out[0] ?? '{}')).toMatchObject({ code, source: 'fallback' });
    const results = await run('results', '--tournament', String(tournamentId));
    expect(results.out).toHaveLength(1);
  });
});

describe('sightline tournament results --match', () => {
  it.each([
    ['v4', ['match-v4.matchByCode'], 'match-v4.matchByCode'],
    ['v5', ['match-v5.match'], 'match-v5.match'],
  ] as const)(
    'prints each result with its game fetched through the code, never anonymised (%s)',
    async (version, endpoints, removed) => {
      const settings = await SettingsStore.open(
        join(dataDir, 'settings.json'),
        readEnvironment({}),
        silentLogger,
      );
      await settings.update({
        webApi: { keyKind: 'production', apiVersion: version, tournamentKeyConfirmed: true },
      });
      const provider = await run(
        'provider',
        'create',
        '--region',
        'NA',
        '--url',
        'http://cb.organizer.org/cb',
      );
      const providerId = (JSON.parse(provider.out[0] ?? '{}') as { providerId: number }).providerId;
      const created = await run(
        'create',
        '--provider',
        String(providerId),
        '--participants',
        '20',
        '--win-condition',
        'Best of one; the winner of the game wins the match',
      );
      const tournamentId = (JSON.parse(created.out[0] ?? '{}') as { tournamentId: number }).tournamentId;
      const codes = await run('codes', 'create', '--tournament', String(tournamentId));
      const code = (JSON.parse(codes.out[0] ?? '{}') as { code: string }).code;
      await simulator.control.tournament.finishGame(code, { callback: 'withhold' });

      const fetched = await run('results', '--fetch', '--code', code, '--match');
      expect(fetched).toMatchObject({ code: 0, err: [] });
      type Line = { code: string; matchId: string; match: MatchView };
      const line = JSON.parse(fetched.out[0] ?? '{}') as Line;
      expect(line).toMatchObject({ code, source: 'fallback', match: { matchId: line.matchId } });
      expect(line.match).toMatchObject({
        source: 'tournament-code',
        anonymised: false,
        tournamentCode: code,
      });
      const players = line.match.teams.flatMap((team) => team.participants);
      expect(players).toHaveLength(10);
      expect(players.every((player) => typeof player.riotId === 'string' && player.riotId !== '')).toBe(true);

      simulator.control.reset();
      const listed = await run('results', '--tournament', String(tournamentId), '--match');
      expect(listed.code).toBe(0);
      expect(listed.out.map((text) => (JSON.parse(text) as Line).match.anonymised)).toEqual([false]);
      // Through the code only: the standard v4 endpoint would have hidden who played.
      expect(simulator.control.requests().map((request) => request.endpoint)).toEqual(endpoints);

      // A game the API does not give is said on its line, and the exit code is 1.
      simulator.control.removeEndpoint(removed);
      const failed = await run('results', '--code', code, '--match');
      expect(failed.code).toBe(1);
      expect(JSON.parse(failed.out[0] ?? '{}')).toMatchObject({ code, matchError: expect.any(String) });
    },
  );
});

/** Alone: the command's own desk, callbacks taken by `receive`'s receiver. Through the primary: the running desk's. */
type Path = 'alone' | 'through the running Sightline';

/** Runs tournament commands one way, with a receiver the simulator's callbacks reach. */
async function deskRunner(path: Path) {
  if (path === 'alone') {
    const receiver = await startStandaloneReceiver({ listen: { host: '127.0.0.1', port: 0 }, dataDir });
    simulator.control.tournament.redirectCallbacks(`http://127.0.0.1:${receiver.port}`);
    return { run, close: () => receiver.close() };
  }
  const http = createHttpClient();
  const context = await openTestFeatureContext({ dataDir, http });
  const stack = createWebApiStack({
    http,
    scheduler: context.scheduler,
    logger: silentLogger,
    settings: () => context.settings.effective.webApi,
    hostTemplate: simulator.baseTemplate,
    apiKey: async () => SIMULATOR_API_KEY,
  });
  const feature = createTournamentFeature(context, {
    webApi: {
      client: stack.client,
      service: stack.service,
      keyFingerprint: async () => keyFingerprint(SIMULATOR_API_KEY),
    },
  });
  await feature.ready;
  const server = await startRouteServer(feature.publicRoutes ?? [], { host: '127.0.0.1', port: 0 });
  simulator.control.tournament.redirectCallbacks(`http://127.0.0.1:${server.port}`);
  const remote = routerRemoteCore(createRequestRouter(stubHandlers(feature.handlers), silentLogger));
  const runThrough = async (...argv: string[]) => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runTournamentCli(argv, {
      out: (line) => out.push(line),
      err: (line) => err.push(line),
      openDesk: async () => ({
        ...deskRequestsThrough((channel, _parsed, input) => remote.request(channel, input as never)),
        close: async () => undefined,
      }),
      startReceiver: () => Promise.reject(new Error('not needed')),
      untilStopped: async () => undefined,
      sleep: async () => false,
    });
    return { code, out, err };
  };
  return {
    run: runThrough,
    close: async () => {
      await feature.stop?.();
      await server.close();
      http.close();
    },
  };
}

describe.each<Path>(['alone', 'through the running Sightline'])(
  'sightline tournament results (%s)',
  (path) => {
    it('names winners and losers by Riot ID with the length, keeps both games of a reused code, and records the choice', async () => {
      const settings = await SettingsStore.open(
        join(dataDir, 'settings.json'),
        readEnvironment({}),
        silentLogger,
      );
      await settings.update({
        webApi: { keyKind: 'production', apiVersion: 'v5', tournamentKeyConfirmed: true },
      });
      // The signing secret and the desk's first code, made by the command alone, before any receiver opens.
      const provider = await run(
        'provider',
        'create',
        '--region',
        'NA',
        '--url',
        'http://cb.organizer.org/tournament/callback',
      );
      const providerId = (JSON.parse(provider.out[0] ?? '{}') as { providerId: number }).providerId;
      const created = await run(
        'create',
        '--provider',
        String(providerId),
        '--participants',
        '20',
        '--win-condition',
        'Best of one',
      );
      const tournamentId = (JSON.parse(created.out[0] ?? '{}') as { tournamentId: number }).tournamentId;
      const codes = await run('codes', 'create', '--tournament', String(tournamentId));
      const code = (JSON.parse(codes.out[0] ?? '{}') as { code: string }).code;

      const desk = await deskRunner(path);
      try {
        expect(await simulator.control.tournament.finishGame(code)).toBe(200);
        expect(await simulator.control.tournament.playAgain(code)).toBe(200);
        type Line = {
          gameId: number;
          winners: string[];
          losers: string[];
          durationSeconds: number;
          review: boolean;
          counts: boolean | null;
        };
        // The running desk records a v5 callback once games/by-code confirms it, a moment after the 200.
        let listed = await desk.run('results', '--code', code);
        for (let tries = 0; listed.out.length < 2 && tries < 100; tries += 1) {
          await new Promise((resolve) => setTimeout(resolve, 50));
          listed = await desk.run('results', '--code', code);
        }
        expect(listed.code).toBe(0);
        const lines = listed.out.map((text) => JSON.parse(text) as Line);
        expect(lines).toHaveLength(2);
        for (const line of lines) {
          const game = simulator.control.dataset.match('na1', line.gameId);
          const riotIds = (won: boolean) =>
            (game?.participants ?? [])
              .filter((player) => (player.teamId === game?.winningTeam) === won)
              .map((player) => `${player.player.gameName}#${player.player.tagLine}`);
          expect(line).toMatchObject({
            winners: riotIds(true),
            losers: riotIds(false),
            durationSeconds: game?.durationSeconds,
            review: true,
            counts: null,
          });
          expect(line.winners).toHaveLength(5);
        }
        const [second, first] = lines.map((line) => line.gameId);
        const chosen = await desk.run('results', '--code', code, '--choose', String(first));
        expect(chosen.code).toBe(0);
        expect(
          chosen.out
            .map((text) => JSON.parse(text) as Line)
            .map((line) => [line.gameId, line.review, line.counts]),
        ).toEqual([
          [second, false, false],
          [first, false, true],
        ]);
        const again = await desk.run('results', '--tournament', String(tournamentId));
        expect(again.out.map((text) => (JSON.parse(text) as Line).counts)).toEqual([false, true]);
        const wrong = await desk.run('results', '--code', code, '--choose', '7');
        expect(wrong.code).toBe(1);
        expect(wrong.err[0]).toBe(
          `sightline tournament: The code ${code} has no game 7: choose one of ${second}, ${first}.`,
        );
        expect((await desk.run('results', '--choose', '7')).code).toBe(2);
      } finally {
        await desk.close();
      }
    });
  },
);

describe('sightline tournament receive', () => {
  it('runs only the callback route and prints each verdict', async () => {
    const secret = await loadOrCreateSigningSecret(signingSecretPath(dataDir));
    const shortCode = 'NA0a1b2-11111111-2222-4333-a444-555555555555';
    // The desk's tournaments.db, copied along with the secret: only its codes are taken.
    const desk = await openTournamentStore(tournamentDbPath(dataDir));
    await desk.saveCodes([
      storedCodeFixture({ code: shortCode, tournamentId: 9, batchNonce: 'batch-nonce' }),
    ]);
    desk.close();
    const out: string[] = [];
    const err: string[] = [];
    let stop: () => void = () => undefined;
    const { startStandaloneReceiver } = await import('../receiver/standaloneReceiver');
    let url = '';
    const done = runTournamentCli(['receive', '--listen', '127.0.0.1:0'], {
      out: (line) => out.push(line),
      err: (line) => err.push(line),
      openDesk: () => Promise.reject(new Error('not needed')),
      startReceiver: async (listen, onVerdict) => {
        const receiver = await startStandaloneReceiver({ listen, dataDir, onVerdict });
        url = receiver.url;
        return receiver;
      },
      untilStopped: () => new Promise((resolve) => (stop = resolve)),
      sleep: async () => false,
    });
    while (!url) await new Promise((resolve) => setTimeout(resolve, 10));
    const post = (body: unknown) =>
      fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const callback = {
      shortCode,
      gameId: 42,
      region: 'NA1',
      metaData: signMetaData(secret, { tournamentId: 9, text: 'Final' }, 'batch-nonce'),
    };
    expect((await post(callback)).status).toBe(200);
    expect((await post({ ...callback, metaData: 'Final' })).status).toBe(403);
    expect((await post({ ...callback, shortCode: 'NA0a1b2-unknown' })).status).toBe(403);
    const plain = await fetch(url, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: '{}' });
    expect(plain.status).toBe(415);
    expect((await fetch(url)).status).toBe(405);
    expect((await fetch(url.replace('/tournament/callback', '/'))).status).toBe(404);
    const huge = await post({ ...callback, gameName: 'x'.repeat(40_000) });
    expect(huge.status).toBe(413);
    stop();
    expect(await done).toBe(0);
    expect(err[0]).toContain('receiving callbacks at http://127.0.0.1:');
    expect(out.map((line) => JSON.parse(line) as { outcome: string; reason: string })).toMatchObject([
      { outcome: 'accepted' },
      { outcome: 'rejected', reason: expect.stringContaining('signed metadata') },
      {
        outcome: 'rejected',
        reason: `the signed metaData was issued for the code ${shortCode}, not NA0a1b2-unknown (a callback replayed under another code)`,
      },
      { outcome: 'rejected', reason: expect.stringContaining('application/json') },
    ]);
  });

  it('refuses to start without the organizer’s signing secret', async () => {
    const { code, err } = await run('receive', '--listen', '127.0.0.1:0');
    expect(code).toBe(1);
    expect(err[0]).toContain('No signing secret');
  });
});
