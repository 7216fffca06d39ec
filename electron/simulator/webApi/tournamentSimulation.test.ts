import { createServer, type Server } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { startTournamentAutoplay } from './tournamentAutoplay';
import { SIMULATOR_API_KEY, startWebApiSimulator, type RunningWebApiSimulator } from './webApiSimulator';

let simulator: RunningWebApiSimulator | null = null;
let receiver: Server | null = null;
afterEach(async () => {
  await simulator?.close();
  await new Promise((resolve) => (receiver ? receiver.close(resolve) : resolve(undefined)));
  simulator = null;
  receiver = null;
});

/** A receiver that answers the given statuses in turn, then 200, and keeps the bodies. */
async function startReceiver(statuses: number[]) {
  const bodies: unknown[] = [];
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      bodies.push(JSON.parse(Buffer.concat(chunks).toString()));
      response.writeHead(statuses.shift() ?? 200).end();
    });
  });
  await new Promise<void>((resolve) => receiver?.listen(0, '127.0.0.1', resolve));
  const address = receiver.address();
  return { bodies, base: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}` };
}

async function call(method: string, path: string, body?: unknown) {
  const response = await fetch(`${simulator?.url}/americas${path}`, {
    method,
    headers: { 'x-riot-token': SIMULATOR_API_KEY, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as unknown) : null };
}

async function makeCode(base = '/lol/tournament/v5') {
  const provider = await call('POST', `${base}/providers`, {
    region: 'NA',
    url: 'http://cb.organizer.com/tournament/callback',
  });
  const tournament = await call('POST', `${base}/tournaments`, { providerId: provider.body });
  const codes = await call('POST', `${base}/codes?tournamentId=${String(tournament.body)}&count=1`, {
    mapType: 'SUMMONERS_RIFT',
    pickType: 'TOURNAMENT_DRAFT',
    spectatorType: 'ALL',
    teamSize: 5,
    enoughPlayers: false,
    metadata: 'meta',
  });
  return (codes.body as string[])[0] ?? '';
}

describe('the tournament simulation', () => {
  it('shows lobby events only once their simulated time has come', async () => {
    let now = 1_700_000_000_000;
    simulator = await startWebApiSimulator({ now: () => now });
    const code = await makeCode();
    simulator.control.tournament.playLobby(code, { startAt: now + 1000, stepMs: 1000 });
    expect(await call('GET', `/lol/tournament/v5/lobby-events/by-code/${code}`)).toEqual({
      status: 200,
      body: {},
    });
    now += 3000;
    const { body } = await call('GET', `/lol/tournament/v5/lobby-events/by-code/${code}`);
    const events = (body as { eventList: { eventType: string; puuid?: string }[] }).eventList;
    expect(events.map((event) => event.eventType)).toEqual([
      'PracticeGameCreatedEvent',
      'PlayerJoinedGameEvent',
      'PlayerJoinedGameEvent',
    ]);
    expect(events[0]?.puuid).toBeTruthy();
  });

  it('refuses what the real API refuses: v5-only values on v4, counts over 1000, PUT on the stub', async () => {
    simulator = await startWebApiSimulator();
    expect(
      (await call('POST', '/lol/tournament/v4/providers', { region: 'KR', url: 'http://a.com/' })).status,
    ).toBe(400);
    expect(
      (await call('POST', '/lol/tournament/v5/providers', { region: 'NA', url: 'http://a.com:8080/' }))
        .status,
    ).toBe(400);
    // Read as a server reads them (RFC 3986): another host, no host, an illegal character.
    for (const url of [
      'http://organizer.com\\@evil.xyz/',
      'http:organizer.com/cb',
      'http://organizer.com\\evil.xyz/',
      'http://organizer.com/my callback',
    ]) {
      expect((await call('POST', '/lol/tournament/v5/providers', { region: 'NA', url })).status).toBe(400);
    }
    const code = await makeCode();
    const tournamentId = simulator.control.tournament.tournaments()[0]?.id ?? 0;
    expect(
      (await call('POST', `/lol/tournament/v5/codes?tournamentId=${tournamentId}&count=1001`, {})).status,
    ).toBe(400);
    expect((await call('PUT', `/lol/tournament-stub/v5/codes/${code}`, {})).status).toBe(405);
    expect((await call('GET', `/lol/tournament/v5/codes/${code}`)).body).toMatchObject({
      code,
      metaData: 'meta',
    });
  });

  it('retries the callback until the receiver answers 200, and can withhold, duplicate or forge it', async () => {
    simulator = await startWebApiSimulator();
    const { bodies, base } = await startReceiver([503, 500]);
    simulator.control.tournament.redirectCallbacks(base);
    simulator.control.tournament.setCallbackRetry(10, 5);
    const code = await makeCode();
    expect(await simulator.control.tournament.finishGame(code, { duplicates: 1, form: 'legacy' })).toBe(200);
    expect(
      simulator.control.tournament.deliveries().map((delivery) => [delivery.kind, delivery.status]),
    ).toEqual([
      ['result', 503],
      ['result', 500],
      ['result', 200],
      ['duplicate', 200],
    ]);
    expect(bodies[0]).toMatchObject({ shortCode: code, metaData: 'meta', region: 'NA1' });
    expect((bodies[0] as { winningTeam: unknown[] }).winningTeam).toHaveLength(5);
    expect(await simulator.control.tournament.sendForgedCallback(code, 'unsigned')).toBe(200);
    expect((bodies.at(-1) as { metaData: string }).metaData).not.toBe('meta');
    // The game is now known by code, for the fallback.
    const games = await call('GET', `/lol/tournament/v5/games/by-code/${code}`);
    expect(games.body).toMatchObject([{ shortCode: code }]);
  });

  it('autoplay (the demo) plays the lobby of each new code once, then ends its game with a callback', async () => {
    simulator = await startWebApiSimulator();
    const { bodies, base } = await startReceiver([]);
    simulator.control.tournament.redirectCallbacks(base);
    const code = await makeCode();
    const autoplay = startTournamentAutoplay(simulator.control.tournament, {
      checkEveryMs: 5,
      lobbyStepMs: 1,
      gameLengthMs: 30,
    });
    try {
      await expect.poll(() => bodies.length, { timeout: 5000 }).toBe(1);
      expect(bodies[0]).toMatchObject({ shortCode: code, metaData: 'meta' });
      const { body } = await call('GET', `/lol/tournament/v5/lobby-events/by-code/${code}`);
      const events = (body as { eventList: { eventType: string }[] }).eventList;
      expect(events[0]?.eventType).toBe('PracticeGameCreatedEvent');
      // A played code is not played again.
      await new Promise((resolve) => setTimeout(resolve, 60));
      expect(simulator.control.tournament.deliveries()).toHaveLength(1);
    } finally {
      autoplay.stop();
    }
  });
});
