import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initialAppState, type AppState, type LiveGameSummary } from '@shared/contract';
import { StateHub } from '../../platform/hub/stateHub';
import { silentLogger } from '../../platform/log/logger';
import type { HttpClient } from '../../platform/net/httpClient';
import type { HttpOutcome, HttpRequest } from '../../platform/net/httpExchange';
import { realScheduler } from '../../platform/polling/poller';
import { reportSourceStatus } from '../../platform/sources/sourceStatus';
import { createScriptedHttpClient, httpError, ok } from '../../tools/testkit/scriptedHttpClient';
import { createLiveClientWatcher } from './liveClientWatcher';
import {
  activePlayerRecord,
  gameStatsRecord,
  playerRecord,
  SPECTATOR_ANSWER,
  TEN_PLAYERS,
} from './liveRecordBuilders';

type Stage = 'absent' | 'loading' | 'game' | 'end';
type Event = { EventID: number; EventName: string; EventTime: number; [field: string]: unknown };

/** A live client answering like the real one for the given stage. */
function liveClient(stage: () => Stage, options: { spectator?: boolean; events?: () => Event[] } = {}) {
  return (path: string): HttpOutcome => {
    if (stage() === 'absent') return { kind: 'refused' };
    if (stage() === 'loading') return httpError(404, { errorCode: 'RESOURCE_NOT_FOUND', httpStatus: 404 });
    const url = new URL(`http://x${path}`);
    switch (url.pathname) {
      case '/liveclientdata/gamestats':
        return ok(gameStatsRecord(stage() === 'end' ? 300 : 61));
      case '/liveclientdata/playerlist':
        return ok(
          TEN_PLAYERS.map((player) =>
            playerRecord({ ...player, kills: player.gameName === 'Sightline' ? 2 : 0 }),
          ),
        );
      case '/liveclientdata/activeplayer':
        return ok(
          options.spectator
            ? SPECTATOR_ANSWER
            : activePlayerRecord({ gameName: 'Sightline', champion: 'Ahri' }),
        );
      case '/liveclientdata/eventdata': {
        const events: Event[] = options.events?.() ?? [{ EventID: 0, EventName: 'GameStart', EventTime: 0 }];
        if (stage() === 'end')
          events.push({ EventID: events.length, EventName: 'GameEnd', EventTime: 300, Result: 'Win' });
        const from = Number(url.searchParams.get('eventID'));
        return ok({ Events: events.filter((event) => event.EventID >= from) });
      }
      default:
        return httpError(404);
    }
  };
}

describe('createLiveClientWatcher', () => {
  beforeEach(() => vi.useFakeTimers({ now: 0 }));
  afterEach(() => vi.useRealTimers());

  function setup(client: HttpClient) {
    const hub = new StateHub<AppState>(initialAppState(0));
    const summaries: LiveGameSummary[] = [];
    const watcher = createLiveClientWatcher({
      http: client,
      hub,
      scheduler: realScheduler,
      logger: silentLogger,
      baseUrl: () => 'https://127.0.0.1:2999',
      intervalMs: () => 1000,
      onGameSummary: (summary) => summaries.push(summary),
      queueLabel: () => "Summoner's Rift",
    });
    watcher.start();
    return { hub, watcher, summaries };
  }

  it('follows a game from absent to loading to in game to ended, tailing events by id', async () => {
    let stage: Stage = 'absent';
    const { client, requests } = createScriptedHttpClient(liveClient(() => stage));
    const { hub, watcher, summaries } = setup(client);

    await vi.advanceTimersByTimeAsync(10);
    expect(hub.state.sources.live.state).toBe('not-running');
    expect(hub.state.live.phase).toBe('no-game');

    stage = 'loading';
    await vi.advanceTimersByTimeAsync(1100);
    expect(hub.state.sources.live).toMatchObject({ state: 'waiting', reason: 'loading screen' });
    expect(hub.state.live.phase).toBe('loading');

    stage = 'game';
    await vi.advanceTimersByTimeAsync(1000);
    expect(hub.state.sources.live).toMatchObject({ state: 'connected', reason: null });
    expect(hub.state.live).toMatchObject({ phase: 'in-game', clock: { gameTime: 61 }, mapName: 'Map11' });
    expect(hub.state.live.players.find((player) => player.isLocal)).toMatchObject({
      championKey: 'Ahri',
      kills: 2,
    });
    await vi.advanceTimersByTimeAsync(1000);
    const eventUrls = requests.map((r) => r.url).filter((u) => u.includes('eventdata'));
    expect(eventUrls.at(-1)).toContain('eventID=1');

    stage = 'end';
    await vi.advanceTimersByTimeAsync(3000);
    expect(hub.state.live.phase).toBe('ended');
    expect(summaries).toEqual([expect.objectContaining({ result: 'win', kills: 2, championKey: 'Ahri' })]);
    watcher.stop();
  });

  it('reads only the subset endpoints, each once per cycle, never allgamedata', async () => {
    const { client, requests } = createScriptedHttpClient(liveClient(() => 'game'));
    const { watcher } = setup(client);
    await vi.advanceTimersByTimeAsync(10_500);
    watcher.stop();
    const paths = requests.map((request) => new URL(request.url).pathname.replace('/liveclientdata/', ''));
    expect(new Set(paths)).toEqual(new Set(['gamestats', 'eventdata', 'playerlist', 'activeplayer']));
    // At most one cycle a second: 11 cycles in 10.5 s, starting at 0.
    expect(paths.filter((path) => path === 'gamestats').length).toBeLessThanOrEqual(11);
    for (const path of ['eventdata', 'playerlist', 'activeplayer']) {
      expect(paths.filter((candidate) => candidate === path)).toHaveLength(
        paths.filter((p) => p === 'gamestats').length,
      );
    }
    expect(requests.every((request) => request.timeoutMs === 2000)).toBe(true);
  });

  it('keeps one request in flight per endpoint while the client is slow', async () => {
    const inFlight = new Map<string, number>();
    let most = 0;
    const answer = liveClient(() => 'game');
    const client: HttpClient = {
      send: async (request: HttpRequest) => {
        const path = new URL(request.url).pathname;
        inFlight.set(path, (inFlight.get(path) ?? 0) + 1);
        most = Math.max(most, ...inFlight.values());
        await new Promise((resolve) => setTimeout(resolve, 1700));
        inFlight.set(path, (inFlight.get(path) ?? 1) - 1);
        const url = new URL(request.url);
        return answer(`${url.pathname}${url.search}`);
      },
      close: () => undefined,
    };
    const { watcher, hub } = setup(client);
    await vi.advanceTimersByTimeAsync(12_000);
    watcher.stop();
    expect(most).toBe(1);
    expect(hub.state.live.phase).toBe('in-game');
  });

  it('shows spectator mode in the status and the state', async () => {
    const { client } = createScriptedHttpClient(liveClient(() => 'game', { spectator: true }));
    const { hub, watcher } = setup(client);
    await vi.advanceTimersByTimeAsync(10);
    expect(hub.state.sources.live).toMatchObject({ state: 'connected', reason: 'spectator mode' });
    expect(hub.state.live).toMatchObject({ spectator: true, activePlayer: null });
    watcher.stop();
  });

  it('takes activeplayer’s spectator body as spectator mode whatever its status, and its 404 during a replay', async () => {
    const answer = liveClient(() => 'game');
    let activeAnswer: HttpOutcome = httpError(404, SPECTATOR_ANSWER);
    const { client } = createScriptedHttpClient((path) =>
      path === '/liveclientdata/activeplayer' ? activeAnswer : answer(path),
    );
    const { hub, watcher } = setup(client);
    await vi.advanceTimersByTimeAsync(10);
    expect(hub.state.sources.live).toMatchObject({ state: 'connected', reason: 'spectator mode' });
    expect(hub.state.live).toMatchObject({ phase: 'in-game', spectator: true, activePlayer: null });

    activeAnswer = httpError(403, SPECTATOR_ANSWER);
    await vi.advanceTimersByTimeAsync(1000);
    expect(hub.state.sources.live).toMatchObject({ state: 'connected', reason: 'spectator mode' });

    // A bare 404 is a replay only while one runs; otherwise the client answers wrongly.
    activeAnswer = httpError(404, { errorCode: 'RESOURCE_NOT_FOUND', httpStatus: 404 });
    reportSourceStatus(hub, 'replay', 'connected', null, 0);
    await vi.advanceTimersByTimeAsync(1000);
    expect(hub.state.sources.live).toMatchObject({ state: 'connected', reason: 'spectator mode' });
    reportSourceStatus(hub, 'replay', 'not-running', null, 0);
    await vi.advanceTimersByTimeAsync(1000);
    expect(hub.state.sources.live).toMatchObject({ state: 'error', reason: 'active player: HTTP 404' });
    watcher.stop();
  });

  it('says which endpoint failed and keeps the rest flowing', async () => {
    const answer = liveClient(() => 'game');
    const { client } = createScriptedHttpClient((path) =>
      path.startsWith('/liveclientdata/eventdata') ? { kind: 'timeout' } : answer(path),
    );
    const { hub, watcher } = setup(client);
    await vi.advanceTimersByTimeAsync(10);
    expect(hub.state.sources.live).toMatchObject({ state: 'error', reason: 'event list: no answer in time' });
    expect(hub.state.live.players).toHaveLength(10);
    watcher.stop();
  });

  it('shows why it cannot read the client', async () => {
    const { client } = createScriptedHttpClient((): HttpOutcome => ({
      kind: 'untrusted-certificate',
      detail: 'SELF_SIGNED_CERT_IN_CHAIN',
    }));
    const { hub, watcher } = setup(client);
    await vi.advanceTimersByTimeAsync(10);
    expect(hub.state.sources.live).toMatchObject({ state: 'error', reason: 'untrusted certificate' });
    watcher.stop();
  });

  it('backs off while no game runs', async () => {
    const { client, requests } = createScriptedHttpClient(() => ({ kind: 'refused' }));
    const { watcher } = setup(client);
    await vi.advanceTimersByTimeAsync(30_000);
    watcher.stop();
    // 1 s, 2 s, 4 s, then every 5 s: far fewer than one a second, and only gamestats.
    expect(requests.length).toBeLessThanOrEqual(9);
    expect(requests.every((request) => request.url.endsWith('/gamestats'))).toBe(true);
  });

  it('pushes layout changes with the game state', async () => {
    const { client } = createScriptedHttpClient(() => ({ kind: 'refused' }));
    const { hub, watcher } = setup(client);
    watcher.setLayout({
      scoreboard: { visible: false, anchor: 'bottom-center', scale: 1.25, box: null },
      feed: { visible: true, anchor: 'top-left', scale: 0.75, box: null },
    });
    expect(hub.state.live.layout.scoreboard).toEqual({
      visible: false,
      anchor: 'bottom-center',
      scale: 1.25,
      box: null,
    });
    watcher.stop();
  });
});
