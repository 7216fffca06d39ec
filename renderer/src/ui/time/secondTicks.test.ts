import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  formatGameTime,
  gameClockTurnAt,
  gameTimeAt,
  respawnSecondsAt,
  respawnTurnAt,
} from '@shared/contract';
import {
  createSecondTicker,
  msToNextSecond,
  SAME_FRAME_MS,
  tickPhaseOf,
  type TickTimers,
} from './secondTicks';

/** vitest's fake timers, counting the ticker's timeouts set and those pending. */
function fakeTimers() {
  const pending = new Set<number>();
  const counts = { set: 0, pending: () => pending.size };
  const timers: TickTimers = {
    now: () => Date.now(),
    setTimeout: (run, ms) => {
      counts.set += 1;
      const id = setTimeout(() => {
        pending.delete(id);
        run();
      }, ms) as unknown as number;
      pending.add(id);
      return id;
    },
    clearTimeout: (id) => {
      pending.delete(id);
      clearTimeout(id);
    },
  };
  return { timers, counts };
}
const FAKE_TIMERS = fakeTimers().timers;

/** One clock on a ticker of its own. */
const everySecondOf = (turnAt: number, onTick: (now: number) => void, timers: TickTimers) =>
  createSecondTicker(timers).subscribe(turnAt, onTick);

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(1_000_000_123);
});
afterEach(() => vi.useRealTimers());

describe('a second ticker with one clock', () => {
  it('ticks once a second, each time exactly as the clock’s second turns', () => {
    const ticks: number[] = [];
    const stop = everySecondOf(456, (now) => ticks.push(now), FAKE_TIMERS);
    vi.advanceTimersByTime(10_000);
    expect(ticks).toHaveLength(10);
    expect(ticks.every((tick) => tick % 1000 === 456)).toBe(true);
    stop();
    vi.advanceTimersByTime(5_000);
    expect(ticks).toHaveLength(10);
  });

  it('renders a running game clock once per shown second, each showing the next second', () => {
    // A poll 0.3 s into game second 61: the shown clock turns 0.7 s later, and then every second.
    const game = { phase: 'in-game' as const, clock: { gameTime: 61.3, sampledAt: Date.now() } };
    const turnAt = gameClockTurnAt(game);
    expect(turnAt).not.toBeNull();
    const shown: string[] = [];
    everySecondOf(
      tickPhaseOf(turnAt ?? 0),
      (now) => shown.push(formatGameTime(gameTimeAt(game, now) ?? 0)),
      FAKE_TIMERS,
    );
    vi.advanceTimersByTime(700);
    expect(shown).toEqual([]);
    vi.advanceTimersByTime(5_000);
    expect(shown).toEqual(['01:02', '01:03', '01:04', '01:05', '01:06']);
  });

  it('turns a respawn countdown on its own seconds', () => {
    const game = { phase: 'in-game' as const, clock: { gameTime: 100, sampledAt: Date.now() } };
    const player = { isDead: true, respawnTimer: 4.25 };
    const shown: number[] = [];
    everySecondOf(
      tickPhaseOf(respawnTurnAt(player, game) ?? 0),
      (now) => {
        shown.push(Math.ceil(respawnSecondsAt(player, game, now) ?? 0));
      },
      FAKE_TIMERS,
    );
    vi.advanceTimersByTime(4_300);
    expect(shown).toEqual([4, 3, 2, 1, 0]);
    expect(respawnTurnAt({ isDead: false, respawnTimer: 0 }, game)).toBeNull();
    expect(gameClockTurnAt({ phase: 'ended', clock: game.clock })).toBeNull();
  });
});

describe('a page’s second ticker', () => {
  it('runs every clock on the page on one timer, however many clocks there are', () => {
    const { timers, counts } = fakeTimers();
    const ticker = createSecondTicker(timers);
    const ticks: number[][] = [[], [], [], [], []];
    // The game clock and four respawn countdowns, each turning at its own instant of the second.
    const stops = [100, 250, 500, 750, 900].map((turnAt, clock) =>
      ticker.subscribe(turnAt, (now) => ticks[clock]?.push(now)),
    );
    expect(counts.pending()).toBe(1);
    for (let step = 0; step < 40; step += 1) {
      vi.advanceTimersByTime(50);
      expect(counts.pending()).toBe(1);
    }
    // Each clock still turned on its own instant, once a second.
    expect(ticks.map((each) => each.length)).toEqual([2, 2, 2, 2, 2]);
    expect(ticks.map((each) => (each[0] ?? 0) % 1000)).toEqual([100, 250, 500, 750, 900]);
    for (const stop of stops) stop();
    expect(counts.pending()).toBe(0);
  });

  it('ticks clocks that turn in the same frame together, at the later turn, never before either', () => {
    const { timers, counts } = fakeTimers();
    const ticker = createSecondTicker(timers);
    const fired: { clock: string; now: number }[] = [];
    ticker.subscribe(262, (now) => fired.push({ clock: 'game', now }));
    ticker.subscribe(262 + SAME_FRAME_MS - 2, (now) => fired.push({ clock: 'respawn', now }));
    const setBefore = counts.set;
    vi.advanceTimersByTime(3_000);
    // Three seconds, three timeouts: one per second for both.
    expect(counts.set - setBefore).toBe(3);
    expect(fired.filter((each) => each.clock === 'game').map((each) => each.now % 1000)).toEqual([
      276, 276, 276,
    ]);
    expect(fired.filter((each) => each.clock === 'respawn').map((each) => each.now % 1000)).toEqual([
      276, 276, 276,
    ]);
  });

  it('a clock that stops leaves the others ticking', () => {
    const { timers, counts } = fakeTimers();
    const ticker = createSecondTicker(timers);
    const game: number[] = [];
    const respawn: number[] = [];
    ticker.subscribe(300, (now) => game.push(now));
    const stopRespawn = ticker.subscribe(700, (now) => respawn.push(now));
    vi.advanceTimersByTime(1_000);
    stopRespawn();
    vi.advanceTimersByTime(3_000);
    expect(respawn).toHaveLength(1);
    expect(game).toHaveLength(4);
    expect(counts.pending()).toBe(1);
  });
});

describe('msToNextSecond', () => {
  it('is the wait to the next turn, a whole second when exactly on one', () => {
    expect(msToNextSecond(10_250, 300)).toBe(50);
    expect(msToNextSecond(10_300, 300)).toBe(1000);
    expect(msToNextSecond(10_301, 300)).toBe(999);
  });
});
