import { describe, expect, it } from 'vitest';
import { createFakeScheduler } from '../../tools/testkit/fakeScheduler';
import { createResultFallback, worthAskingAgain } from './resultFallback';

const MINUTE = 60_000;

function setup(
  options: {
    results?: Set<string>;
    fetched?: () => { ok: true } | { ok: false; message: string; retry: boolean };
  } = {},
) {
  const clock = createFakeScheduler();
  const results = options.results ?? new Set<string>();
  const fetches: { code: string; at: number }[] = [];
  const gaveUp: string[] = [];
  const fallback = createResultFallback({
    scheduler: clock.scheduler,
    hasResult: async (code) => results.has(code),
    fetchResult: async (code) => {
      fetches.push({ code, at: clock.now });
      const outcome = options.fetched?.() ?? { ok: true as const };
      if (outcome.ok) results.add(code);
      return outcome;
    },
    onGiveUp: (code, message) => gaveUp.push(`${code}: ${message}`),
  });
  return { clock, fallback, fetches, results, gaveUp };
}

describe('the 5-minute fallback', () => {
  it('fetches by code 5 minutes after the game ended when no callback came', async () => {
    const { clock, fallback, fetches } = setup();
    const endedAt = clock.now;
    expect(fallback.watch('CODE1', endedAt)).toBe(endedAt + 5 * MINUTE);
    await clock.advance(5 * MINUTE - 1);
    expect(fetches).toEqual([]);
    await clock.advance(1);
    expect(fetches).toEqual([{ code: 'CODE1', at: endedAt + 5 * MINUTE }]);
    expect(fallback.pending().size).toBe(0);
  });

  it('does nothing when the callback came in time', async () => {
    const { clock, fallback, fetches, results } = setup();
    fallback.watch('CODE1', clock.now);
    await clock.advance(2 * MINUTE);
    results.add('CODE1');
    fallback.cancel('CODE1');
    await clock.advance(10 * MINUTE);
    expect(fetches).toEqual([]);
  });

  it('skips the fetch when a result is already stored at the deadline', async () => {
    const { clock, fallback, fetches, results } = setup();
    fallback.watch('CODE1', clock.now);
    results.add('CODE1');
    await clock.advance(6 * MINUTE);
    expect(fetches).toEqual([]);
  });

  it('counts from the game’s end, not from when it was reported', async () => {
    const { clock, fallback, fetches } = setup();
    const endedAt = clock.now - 4 * MINUTE;
    fallback.watch('CODE1', endedAt);
    await clock.advance(MINUTE);
    expect(fetches).toHaveLength(1);
  });

  it('asks again a minute later while the game is not recorded yet, then gives up', async () => {
    const { clock, fallback, fetches, gaveUp } = setup({
      fetched: () => ({ ok: false, message: 'No game recorded for the code yet.', retry: true }),
    });
    fallback.watch('CODE1', clock.now);
    await clock.advance(5 * MINUTE + 10 * MINUTE);
    expect(fetches.map((fetch) => fetch.at - (fetches[0]?.at ?? 0))).toEqual([
      0,
      MINUTE,
      2 * MINUTE,
      3 * MINUTE,
      4 * MINUTE,
    ]);
    expect(gaveUp).toEqual(['CODE1: No game recorded for the code yet.']);
  });

  it('gives up at once on an answer that would come back the same', async () => {
    const { clock, fallback, fetches, gaveUp } = setup({
      fetched: () => ({ ok: false, message: 'Key rejected (403)', retry: false }),
    });
    fallback.watch('CODE1', clock.now);
    await clock.advance(20 * MINUTE);
    expect(fetches).toHaveLength(1);
    expect(gaveUp).toEqual(['CODE1: Key rejected (403)']);
  });
});

describe('which answers are worth asking again', () => {
  it('asks again after no game yet, a limit or a failing service; never after a refusal', () => {
    const asked = (kind: Parameters<typeof worthAskingAgain>[0]['kind'], status: number | null) =>
      worthAskingAgain({ kind, message: '', status });
    expect(asked('not-found', 404)).toBe(true);
    expect(asked('rate-limited', 429)).toBe(true);
    expect(asked('unavailable', 503)).toBe(true);
    expect(asked('paused', null)).toBe(true);
    // A second game on the same code answered 403, a wrong key, a bad request, a local refusal.
    expect(asked('key-rejected', 403)).toBe(false);
    expect(asked('key-rejected', 401)).toBe(false);
    expect(asked('bad-request', 400)).toBe(false);
    expect(asked('refused', null)).toBe(false);
    expect(asked('cancelled', null)).toBe(false);
  });
});
