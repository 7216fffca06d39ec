import { getHeapStatistics } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { reduceStateMessage, type LocalState, type StateMessage } from '@shared/contract';
import { projectedFeed, StateHub } from './stateHub';

interface Demo {
  clock: number;
  names: string[];
}

describe('StateHub', () => {
  it('sends a snapshot first, then numbered patches', () => {
    const hub = new StateHub<Demo>({ clock: 0, names: ['a'] });
    const seen: StateMessage<Demo>[] = [];
    hub.subscribe((m) => seen.push(m));
    hub.set('clock', 1);
    hub.set('clock', 2);
    expect(seen.map((m) => [m.kind, m.seq])).toEqual([
      ['snapshot', 0],
      ['patch', 1],
      ['patch', 2],
    ]);
  });

  it('allocates nothing for the parts of a rebuilt slice that did not change (the host collects less each poll)', () => {
    // 20,000 rows of a few keys: an array of keys made for each would be well over a megabyte, in every run. The
    // median of five runs after one to warm up: a young-generation collection during one run cannot hide what the
    // others allocated, and neither can the odd run that also holds V8's optimised code or the worker's own
    // messages (243 KB once on a loaded runner) fail it.
    const rows = () =>
      Array.from({ length: 20_000 }, (_, index) => ({
        id: index,
        name: `row ${index}`,
        stats: { kills: index },
      }));
    const hub = new StateHub({ clock: 0, rows: rows() });
    const kept = hub.state.rows;
    const seen: StateMessage<unknown>[] = [];
    hub.subscribe((m) => seen.push(m));
    const allocated = [0, 1, 2, 3, 4, 5].map(() => {
      const rebuilt = rows();
      const before = getHeapStatistics().used_heap_size;
      hub.set('rows', rebuilt);
      return getHeapStatistics().used_heap_size - before;
    });
    const median = allocated.slice(1).sort((a, b) => a - b)[2] ?? Infinity;
    expect(seen).toHaveLength(1);
    expect(hub.state.rows).toBe(kept);
    expect(median).toBeLessThan(200_000);
  });

  it('publishes nothing when a set changes nothing', () => {
    const hub = new StateHub<Demo>({ clock: 0, names: ['a'] });
    const seen: StateMessage<Demo>[] = [];
    hub.subscribe((m) => seen.push(m));
    hub.set('names', ['a']);
    expect(seen).toHaveLength(1);
    expect(hub.sequence).toBe(0);
  });

  it('a late subscriber converges to the same state as an early one', () => {
    const hub = new StateHub<Demo>({ clock: 0, names: [] });
    let early: LocalState<Demo> = { seq: -1, state: null };
    hub.subscribe((m) => (early = reduceStateMessage(early, m).next));
    hub.set('clock', 5);
    let late: LocalState<Demo> = { seq: -1, state: null };
    hub.subscribe((m) => (late = reduceStateMessage(late, m).next));
    hub.update((s) => ({ ...s, names: ['x', 'y'] }));
    expect(early).toEqual({ seq: 2, state: { clock: 5, names: ['x', 'y'] } });
    expect(late).toEqual(early);
  });

  it('keeps every unchanged part of a slice rebuilt from fresh data the same object, and sends only the change', () => {
    interface Game {
      live: { clock: number; players: Array<{ name: string; kills: number }> };
    }
    const rebuilt = (clock: number, kills: number): Game['live'] => ({
      clock,
      players: [
        { name: 'a', kills: 0 },
        { name: 'b', kills },
      ],
    });
    const hub = new StateHub<Game>({ live: rebuilt(1, 0) });
    const before = hub.state.live;
    const seen: StateMessage<Game>[] = [];
    hub.subscribe((m) => seen.push(m));

    hub.set('live', rebuilt(1, 0));
    expect(hub.state.live).toBe(before);
    hub.set('live', rebuilt(2, 1));
    expect(hub.state.live.players[0]).toBe(before.players[0]);
    expect(hub.state.live.players[1]).toEqual({ name: 'b', kills: 1 });
    expect(seen.slice(1)).toEqual([
      {
        kind: 'patch',
        seq: 1,
        ops: [
          { op: 'set', path: ['live', 'clock'], value: 2 },
          { op: 'set', path: ['live', 'players', 1, 'kills'], value: 1 },
        ],
      },
    ]);
  });

  it('stops sending after unsubscribe', () => {
    const hub = new StateHub<Demo>({ clock: 0, names: [] });
    const seen: StateMessage<Demo>[] = [];
    const off = hub.subscribe((m) => seen.push(m));
    off();
    hub.set('clock', 1);
    expect(seen).toHaveLength(1);
  });

  it('a projected feed numbers only what it shows: a hidden change is neither sent nor a gap', () => {
    const hub = new StateHub<Demo>({ clock: 0, names: ['a'] });
    const feed = projectedFeed(hub, (state) => ({ clock: state.clock }));
    const seen: StateMessage<{ clock: number }>[] = [];
    feed.subscribe((m) => seen.push(m));
    hub.set('names', ['secret']);
    hub.set('clock', 1);
    hub.set('names', ['also secret']);
    hub.set('clock', 2);
    expect(JSON.stringify(seen)).not.toContain('secret');
    let local: LocalState<{ clock: number }> = { seq: -1, state: null };
    for (const message of seen) {
      const reduced = reduceStateMessage(local, message);
      expect(reduced.resync).toBe(false);
      local = reduced.next;
    }
    expect(local).toEqual({ seq: 2, state: { clock: 2 } });
    expect(feed.snapshot()).toEqual({ kind: 'snapshot', seq: 2, state: { clock: 2 } });
  });
});
