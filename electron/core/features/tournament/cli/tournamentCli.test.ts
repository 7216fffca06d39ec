import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { MatchView, RequestInput, TournamentCodeView } from '@shared/contract';
import {
  SIMULATOR_API_KEY,
  startWebApiSimulator,
  type RunningWebApiSimulator,
} from '../../../../simulator/webApi/webApiSimulator';
import { runTournamentCommand } from './tournamentCommand';
import { routerRemoteCore } from '../../../tools/testkit/remote/routerRemoteCore';
import { createRequestRouter } from '../../../platform/router/requestRouter';
import { silentLogger } from '../../../platform/log/logger';
import { createHttpClient } from '../../../platform/net/httpClient';
import { stubHandlers } from '../../../tools/testkit/stubHandlers';
import { readEnvironment } from '../../../platform/settings/environment';
import { SettingsStore } from '../../../platform/settings/settingsStore';
import { signMetaData } from '../metaDataSignature';
import { loadOrCreateSigningSecret, signingSecretPath } from '../signingSecret';
import { openTournamentStore, tournamentDbPath } from '../storage/tournamentStore';
import { storedCode } from '../../../tools/testkit/tournament/storedFixtures';
import { startRouteServer } from '../receiver/routeServer';
import { startStandaloneReceiver } from '../receiver/standaloneReceiver';
import { openSimulatedDesk, type SimulatedDesk } from '../../../tools/testkit/tournament/simulatedDesk';
import { deskRequestsThrough } from './deskRequests';
import { runTournamentCli } from './tournamentCli';
import { exitOnUsageError } from '../../../../cli/usageErrors';

let simulator: RunningWebApiSimulator;
let dataDir: string;
const http = createHttpClient();

beforeAll(async () => {
  simulator = await startWebApiSimulator({ appLimits: '100:1,1000:10' });
});
afterAll(async () => {
  http.close();
  await simulator.close();
});
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'sightline-tournament-cli-'));
});
afterEach(async () => {
  simulator.control.reset();
  await rm(dataDir, { recursive: true, force: true });
});

type Run = (...argv: string[]) => Promise<{ code: number; out: string[]; err: string[] }>;

/**
 * The running Sightline's desk (its own key, limiter and database on the data folder) behind its router, and
 * the CLI answered by it as `openDesk` does when a primary runs.
 */
async function runThroughPrimary(): Promise<{
  run: Run;
  feature: SimulatedDesk['feature'];
  stop: () => Promise<void>;
}> {
  const { feature, close } = await openSimulatedDesk({
    dataDir,
    http,
    hostTemplate: simulator.baseTemplate,
    apiKey: SIMULATOR_API_KEY,
  });
  const remote = routerRemoteCore(createRequestRouter(stubHandlers(feature.handlers), silentLogger));
  const runRemote: Run = async (...argv) => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runTournamentCli(argv, {
      out: (line) => out.push(line),
      err: (line) => err.push(line),
      openDesk: async () => ({
        ...deskRequestsThrough((channel, _parsed, input) =>
          remote.request(channel, input as RequestInput<typeof channel>),
        ),
        throughPrimary: true,
        close: async () => undefined,
      }),
      startReceiver: () => Promise.reject(new Error('not needed')),
      untilStopped: async () => undefined,
      sleep: async () => false,
      stopSignal: () => null,
    }).catch((error: unknown) => exitOnUsageError('tournament', error, (line) => err.push(line)));
    return { code, out, err };
  };
  return { run: runRemote, feature, stop: close };
}

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
  }).catch((error: unknown) => exitOnUsageError('tournament', error, (line) => err.push(line)));
  return { code, out, err };
}

/** A production key confirmed as tournament-enabled in the data folder's settings, on the `version` paths. */
async function confirmTournamentKey(version: 'v4' | 'v5' = 'v5'): Promise<void> {
  const settings = await SettingsStore.open(
    join(dataDir, 'settings.json'),
    readEnvironment({}),
    silentLogger,
  );
  await settings.update({
    webApi: { keyKind: 'production', apiVersion: version, tournamentKeyConfirmed: true },
  });
}

const firstLine = <T>(lines: string[]): T => JSON.parse(lines[0] ?? '{}') as T;

/** A provider registered through `runner`. */
async function deskProvider(runner: Run, region = 'NA', url = 'http://cb.organizer.org/cb'): Promise<number> {
  const provider = await runner('provider', 'create', '--region', region, '--url', url);
  return firstLine<{ providerId: number }>(provider.out).providerId;
}

/** A provider and a tournament under it, made through `runner`, without a first code. */
async function deskTournament(
  runner: Run,
  options: { region?: string; url?: string; participants?: number; winCondition?: string } = {},
): Promise<number> {
  const providerId = await deskProvider(runner, options.region, options.url);
  const created = await runner(
    'create',
    '--provider',
    String(providerId),
    '--participants',
    String(options.participants ?? 20),
    '--win-condition',
    options.winCondition ?? 'Best of one',
    '--no-first-code',
  );
  return firstLine<{ tournamentId: number }>(created.out).tournamentId;
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
    await confirmTournamentKey();

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
    // Without --win-condition the command line is incomplete (exit 2, nothing sent); an empty one is the
    // policy's to refuse, in words (exit 1).
    const incomplete = await run('create', '--provider', String(providerId), '--participants', '20');
    expect(incomplete.code).toBe(2);
    expect(incomplete.err[0]).toContain('create needs --provider, --participants and --win-condition');
    const refused = await run(
      'create',
      '--provider',
      String(providerId),
      '--participants',
      '8',
      '--win-condition',
      ' ',
    );
    expect(refused.code).toBe(1);
    expect(refused.err).toEqual([
      'using the tournament API (v5)',
      expect.stringContaining('at least 20 participants'),
    ]);
    expect(refused.err[1]).toContain('State the win condition');
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
    expect(codes.err).toEqual([
      'using the tournament API (v5)',
      'win condition: Best of one; the final is best of three.',
    ]);
    const code = (JSON.parse(codes.out[0] ?? '{}') as { code: string }).code;
    const details = await run('code', code);
    expect(details.code).toBe(0);
    expect(details.out).toHaveLength(1);
    expect(JSON.parse(details.out[0] ?? '{}')).toMatchObject({ code, tournamentId, source: 'api' });
    expect(JSON.parse(details.out[0] ?? '{}')).not.toHaveProperty('winCondition');
    expect(details.err).toEqual([
      'using the tournament API (v5)',
      'win condition: Best of one; the final is best of three.',
    ]);

    simulator.control.tournament.playLobby(code, { startAt: Date.now() - 60_000 });
    const lobby = await run('lobby-events', code);
    expect(lobby.code).toBe(0);
    expect(lobby.out).toHaveLength(17);
    expect(lobby.err[1]).toContain('may occasionally be dropped');

    await simulator.control.tournament.finishGame(code, { callback: 'withhold' });
    const fetched = await run('results', '--fetch', '--code', code);
    expect(fetched.code).toBe(0);
    expect(JSON.parse(fetched.out[0] ?? '{}')).toMatchObject({ code, source: 'fallback' });
    const results = await run('results', '--tournament', String(tournamentId));
    expect(results.out).toHaveLength(1);
  });
});

describe.each(['alone', 'through the running Sightline'] as const)(
  'sightline tournament codes with allowed participants (%s)',
  (via) => {
    let runVia: Run = run;
    let stop: () => Promise<void> = async () => undefined;

    beforeEach(async () => {
      await confirmTournamentKey();
      if (via === 'alone') {
        runVia = run;
        stop = async () => undefined;
      } else {
        ({ run: runVia, stop } = await runThroughPrimary());
      }
    });
    afterEach(() => stop());

    const puuidOf = (gameName: string, tagLine: string): string =>
      simulator.control.dataset.playerByRiotId(gameName, tagLine)?.puuid ?? '';
    const jsonLine = <T>(lines: string[]): T => JSON.parse(lines[0] ?? '{}') as T;
    /** The bodies the simulator received since `from`, with the endpoint each went to. */
    const sentSince = (from: number) =>
      simulator.control
        .requests()
        .slice(from)
        .map((request) => ({ endpoint: request.endpoint, body: request.body }));

    const tournamentOnEuw = () => deskTournament(runVia, { region: 'EUW' });

    it('codes update sends the code’s current map, pick and players with only what was named; --allow none clears them', async () => {
      const tournamentId = await tournamentOnEuw();
      const lantern = puuidOf('Quiet Lantern', 'EUW');
      const other = simulator.control.dataset.players[1]?.puuid ?? '';
      const created = await runVia(
        'codes',
        'create',
        '--tournament',
        String(tournamentId),
        '--map',
        'HOWLING_ABYSS',
        '--pick',
        'ALL_RANDOM',
        '--team-size',
        '1',
        '--allow',
        `Quiet Lantern#EUW,${other}`,
      );
      expect(created.code).toBe(0);
      const code = jsonLine<TournamentCodeView>(created.out);
      // Sent as PUUIDs, shown back by Riot ID where the desk knows it.
      expect(code.settings.allowedParticipants).toEqual(['Quiet Lantern#EUW', other]);
      expect(simulator.control.tournament.codes()[0]?.participants).toEqual([lantern, other]);

      let from = simulator.control.requests().length;
      const updated = await runVia('codes', 'update', code.code, '--spectators', 'LOBBYONLY');
      expect(updated.code).toBe(0);
      expect(sentSince(from)).toEqual([
        { endpoint: 'tournament-v5.codeDetails', body: undefined },
        {
          endpoint: 'tournament-v5.codeUpdate',
          body: {
            mapType: 'HOWLING_ABYSS',
            pickType: 'ALL_RANDOM',
            spectatorType: 'LOBBYONLY',
            allowedParticipants: [lantern, other],
          },
        },
      ]);
      expect(jsonLine<TournamentCodeView>(updated.out).settings).toMatchObject({
        mapType: 'HOWLING_ABYSS',
        pickType: 'ALL_RANDOM',
        spectatorType: 'LOBBYONLY',
        allowedParticipants: ['Quiet Lantern#EUW', other],
      });
      const details = await runVia('code', code.code);
      expect(jsonLine<{ participants: string[] }>(details.out).participants).toEqual([
        'Quiet Lantern#EUW',
        other,
      ]);

      // Changed elsewhere: what the API says of the code wins over the desk's copy.
      const atApi = simulator.control.tournament.codes()[0];
      if (atApi) atApi.pickType = 'BLIND_PICK';
      from = simulator.control.requests().length;
      expect((await runVia('codes', 'update', code.code, '--allow', 'none')).code).toBe(0);
      expect(sentSince(from)[1]?.body).toEqual({
        mapType: 'HOWLING_ABYSS',
        pickType: 'BLIND_PICK',
        spectatorType: 'LOBBYONLY',
        allowedParticipants: [],
      });
    });

    it('refuses a player that is neither a Riot ID nor a PUUID before sending, and names a Riot ID the API does not know', async () => {
      const tournamentId = await tournamentOnEuw();
      const from = simulator.control.requests().length;
      const bad = await runVia(
        'codes',
        'create',
        '--tournament',
        String(tournamentId),
        '--allow',
        'Quiet Lantern',
      );
      expect(bad.code).toBe(1);
      expect(bad.err.at(-1)).toBe(
        'sightline tournament: Allowed participant "Quiet Lantern" is neither a Riot ID (name#tag) nor a PUUID (78 letters, digits, - and _).',
      );
      expect(simulator.control.requests().slice(from)).toEqual([]);

      const unknown = await runVia(
        'codes',
        'create',
        '--tournament',
        String(tournamentId),
        '--allow',
        'Nobody Here#EUW',
      );
      expect(unknown.code).toBe(1);
      expect(unknown.err.at(-1)).toContain('The API knows no player Nobody Here#EUW');
      expect(simulator.control.tournament.codes()).toEqual([]);

      const enough = await runVia(
        'codes',
        'create',
        '--tournament',
        String(tournamentId),
        '--enough-players',
      );
      expect(enough.code).toBe(2);
      expect(enough.err[0]).toContain('--enough-players needs --allow');
      const empty = await runVia('codes', 'update', 'EUW-CODE', '--allow', '');
      expect(empty.code).toBe(2);
      expect(empty.err[0]).toContain('--allow none clears the list');
    });
  },
);

describe('sightline tournament create, with its first code', () => {
  async function providerOf(): Promise<number> {
    await confirmTournamentKey();
    return deskProvider(run, 'EUW');
  }
  const tournamentArgs = (providerId: number) => [
    'create',
    '--provider',
    String(providerId),
    '--participants',
    '20',
    '--win-condition',
    'Best of one.',
  ];

  it('creates the first code with the tournament, as the desktop form does, with the code settings flags', async () => {
    const providerId = await providerOf();
    const created = await run(
      ...tournamentArgs(providerId),
      '--map',
      'HOWLING_ABYSS',
      '--pick',
      'ALL_RANDOM',
      '--team-size',
      '1',
      '--spectators',
      'LOBBYONLY',
      '--metadata',
      'Round 1',
    );
    expect(created.code).toBe(0);
    expect(created.out).toHaveLength(2);
    const tournament = JSON.parse(created.out[0] ?? '{}') as { tournamentId: number; codeCount: number };
    const code = JSON.parse(created.out[1] ?? '{}') as Record<string, unknown>;
    expect(code).toMatchObject({
      tournamentId: tournament.tournamentId,
      metadata: 'Round 1',
      settings: { mapType: 'HOWLING_ABYSS', pickType: 'ALL_RANDOM', spectatorType: 'LOBBYONLY', teamSize: 1 },
    });
    expect(created.err).toContain('win condition: Best of one.');
    const [sent] = simulator.control.tournament.codes();
    expect(sent).toMatchObject({ code: code.code, mapType: 'HOWLING_ABYSS', pickType: 'ALL_RANDOM' });
  });

  it('--no-first-code creates the tournament alone, and refuses code settings it would ignore', async () => {
    const providerId = await providerOf();
    const alone = await run(...tournamentArgs(providerId), '--no-first-code');
    expect(alone.code).toBe(0);
    expect(alone.out).toHaveLength(1);
    expect(simulator.control.tournament.codes()).toEqual([]);
    const contradictory = await run(
      ...tournamentArgs(providerId),
      '--no-first-code',
      '--map',
      'HOWLING_ABYSS',
    );
    expect(contradictory.code).toBe(2);
    expect(contradictory.err[0]).toContain('--map sets the first code, which --no-first-code skips');
  });

  it('keeps the tournament when its first code fails, says so, and exits 1', async () => {
    const providerId = await providerOf();
    // Twisted Treeline left the game with v5: the tournament is made, its first code cannot be.
    const created = await run(...tournamentArgs(providerId), '--map', 'TWISTED_TREELINE');
    expect(created.code).toBe(1);
    expect(created.out).toHaveLength(1);
    const { tournamentId } = JSON.parse(created.out[0] ?? '{}') as { tournamentId: number };
    expect(created.err.at(-1)).toContain(
      `tournament ${tournamentId} was created, but its first code was not:`,
    );
    expect(created.err.at(-1)).toContain(`sightline tournament codes create --tournament ${tournamentId}`);
    const code = await run('codes', 'create', '--tournament', String(tournamentId));
    expect(code.code).toBe(0);
    expect(JSON.parse(code.out[0] ?? '{}')).toMatchObject({ tournamentId });
  });
});

describe('sightline tournament results --match', () => {
  it.each([
    ['v4', ['match-v4.matchByCode'], 'match-v4.matchByCode'],
    ['v5', ['match-v5.match'], 'match-v5.match'],
  ] as const)(
    'prints each result with its game fetched through the code, never anonymised (%s)',
    async (version, endpoints, removed) => {
      await confirmTournamentKey(version);
      const tournamentId = await deskTournament(run, {
        winCondition: 'Best of one; the winner of the game wins the match',
      });
      const codes = await run('codes', 'create', '--tournament', String(tournamentId));
      const code = (JSON.parse(codes.out[0] ?? '{}') as { code: string }).code;
      await simulator.control.tournament.finishGame(code, { callback: 'withhold' });

      const fetched = await run('results', '--fetch', '--code', code, '--match');
      expect(fetched).toMatchObject({ code: 0, err: [`using the tournament API (${version})`] });
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
  const primary = await runThroughPrimary();
  const server = await startRouteServer(primary.feature.publicRoutes ?? [], { host: '127.0.0.1', port: 0 });
  simulator.control.tournament.redirectCallbacks(`http://127.0.0.1:${server.port}`);
  return {
    run: primary.run,
    close: async () => {
      await primary.stop();
      await server.close();
    },
  };
}

describe.each<Path>(['alone', 'through the running Sightline'])(
  'sightline tournament results (%s)',
  (path) => {
    it('names winners and losers by Riot ID with the length, keeps both games of a reused code, and records the choice', async () => {
      await confirmTournamentKey();
      // The signing secret and the desk's first code, made by the command alone, before any receiver opens.
      const tournamentId = await deskTournament(run, { url: 'http://cb.organizer.org/tournament/callback' });
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
      storedCode(shortCode, { status: 'in-game', tournamentId: 9, batchNonce: 'batch-nonce' }),
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
      stopSignal: () => null,
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

describe('sightline tournament codes create in runs', () => {
  async function tournamentOnSimulator(): Promise<number> {
    await confirmTournamentKey();
    return deskTournament(run, { participants: 500, winCondition: 'Best of one.' });
  }

  it('creates 250 codes in 3 calls, prints each call’s codes with a progress line, and stores them all', async () => {
    const tournamentId = await tournamentOnSimulator();
    const codeCalls = () =>
      simulator.control.requests().filter((request) => request.endpoint === 'tournament-v5.codes');
    const codes = await run(
      'codes',
      'create',
      '--tournament',
      String(tournamentId),
      '--count',
      '250',
      '--team-size',
      '1',
    );
    expect(codes.code, codes.err.join('\n')).toBe(0);
    expect(codes.out).toHaveLength(250);
    expect(codes.err).toEqual([
      'using the tournament API (v5)',
      'created 100 of 250 codes',
      'created 200 of 250 codes',
      'created 250 of 250 codes',
      'win condition: Best of one.',
    ]);
    expect(codeCalls()).toHaveLength(3);
    const store = await openTournamentStore(tournamentDbPath(dataDir));
    try {
      const stored = await store.listCodes();
      expect(stored.map((code) => code.code).sort()).toEqual(
        simulator.control.tournament
          .codes()
          .map((code) => code.code)
          .sort(),
      );
      // Three batches, each closed with the codes its call made.
      const nonces = [...new Set(stored.map((code) => code.batchNonce ?? ''))];
      const batches = await Promise.all(nonces.map((nonce) => store.getBatch(nonce)));
      expect(batches.map((batch) => batch?.created).sort()).toEqual([100, 100, 50]);
    } finally {
      store.close();
    }
  });

  it('judges the surplus of the whole run at its first request', async () => {
    const tournamentId = await tournamentOnSimulator();
    // 500 participants in teams of 5 need 99 codes: 250 is beyond twice that, refused before any call.
    const before = simulator.control.requests().length;
    const refused = await run(
      'codes',
      'create',
      '--tournament',
      String(tournamentId),
      '--count',
      '250',
      '--team-size',
      '5',
    );
    expect(refused.code).toBe(1);
    expect(refused.err.at(-1)).toContain('creating 250 more is far beyond need');
    expect(refused.out).toEqual([]);
    expect(simulator.control.requests().slice(before)).toEqual([]);
  });

  it.each([
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const)(
    'stops on %s between requests: no new request, the codes so far printed and kept, exit %i',
    async (signal, exit) => {
      const requested: number[] = [];
      let stopped: 'SIGINT' | 'SIGTERM' | null = null;
      const out: string[] = [];
      const err: string[] = [];
      const code = await runTournamentCli(['codes', 'create', '--tournament', '7', '--count', '1000'], {
        out: (line) => out.push(line),
        err: (line) => err.push(line),
        openDesk: async () => ({
          throughPrimary: false,
          close: async () => undefined,
          request: async (channel, input) => {
            if (channel === 'tournament.api.use')
              return { ok: true, value: { kind: 'v5', stubBecause: null } } as never;
            const { count } = input as { count: number };
            requested.push(count);
            // The signal comes while the second request is on its way: that one still finishes.
            if (requested.length === 2) stopped = signal;
            const codes = Array.from({ length: count }, (_, index) => ({
              code: `NA-${requested.length}-${index}`,
            }));
            return { ok: true, value: { codes, warnings: [], winCondition: 'Best of one.' } } as never;
          },
        }),
        startReceiver: () => Promise.reject(new Error('not needed')),
        untilStopped: () => new Promise(() => undefined),
        stopSignal: () => stopped,
        sleep: async () => false,
      });
      expect(code).toBe(exit);
      expect(requested).toEqual([100, 100]);
      expect(out).toHaveLength(200);
      expect(err).toEqual([
        'using the tournament API (v5)',
        'created 100 of 1000 codes',
        'created 200 of 1000 codes',
        `stopped by ${signal}: 200 of 1000 codes were created and kept`,
        'win condition: Best of one.',
      ]);
    },
  );
});
