import { describe, expect, it } from 'vitest';
import { initialAppState, OVERLAY_ROUTE_SHARES, type AppState, type StateMessage } from '@shared/contract';
import { createAudienceFeeds } from './audienceFeeds';
import { StateHub } from './stateHub';

describe('an overlay route’s feed', () => {
  it('pushes the status overlay nothing while polls read a running game’s clock a little late or early', () => {
    const hub = new StateHub<AppState>(initialAppState(0));
    const seen: StateMessage<unknown>[] = [];
    createAudienceFeeds(hub)
      .overlayRoute(OVERLAY_ROUTE_SHARES.status)
      .subscribe((message) => seen.push(message));
    // A game started at 1,000,000 ms, read each second with a latency that crosses the 100 ms grid's lines.
    for (const [gameTime, latency] of [
      [100, 7],
      [101, 60],
      [102, -40],
      [103, 140],
    ] as const) {
      hub.set('live', {
        ...hub.state.live,
        phase: 'in-game',
        clock: { gameTime, sampledAt: 1_000_000 + gameTime * 1000 + latency },
      });
    }
    // The snapshot, then one patch for the game starting; none for the polls after it.
    expect(seen.map((message) => message.kind)).toEqual(['snapshot', 'patch']);
  });
});
