import { describe, expect, it } from 'vitest';
import { createFakeScheduler } from '../../tools/testkit/fakeScheduler';
import { createGameEndWatcher } from './gameEndWatcher';
import { createResultFallback } from './resultFallback';

const MINUTE = 60_000;

function setup() {
  const clock = createFakeScheduler();
  const results = new Set<string>();
  /** Codes whose game games/by-code lists; 'error' makes the look fail, 'refused' answers it 403. */
  const listed = new Map<string, boolean | 'error' | 'refused'>();
  const looks: { code: string; at: number }[] = [];
  const ended: { code: string; at: number }[] = [];
  const gaveUp: string[] = [];
  const refusals: string[] = [];
  const rescheduled: string[] = [];
  const fetches: { code: string; at: number }[] = [];
  const fallback = createResultFallback({
    scheduler: clock.scheduler,
    hasResult: async (code) => results.has(code),
    fetchResult: async (code) => {
      fetches.push({ code, at: clock.now });
      results.add(code);
      return { ok: true };
    },
  });
  const watcher = createGameEndWatcher({
    scheduler: clock.scheduler,
    hasResult: async (code) => results.has(code),
    gameListed: async (code) => {
      looks.push({ code, at: clock.now });
      const state = listed.get(code);
      if (state === 'error') throw new Error('unavailable');
      if (state === 'refused') return { refused: 'Key rejected (403)' };
      return state === true;
    },
    onGameEnded: (code, at) => {
      ended.push({ code, at });
      fallback.watch(code, at);
    },
    onRescheduled: (code) => rescheduled.push(code),
    onGiveUp: (code, refused) => {
      gaveUp.push(code);
      if (refused) refusals.push(refused);
    },
  });
  return { clock, results, listed, looks, ended, gaveUp, refusals, rescheduled, fetches, watcher, fallback };
}

describe('watching games/by-code for the end of a game', () => {
  it('looks every 2 minutes; the first listing ends the game and starts the 5-minute wait from then', async () => {
    const { clock, listed, looks, ended, fetches, rescheduled, watcher } = setup();
    const began = clock.now;
    expect(watcher.watch('CODE1', began)).toBe(true);
    expect(watcher.watch('CODE1', began)).toBe(false);
    expect(watcher.watching().get('CODE1')).toEqual({
      nextCheckAt: began + 2 * MINUTE,
      until: began + 3 * 60 * MINUTE,
    });
    await clock.advance(29 * MINUTE);
    listed.set('CODE1', true);
    await clock.advance(MINUTE);
    const endedAt = began + 30 * MINUTE;
    expect(looks.map((look) => (look.at - began) / MINUTE)).toEqual([
      2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30,
    ]);
    expect(ended).toEqual([{ code: 'CODE1', at: endedAt }]);
    expect(watcher.watching().size).toBe(0);
    // Every look but the last moved the next one on (the desk shows when).
    expect(rescheduled).toHaveLength(14);
    // No callback: the result is fetched by code 5 minutes after the listing.
    await clock.advance(5 * MINUTE - 1);
    expect(fetches).toEqual([]);
    await clock.advance(1);
    expect(fetches).toEqual([{ code: 'CODE1', at: endedAt + 5 * MINUTE }]);
    await clock.advance(60 * MINUTE);
    expect(looks).toHaveLength(15);
  });

  it('stops once a result is stored (the callback came)', async () => {
    const { clock, results, looks, ended, watcher } = setup();
    watcher.watch('CODE1', clock.now);
    await clock.advance(4 * MINUTE);
    results.add('CODE1');
    await clock.advance(60 * MINUTE);
    expect(looks).toHaveLength(2);
    expect(ended).toEqual([]);
    expect(watcher.watching().size).toBe(0);
  });

  it('keeps looking when a look fails, and gives up at the bound', async () => {
    const { clock, listed, looks, gaveUp, ended, watcher } = setup();
    listed.set('CODE1', 'error');
    // The game began 2 h 55 min ago (a restart): five minutes of watching are left.
    watcher.watch('CODE1', clock.now - 175 * MINUTE);
    await clock.advance(60 * MINUTE);
    expect(looks.map((look) => look.at - (looks[0]?.at ?? 0))).toEqual([0, 2 * MINUTE, 3 * MINUTE]);
    expect(gaveUp).toEqual(['CODE1']);
    expect(ended).toEqual([]);
    expect(watcher.watch('CODE1', clock.now - 4 * 60 * MINUTE)).toBe(false);
  });

  it('stops at the first refused look (403) instead of asking again every 2 minutes', async () => {
    const { clock, listed, looks, gaveUp, refusals, ended, watcher } = setup();
    watcher.watch('CODE1', clock.now);
    await clock.advance(4 * MINUTE);
    listed.set('CODE1', 'refused');
    await clock.advance(60 * MINUTE);
    expect(looks).toHaveLength(3);
    expect(gaveUp).toEqual(['CODE1']);
    expect(refusals).toEqual(['Key rejected (403)']);
    expect(ended).toEqual([]);
    expect(watcher.watching().size).toBe(0);
  });

  it('stops when cancelled (the organizer said the game ended)', async () => {
    const { clock, looks, watcher } = setup();
    watcher.watch('CODE1', clock.now);
    watcher.cancel('CODE1');
    await clock.advance(10 * MINUTE);
    expect(looks).toEqual([]);
  });
});
