import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from '../../../simulator/index';
import { smallScenario } from '../../../simulator/simulatorTestKit';
import { createSharedPacingSchedule } from '../../platform/net/sharedPacingSchedule';
import { userSharedFolder } from '../../platform/net/userSharedFolder';
import { runCli } from '../../../cli/runCli';

// Stands where the built CLI runs from, so resources/ resolves as it does for `npx sightline`.
const MODULE_URL = new URL('../../../../out/main/cli.js', import.meta.url).href;

async function doctor(args: string[], env: NodeJS.ProcessEnv) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(['doctor', ...args], {
    moduleUrl: MODULE_URL,
    env,
    out: (line) => out.push(line),
    err: (line) => err.push(line),
  });
  return { code, out, err };
}

/** A loopback URL on which nothing listens: a port just opened and closed again. */
async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

async function caFile(sim: RunningSimulator): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'doctor-'));
  await writeFile(join(dir, 'ca.pem'), sim.caPem);
  return join(dir, 'ca.pem');
}

describe('sightline doctor', () => {
  let sim: RunningSimulator;
  let env: NodeJS.ProcessEnv;
  beforeAll(async () => {
    sim = await startSimulator({ scenario: smallScenario(), now: () => 0 });
    await sim.control.advance(8);
    env = {
      SIGHTLINE_LIVE_URL: sim.urls.live,
      SIGHTLINE_REPLAY_URL: sim.urls.replay,
      SIGHTLINE_CARD_URL: sim.urls.card,
      SIGHTLINE_LIVE_CA: await caFile(sim),
    };
  });
  afterAll(() => sim.close());

  it('prints one line per source, live, replay, card, and exits 0 when the descriptions match', async () => {
    expect(await doctor([], env)).toEqual({
      code: 0,
      out: [
        'live: connected; schema: matches',
        'replay: connected; schema: matches',
        'card: connected: in menus; schema: none served',
      ],
      err: [],
    });
  });

  it('lists the drifts and exits 1 when a property changed', async () => {
    await sim.control.setFault('live', 'schema-retyped-property');
    await sim.control.setFault('replay', 'schema-missing-property');
    try {
      const result = await doctor([], env);
      expect(result.code).toBe(1);
      expect(result.out).toEqual([
        'live: connected; schema: 1 drifts: /liveclientdata/playerlist riotId is now object in the document',
        'replay: connected; schema: 1 drifts: /replay/playback length missing in the document',
        'card: connected: in menus; schema: none served',
      ]);
    } finally {
      await sim.control.setFault('live', null);
      await sim.control.setFault('replay', null);
    }
  });

  it('finds the documents the real client publishes matching: letter case and properties they never list', async () => {
    // The same client's answers throughout: only the documents are the published ones (publishedDocuments.ts).
    await sim.control.setFault('live', 'schema-published');
    await sim.control.setFault('replay', 'schema-published');
    try {
      const result = await doctor([], env);
      expect(result.out.slice(0, 2)).toEqual([
        'live: connected; schema: matches',
        'replay: connected; schema: matches',
      ]);
      expect(result.code).toBe(0);
    } finally {
      await sim.control.setFault('live', null);
      await sim.control.setFault('replay', null);
    }
    // With no replay running, the port serves the game's own document (events, q, no summonerName).
    const game = await startSimulator({ scenario: smallScenario({ replay: undefined }), now: () => 0 });
    try {
      await game.control.advance(8);
      await game.control.setFault('live', 'schema-published');
      const inGame = await doctor([], {
        ...env,
        SIGHTLINE_LIVE_URL: game.urls.live,
        // The same game's replay port: the first simulator's certificate is not trusted under this CA.
        SIGHTLINE_REPLAY_URL: game.urls.replay,
        SIGHTLINE_LIVE_CA: await caFile(game),
      });
      expect(inGame.out[0]).toBe('live: connected; schema: matches');
      expect(inGame.code).toBe(0);
    } finally {
      await game.close();
    }
  });

  it('checks no description of a client that does not run, and exits 0', async () => {
    await sim.control.setFault('replay', 'refused');
    try {
      const result = await doctor([], env);
      expect(result.code).toBe(0);
      expect(result.out[1]).toBe('replay: not running: no game or replay running; schema: not checked');
    } finally {
      await sim.control.setFault('replay', null);
    }
  });

  it('says after the three lines which other Sightline process asks a client, and since when', async () => {
    // The test's parent process stands in for `sightline serve`: it runs, and is not this one.
    let now = Date.now() - 2000;
    const since = new Date(now).toISOString().slice(0, 19);
    const serve = createSharedPacingSchedule({
      dir: userSharedFolder(),
      kind: 'serve',
      pid: process.ppid,
      now: () => now,
    });
    await (
      await serve.claim(`${sim.urls.card}/positional-rectangles`, 0, new AbortController().signal)
    )?.release();
    now += 1000;
    await (await serve.claim(`${sim.urls.card}/static-decklist`, 0, new AbortController().signal))?.release();

    const result = await doctor([], env);
    // The stand-in's file would name the parent process to the other Sightline processes of this user.
    await rm(join(userSharedFolder(), `asker-${process.ppid}.json`), { force: true });
    expect(result.code).toBe(0);
    expect(result.out.slice(0, 3)).toEqual([
      'live: connected; schema: matches',
      'replay: connected; schema: matches',
      'card: connected: in menus; schema: none served',
    ]);
    expect(result.out.slice(3)).toEqual([
      `shared: card also asked by serve (pid ${process.ppid}) since ${since}Z`,
    ]);
  });

  it('exits 2 on bad usage, in one line that points at --help', async () => {
    expect(await doctor(['--bogus'], env)).toEqual({
      code: 2,
      out: [],
      err: ['sightline doctor: unknown option --bogus (see sightline doctor --help)'],
    });
    expect(await doctor(['now'], env)).toEqual({
      code: 2,
      out: [],
      err: ['sightline doctor: unexpected argument now (see sightline doctor --help)'],
    });
    const badAddress = await doctor([], { ...env, SIGHTLINE_LIVE_URL: 'ftp://x' });
    expect(badAddress).toMatchObject({ code: 2, out: [] });
    expect(badAddress.err).toHaveLength(1);
    expect(badAddress.err[0]).toMatch(
      /^sightline doctor: .*SIGHTLINE_LIVE_URL.* \(see sightline doctor --help\)$/,
    );
  });

  it('exits 3 when every source is reached but cannot be used: an untrusted certificate, a failing client', async () => {
    await sim.control.setFault('card', 'server-error');
    try {
      // Without SIGHTLINE_LIVE_CA the simulator's certificate is not trusted, as a stranger's would not be.
      const { SIGHTLINE_LIVE_CA: _trusted, ...untrusting } = env;
      const result = await doctor([], untrusting);
      expect(result.out.slice(0, 3)).toEqual([
        'live: error: untrusted certificate; schema: not checked',
        expect.stringMatching(
          /^replay: error: the game's certificate is not trusted .*; schema: not checked$/,
        ),
        'card: error: HTTP 500; schema: none served',
      ]);
      expect(result.code).toBe(3);
    } finally {
      await sim.control.setFault('card', null);
    }
  });

  it('exits 4, not 0, when no client answers at all: nothing is running', async () => {
    const closed = await closedPortUrl();
    const result = await doctor([], {
      SIGHTLINE_LIVE_URL: closed.replace('http:', 'https:'),
      SIGHTLINE_REPLAY_URL: closed.replace('http:', 'https:'),
      SIGHTLINE_CARD_URL: closed,
    });
    expect(result.out.slice(0, 3)).toEqual([
      'live: not running; schema: not checked',
      'replay: not running: no game or replay running; schema: not checked',
      expect.stringMatching(/^card: not running: no answer on port \d+ .*; schema: none served$/),
    ]);
    expect(result.code).toBe(4);
  });
});
