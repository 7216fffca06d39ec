import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  formatGameTime,
  gameClockTurnAt,
  gameTimeAt,
  respawnSecondsAt,
  respawnTurnAt,
} from '@shared/contract';
import { everySecondOf, msToNextSecond, tickPhaseOf, type TickTimers } from './secondTicks';

const FAKE_TIMERS: TickTimers = {
  now: () => Date.now(),
  setTimeout: (run, ms) => setTimeout(run, ms) as unknown as number,
  clearTimeout: (id) => clearTimeout(id),
};

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(1_000_000_123);
});
afterEach(() => vi.useRealTimers());

describe('everySecondOf', () => {
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

describe('msToNextSecond', () => {
  it('is the wait to the next turn, a whole second when exactly on one', () => {
    expect(msToNextSecond(10_250, 300)).toBe(50);
    expect(msToNextSecond(10_300, 300)).toBe(1000);
    expect(msToNextSecond(10_301, 300)).toBe(999);
  });
});
