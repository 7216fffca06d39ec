import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { initialAppState, type AppState } from '@shared/contract';
import { StateHub } from '../platform/hub/stateHub';
import { silentLogger } from '../platform/log/logger';
import { createSharedPacingSchedule } from '../platform/net/sharedPacingSchedule';
import { realScheduler, type Poller } from '../platform/polling/poller';
import { createOtherAskersWatcher } from './otherAskersFeature';
import { reportSourceStatus } from '../platform/sources/sourceStatus';

const URLS = {
  live: 'https://127.0.0.1:2999',
  replay: 'https://127.0.0.1:2999',
  card: 'http://127.0.0.1:21337',
};
// The test's parent process stands in for another Sightline process: it runs, and is not this one.
const OTHER = process.ppid;

let dir: string;
let watcher: Poller | null = null;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sightline-askers-'));
});
afterEach(async () => {
  watcher?.stop();
  await rm(dir, { recursive: true, force: true });
});

async function until(check: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('the other processes asking the game clients, in the app state', () => {
  it('names on each source the process asking its client, keeps it across status changes, and drops it once it stops', async () => {
    const hub = new StateHub<AppState>(initialAppState(0));
    const now = Date.now();
    let appNow = now;
    const app = createSharedPacingSchedule({ dir, kind: 'app', now: () => appNow });
    const doctor = createSharedPacingSchedule({ dir, kind: 'doctor', pid: OTHER, now: () => now });
    await (
      await doctor.claim(`${URLS.card}/positional-rectangles`, 0, new AbortController().signal)
    )?.release();

    watcher = createOtherAskersWatcher({
      schedule: app,
      hub,
      scheduler: realScheduler,
      logger: silentLogger,
      urls: () => URLS,
      intervalMs: 50,
    });
    watcher.start();
    await until(() => hub.state.sources.card.alsoAskedBy !== undefined);
    expect(hub.state.sources.card.alsoAskedBy).toEqual([{ pid: OTHER, kind: 'doctor', since: now }]);
    expect(hub.state.sources.live.alsoAskedBy).toBeUndefined();

    // The card watcher's next report keeps who else asks.
    reportSourceStatus(hub, 'card', 'connected', 'in menus', Date.now());
    expect(hub.state.sources.card.alsoAskedBy).toEqual([{ pid: OTHER, kind: 'doctor', since: now }]);

    // Its last request is now older than "the last few seconds".
    appNow += 5_001;
    await until(() => hub.state.sources.card.alsoAskedBy === undefined, 1000);
    expect(hub.state.sources.card).toMatchObject({ state: 'connected', reason: 'in menus' });
  });
});
