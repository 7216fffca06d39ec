import { performance } from 'node:perf_hooks';
import { applyPatch, initialAppState, type AppState, type StateMessage } from '@shared/contract';
import { createAudienceFeeds } from '../../../platform/hub/audienceFeeds';
import { StateHub } from '../../../platform/hub/stateHub';

interface BenchPlayer {
  name: string;
  champion: string;
  kills: number;
  deaths: number;
  assists: number;
  cs: number;
  items: number[];
}

/**
 * The cost of the state pipeline alone: diffing a 10-player update in the hub and applying the patch
 * in a view, and how large a one-field patch is against the full snapshot.
 */
export async function runStateHubBench(): Promise<string[]> {
  const players: BenchPlayer[] = Array.from({ length: 10 }, (_, index) => ({
    name: `Player${index}#EUW`,
    champion: `Champion${index}`,
    kills: 0,
    deaths: 0,
    assists: 0,
    cs: 0,
    items: [1055, 2003, 0, 0, 0, 0, 3340],
  }));
  const hub = new StateHub({ clock: 0, players, feed: [] as string[] });
  let view: unknown = null;
  let patchBytes = 0;
  let patches = 0;
  hub.subscribe((message: StateMessage<unknown>) => {
    if (message.kind === 'snapshot') view = message.state;
    else {
      patchBytes += JSON.stringify(message).length;
      patches += 1;
      view = applyPatch(view, message.ops);
    }
  });

  const rounds = 20_000;
  const started = performance.now();
  for (let round = 1; round <= rounds; round += 1) {
    const current = hub.state;
    const index = round % 10;
    const nextPlayers = current.players.map((player, i) =>
      i === index ? { ...player, cs: player.cs + 1 } : player,
    );
    hub.update((state) => ({ ...state, clock: round, players: nextPlayers }));
  }
  const elapsed = performance.now() - started;
  const snapshotBytes = JSON.stringify(hub.snapshot()).length;
  return [
    `state hub: ${((elapsed / rounds) * 1000).toFixed(1)} µs per 10-player update (diff + publish + apply)`,
    `state hub: ${(patchBytes / patches).toFixed(0)} bytes per steady patch vs ${snapshotBytes} bytes snapshot (${((patchBytes / patches / snapshotBytes) * 100).toFixed(1)} %)`,
    overlayFeedCost(),
  ];
}

/** What the overlay audience's feed (cut, diff, number) adds to each app-state update, half of them private. */
function overlayFeedCost(): string {
  const rounds = 20_000;
  const perUpdate = (withOverlayFeed: boolean): number => {
    const hub = new StateHub<AppState>(initialAppState(0));
    if (withOverlayFeed) createAudienceFeeds(hub).overlay.subscribe(() => undefined);
    const started = performance.now();
    for (let round = 1; round <= rounds; round += 1) {
      hub.update((state) =>
        round % 2 === 0
          ? { ...state, sources: { ...state.sources, live: { ...state.sources.live, since: round } } }
          : { ...state, store: { ...state.store, pending: `call ${round}` } },
      );
    }
    return ((performance.now() - started) / rounds) * 1000;
  };
  const without = perUpdate(false);
  const withFeed = perUpdate(true);
  return `state hub: the overlay feed adds ${(withFeed - without).toFixed(1)} µs per app-state update (${withFeed.toFixed(1)} µs with it, ${without.toFixed(1)} µs without)`;
}
