import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initialAppState, type AppState } from '@shared/contract';
import { StateHub } from '../hub/stateHub';
import { silentLogger } from '../log/logger';
import type { HttpOutcome } from '../net/httpClient';
import { realScheduler } from '../polling/poller';
import { createScriptedHttpClient, httpError, ok } from '../testing/scriptedHttpClient';
import { createLiveClientWatcher } from './liveClientWatcher';

describe('createLiveClientWatcher', () => {
  beforeEach(() => vi.useFakeTimers({ now: 0 }));
  afterEach(() => vi.useRealTimers());

  function setup(answer: (path: string) => HttpOutcome) {
    const hub = new StateHub<AppState>(initialAppState(0));
    const { client, requests } = createScriptedHttpClient(answer);
    const watcher = createLiveClientWatcher({
      http: client,
      hub,
      scheduler: realScheduler,
      logger: silentLogger,
      baseUrl: () => 'https://127.0.0.1:2999',
      intervalMs: () => 1000,
    });
    watcher.start();
    return { hub, requests, watcher };
  }

  it('follows a game from absent to loading to in game to ended, tailing events by id', async () => {
    let stage: 'absent' | 'loading' | 'game' | 'end' = 'absent';
    const { hub, requests, watcher } = setup((path) => {
      if (stage === 'absent') return { kind: 'refused' };
      if (stage === 'loading') return httpError(404, { message: 'loading' });
      if (path.startsWith('/liveclientdata/gamestats'))
        return ok({ gameTime: 61, gameMode: 'CLASSIC', mapName: 'Map11' });
      const events = [{ EventID: 0, EventName: 'GameStart', EventTime: 0 }];
      if (stage === 'end')
        events.push({ EventID: 1, EventName: 'GameEnd', EventTime: 61, Result: 'Win' } as never);
      const from = Number(new URL(`http://x${path}`).searchParams.get('eventID'));
      return ok({ Events: events.filter((e) => e.EventID >= from) });
    });

    await vi.advanceTimersByTimeAsync(10);
    expect(hub.state.sources.live.state).toBe('not-running');
    expect(hub.state.live.phase).toBe('no-game');

    stage = 'loading';
    await vi.advanceTimersByTimeAsync(1100);
    expect(hub.state.sources.live).toMatchObject({ state: 'waiting', reason: 'loading screen' });
    expect(hub.state.live.phase).toBe('loading');

    stage = 'game';
    await vi.advanceTimersByTimeAsync(1000);
    expect(hub.state.sources.live.state).toBe('connected');
    expect(hub.state.live).toMatchObject({ phase: 'in-game', clock: { gameTime: 61 }, mapName: 'Map11' });
    await vi.advanceTimersByTimeAsync(1000);
    expect(
      requests
        .map((r) => r.url)
        .filter((u) => u.includes('eventdata'))
        .at(-1),
    ).toContain('eventID=1');

    stage = 'end';
    await vi.advanceTimersByTimeAsync(1000);
    expect(hub.state.live.phase).toBe('ended');
    watcher.stop();
  });

  it('shows why it cannot read the client', async () => {
    const { hub, watcher } = setup((): HttpOutcome => ({
      kind: 'untrusted-certificate',
      detail: 'SELF_SIGNED_CERT_IN_CHAIN',
    }));
    await vi.advanceTimersByTimeAsync(10);
    expect(hub.state.sources.live).toMatchObject({ state: 'error', reason: 'untrusted certificate' });
    watcher.stop();
  });

  it('backs off while no game runs', async () => {
    const { requests, watcher } = setup(() => ({ kind: 'refused' }));
    await vi.advanceTimersByTimeAsync(30_000);
    watcher.stop();
    // 1 s, 2 s, 4 s, then every 5 s: far fewer than one a second.
    expect(requests.length).toBeLessThanOrEqual(9);
  });
});
