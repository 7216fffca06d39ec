import { mkdtemp, rm } from 'node:fs/promises';
import {
  createServer as createHttpServer,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initialAppState, type AppState } from '@shared/contract';
import { createCardClientService } from '../../simulator/cardClientService';
import { loadScenarioFile } from '../../simulator/index';
import { createLiveClientService } from '../../simulator/liveClientService';
import { createReplayService } from '../../simulator/replayService';
import type { ServiceHandler } from '../../simulator/serviceResponse';
import { smallScenario } from '../../simulator/simulatorTestKit';
import { createTlsAuthority, type TlsAuthority } from '../../simulator/tlsAuthority';
import { createCardClientWatcher } from '../features/card/cardClientWatcher';
import { createCardGameArchive } from '../features/card/cardGameArchive';
import { EMPTY_CARD_CATALOG } from '../features/card/catalog/cardCatalog';
import { openHistoryStore, type HistoryStore } from '../features/history/historyStore';
import { StateHub } from '../platform/hub/stateHub';
import { createLiveClientWatcher } from '../features/live/liveClientWatcher';
import { silentLogger } from '../platform/log/logger';
import { createHttpClient, type HttpClient } from '../platform/net/httpClient';
import { createLoopbackTrust } from '../platform/net/loopbackTrust';
import { createSharedPacingSchedule, type SharedPacingSchedule } from '../platform/net/sharedPacingSchedule';
import { realScheduler, type Poller } from '../platform/polling/poller';
import { nodeRecordingFileSystem } from '../features/replay/recordingTracker';
import { createReplayClient } from '../features/replay/replayClient';
import { createReplayDriver } from '../features/replay/replayDriver';
import { gameClientPacing } from './gameClientPacing';

// What the local clients see of Sightline: real servers that note when each request arrives, the real
// watchers and the real clock. Only the lower bound on gaps is asserted: load can stretch gaps, never
// shrink them. The floors are the rules' own numbers, not the product's constants, so a faster constant
// fails here.

/** Spec 2 §8 (positional-rectangles at most once per second), held for every path of both game clients. */
const CLIENT_FLOOR_MS = 1000;
/** A replay resource: League Director's rate (README, "Architecture"). */
const REPLAY_FLOOR_MS = 500;

/** A stand-in for one local client: serves the simulator's answers, notes each request's arrival. */
interface StandIn {
  url: string;
  /** Arrival times (performance.now) per path. */
  arrivals: Map<string, number[]>;
  /** Every response waits this long first. */
  delayMs: number;
  /** Closes the port and every connection (connection refused), then listens on it again. */
  close(): Promise<void>;
  reopen(): Promise<void>;
  stop(): Promise<void>;
}

let authority: TlsAuthority;
const started: StandIn[] = [];
const pollers: Poller[] = [];
const clients: HttpClient[] = [];
let dataDir: string;
const stores: Promise<HistoryStore>[] = [];

beforeAll(async () => {
  authority = await createTlsAuthority();
  dataDir = await mkdtemp(join(tmpdir(), 'sightline-pacing-'));
});
afterEach(async () => {
  for (const poller of pollers.splice(0)) poller.stop();
  for (const client of clients.splice(0)) client.close();
  await Promise.all(started.splice(0).map((standIn) => standIn.stop()));
  for (const store of stores.splice(0)) (await store).close();
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

async function startStandIn(handler: ServiceHandler, tls: boolean): Promise<StandIn> {
  const arrivals = new Map<string, number[]>();
  const onRequest = (req: IncomingMessage, res: ServerResponse): void => {
    const at = performance.now();
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    arrivals.set(url.pathname, [...(arrivals.get(url.pathname) ?? []), at]);
    req.resume();
    req.on('end', () => {
      const { status, body } = handler({
        method: req.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        body: undefined,
      });
      setTimeout(() => {
        if (res.destroyed) return;
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      }, standIn.delayMs);
    });
  };
  const server: Server = tls
    ? createHttpsServer({ cert: authority.leaf.cert, key: authority.leaf.key }, onRequest)
    : createHttpServer(onRequest);
  const listen = (port: number): Promise<number> =>
    new Promise((resolve) =>
      server.listen(port, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
    );
  const close = (): Promise<void> =>
    new Promise((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  const port = await listen(0);
  const standIn: StandIn = {
    url: `${tls ? 'https' : 'http'}://127.0.0.1:${port}`,
    arrivals,
    delayMs: 0,
    close,
    reopen: async () => void (await listen(port)),
    stop: () => (server.listening ? close() : Promise.resolve()),
  };
  started.push(standIn);
  return standIn;
}

/** Scenario seconds running with the real clock from `from`. */
function clockFrom(from: number, scale = 1): () => number {
  const origin = performance.now();
  return () => from + ((performance.now() - origin) / 1000) * scale;
}

/** The arena client on one port, as the real one: live data, its specs and the replay API. */
async function startArenaClient(replay: { enabled: boolean }): Promise<StandIn> {
  const scenario = smallScenario({ replay: { ...replay, length: 600 } });
  // In game from the start (the process came up at 1 s, loading ended at 3 s) until GameEnd at 43 s.
  const seconds = clockFrom(5);
  const live = createLiveClientService(scenario.live, seconds);
  const replayApi = createReplayService(scenario.replay, seconds, () => 'unused');
  return startStandIn(
    (request) => (request.path.startsWith('/replay/') ? replayApi : live).handle(request),
    true,
  );
}

/** The card client in a game: the deck tracker reads rectangles, the deck list and results. */
async function startCardClient(): Promise<StandIn> {
  const scenario = await loadScenarioFile(
    fileURLToPath(new URL('../../simulator/scenarios/card-tracker.json', import.meta.url)),
  );
  return startStandIn(createCardClientService(scenario.card, clockFrom(40, 0.001)).handle, false);
}

/** The app's watchers of the three clients, sharing one HTTP client as the core does. */
function startWatchers(
  arena: StandIn,
  card: StandIn | null,
  options: { http?: HttpClient; livePollMs?: number } = {},
) {
  const http = options.http ?? startHttpClient();
  const hub = new StateHub<AppState>(initialAppState(Date.now()));
  const deps = { http, hub, scheduler: realScheduler, logger: silentLogger };
  const live = createLiveClientWatcher({
    ...deps,
    baseUrl: () => arena.url,
    intervalMs: () => options.livePollMs ?? 1000,
  });
  const client = createReplayClient({ http, baseUrl: () => arena.url });
  const replay = createReplayDriver({
    ...deps,
    client,
    liveUrl: () => arena.url,
    recordingFs: nodeRecordingFileSystem,
  }).poller;
  const watchers: Poller[] = [live, replay];
  if (card) watchers.push(startCardWatcher(card, http));
  for (const poller of watchers) {
    pollers.push(poller);
    poller.start();
  }
  return { hub, live, replay, watchers };
}

/** The core's one HTTP client: the pinned CA (here the test CA) and the game clients' pacing. */
function startHttpClient(sharedPacing?: SharedPacingSchedule): HttpClient {
  const http = createHttpClient({
    loopbackTrust: createLoopbackTrust([authority.caPem]),
    pacing: gameClientPacing,
    sharedPacing,
  });
  clients.push(http);
  return http;
}

/** A card client watcher with its own history, not yet started. */
function startCardWatcher(card: StandIn, http: HttpClient): Poller {
  const history = openHistoryStore(join(dataDir, `history-${stores.length}.db`), () => Date.now());
  stores.push(history);
  const archive = createCardGameArchive({ history, logger: silentLogger, onStatus: () => undefined });
  const hub = new StateHub<AppState>(initialAppState(Date.now()));
  return createCardClientWatcher({
    http,
    hub,
    scheduler: realScheduler,
    logger: silentLogger,
    baseUrl: () => card.url,
    catalog: EMPTY_CARD_CATALOG,
    archive,
  }).poller;
}

const count = (standIn: StandIn, path: string): number => standIn.arrivals.get(path)?.length ?? 0;

async function until(condition: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!condition()) {
    if (performance.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** The smallest gap between two arrivals on each path that was asked at least twice. */
function minimumGaps(standIn: StandIn): Record<string, number> {
  const gaps: Record<string, number> = {};
  for (const [path, times] of standIn.arrivals) {
    if (times.length < 2) continue;
    gaps[path] = Math.min(...times.slice(1).map((at, index) => at - (times[index] ?? 0)));
  }
  return gaps;
}

function expectPaced(name: string, standIn: StandIn): void {
  const gaps = minimumGaps(standIn);
  if (process.env.SIGHTLINE_PRINT_GAPS) {
    const counts = Object.fromEntries([...standIn.arrivals].map(([path, times]) => [path, times.length]));
    console.info(
      name,
      JSON.stringify({ gaps, counts }, (_key, value: unknown) =>
        typeof value === 'number' ? Math.round(value * 10) / 10 : value,
      ),
    );
  }
  for (const [path, gap] of Object.entries(gaps)) {
    const floor = path.startsWith('/replay/') ? REPLAY_FLOOR_MS : CLIENT_FLOOR_MS;
    expect(gap, `${name} ${path}`).toBeGreaterThanOrEqual(floor);
  }
}

describe('the local clients see each path asked at most once a second (replay resources twice)', () => {
  it('over the first ten cycles, with the live and replay watchers on one port', async () => {
    // One arena client running a replay, one running a live game with the replay API off (the replay
    // watcher then asks /liveclientdata/activeplayer too), and the card client in a game.
    const [withReplay, liveGame, card] = await Promise.all([
      startArenaClient({ enabled: true }),
      startArenaClient({ enabled: false }),
      startCardClient(),
    ]);
    startWatchers(withReplay, card);
    const second = startWatchers(liveGame, null);

    await until(
      () =>
        count(withReplay, '/liveclientdata/gamestats') >= 10 &&
        count(withReplay, '/replay/playback') >= 10 &&
        count(liveGame, '/liveclientdata/activeplayer') >= 10 &&
        count(card, '/positional-rectangles') >= 10,
      40_000,
    );
    expect(count(card, '/static-decklist')).toBeGreaterThanOrEqual(1);
    expect(second.hub.state.sources.replay.reason).toMatch(/live game is running/);
    expectPaced('replay', withReplay);
    expectPaced('live game', liveGame);
    expectPaced('card', card);
  }, 60_000);

  it('with two card watchers out of step and a live poll interval set below a second', async () => {
    // Each watcher alone asks every second; half a second apart, the two would ask every half second, and a
    // live watcher set to 250 ms four times a second, were it not for the one schedule per path they share.
    const [arena, card] = await Promise.all([startArenaClient({ enabled: false }), startCardClient()]);
    const http = startHttpClient();
    const first = startCardWatcher(card, http);
    const second = startCardWatcher(card, http);
    pollers.push(first, second);
    first.start();
    startWatchers(arena, null, { http, livePollMs: 250 });
    await new Promise((resolve) => setTimeout(resolve, 500));
    second.start();

    await until(
      () => count(card, '/positional-rectangles') >= 6 && count(arena, '/liveclientdata/activeplayer') >= 6,
      30_000,
    );
    expectPaced('two card watchers', card);
    expectPaced('live at 250 ms', arena);
  }, 45_000);

  it('with two processes asking, each with its own HTTP client, keeping one schedule through the shared folder', async () => {
    // What the app and `sightline serve` (or the CLI) running at once share: nothing but the folder.
    const [arena, card] = await Promise.all([startArenaClient({ enabled: false }), startCardClient()]);
    const startProcess = () => {
      const http = startHttpClient(
        createSharedPacingSchedule({ dir: join(dataDir, 'game-clients'), kind: 'serve' }),
      );
      const watcher = startCardWatcher(card, http);
      pollers.push(watcher);
      return { http, watcher };
    };
    const first = startProcess();
    const second = startProcess();
    first.watcher.start();
    startWatchers(arena, null, { http: first.http });
    await new Promise((resolve) => setTimeout(resolve, 500));
    second.watcher.start();
    startWatchers(arena, null, { http: second.http });

    await until(
      () => count(card, '/positional-rectangles') >= 6 && count(arena, '/liveclientdata/gamestats') >= 6,
      30_000,
    );
    expectPaced('card, two processes', card);
    expectPaced('live, two processes', arena);
  }, 45_000);

  it('across a refused connection, a response slower than the interval and restarted watchers', async () => {
    const [arena, card] = await Promise.all([startArenaClient({ enabled: true }), startCardClient()]);
    const { watchers } = startWatchers(arena, card);
    const gamestats = (): number => count(arena, '/liveclientdata/gamestats');
    await until(() => gamestats() >= 3, 20_000);

    // The game process goes away and comes back on the same port: new connections, new TLS sessions.
    await Promise.all([arena.close(), card.close()]);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await Promise.all([arena.reopen(), card.reopen()]);
    const reopened = gamestats();
    await until(() => gamestats() >= reopened + 3, 20_000);

    // Every answer takes 1.5 s; midway the watchers are stopped and started again with requests in flight.
    arena.delayMs = card.delayMs = 1500;
    const slow = gamestats();
    await until(() => gamestats() >= slow + 2, 20_000);
    await new Promise((resolve) => setTimeout(resolve, 200));
    for (const poller of watchers) poller.stop();
    for (const poller of watchers) poller.start();
    await until(() => gamestats() >= slow + 4, 20_000);
    arena.delayMs = card.delayMs = 0;
    const fast = gamestats();
    await until(() => gamestats() >= fast + 2, 20_000);

    expectPaced('reconnect, slow, restart', arena);
    expectPaced('card: reconnect, slow, restart', card);
  }, 90_000);
});
