import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyPatch,
  diffAndShare,
  diffState,
  reduceStateMessage,
  type LocalState,
  type PatchOp,
} from './statePatch';

const jsonValue = fc.jsonValue({ maxDepth: 4 });

describe('diffState / applyPatch', () => {
  it('applying the diff of two states gives the second (property)', () => {
    fc.assert(
      fc.property(jsonValue, jsonValue, (prev, next) => {
        expect(applyPatch(prev, diffState(prev, next))).toEqual(next);
      }),
      { numRuns: 2000 },
    );
  });

  it('sends only the changed leaf', () => {
    const prev = { sources: { live: { state: 'waiting', since: 1 } }, players: [{ k: 1 }, { k: 2 }] };
    const next = { sources: { live: { state: 'waiting', since: 1 } }, players: [{ k: 1 }, { k: 3 }] };
    expect(diffState(prev, next)).toEqual([{ op: 'set', path: ['players', 1, 'k'], value: 3 }]);
  });

  it('deletes removed keys and keeps untouched branches by identity', () => {
    const prev = { a: { x: 1 }, b: { y: 2 }, c: 3 };
    const next = { a: { x: 1 }, b: { y: 5 } };
    const patched = applyPatch(prev, diffState(prev, next));
    expect(patched).toEqual(next);
    expect(patched.a).toBe(prev.a);
  });

  it('keeps the other rows of a list that grew by identity, so their views need not render again', () => {
    const prev = {
      opponentCards: [
        { code: 'A', count: 1 },
        { code: 'B', count: 2 },
      ],
    };
    const next = {
      opponentCards: [
        { code: 'A', count: 1 },
        { code: 'B', count: 3 },
        { code: 'C', count: 1 },
      ],
    };
    const ops = diffState(prev, next);
    expect(ops).toEqual([
      { op: 'set', path: ['opponentCards', 1, 'count'], value: 3 },
      { op: 'set', path: ['opponentCards', 2], value: { code: 'C', count: 1 } },
    ]);
    const patched = applyPatch(prev, ops);
    expect(patched).toEqual(next);
    expect(patched.opponentCards[0]).toBe(prev.opponentCards[0]);
  });

  it('applies many ops under one node without touching the state it was given, nor a value an op set', () => {
    const prev = {
      board: { cardsById: { 7: { left: 0, top: 1 }, 8: { left: 10, top: 1 }, 9: { left: 20, top: 1 } } },
      deck: [{ left: 3 }, { left: 2 }],
    };
    const frozen = structuredClone(prev);
    const added = { left: 30, top: 1 };
    const ops: PatchOp[] = [
      { op: 'set', path: ['board', 'cardsById', 7, 'left'], value: 5 },
      { op: 'set', path: ['board', 'cardsById', 8, 'left'], value: 15 },
      { op: 'set', path: ['board', 'cardsById', 10], value: added },
      { op: 'set', path: ['board', 'cardsById', 10, 'top'], value: 2 },
      { op: 'delete', path: ['board', 'cardsById', 9] },
      { op: 'set', path: ['deck', 1, 'left'], value: 1 },
      { op: 'set', path: ['deck', 0, 'left'], value: 2 },
    ];
    const patched = applyPatch(prev, ops);
    expect(patched).toEqual({
      board: { cardsById: { 7: { left: 5, top: 1 }, 8: { left: 15, top: 1 }, 10: { left: 30, top: 2 } } },
      deck: [{ left: 2 }, { left: 1 }],
    });
    expect(prev).toEqual(frozen);
    expect(added).toEqual({ left: 30, top: 1 });
  });

  it('sets a list that shrank whole', () => {
    const prev = { feed: [1, 2, 3] };
    const next = { feed: [2, 3] };
    expect(diffState(prev, next)).toEqual([{ op: 'set', path: ['feed'], value: [2, 3] }]);
    expect(applyPatch(prev, diffState(prev, next))).toEqual(next);
  });
});

describe('diffAndShare', () => {
  it('gives the diff and a state equal to the next one that keeps the previous one when nothing changed (property)', () => {
    fc.assert(
      fc.property(jsonValue, jsonValue, (prev, next) => {
        const { ops, state } = diffAndShare(prev, next);
        expect(ops).toEqual(diffState(prev, next));
        expect(state).toEqual(next);
        const again = diffAndShare(prev, structuredClone(prev));
        expect(again.ops).toEqual([]);
        expect(again.state).toBe(prev);
      }),
      { numRuns: 1000 },
    );
  });

  it('keeps unchanged branches and takes the changed ones, with only the changed leaf in the patch', () => {
    const prev = { players: [{ k: 1 }, { k: 2 }], clock: 1 };
    const { ops, state } = diffAndShare(prev, { players: [{ k: 1 }, { k: 3 }], clock: 1 });
    expect(ops).toEqual([{ op: 'set', path: ['players', 1, 'k'], value: 3 }]);
    expect(state).toEqual({ players: [{ k: 1 }, { k: 3 }], clock: 1 });
    expect(state.players[0]).toBe(prev.players[0]);
    expect(state.players).not.toBe(prev.players);
  });

  it('keeps the old rows of a list that grew and takes the new ones as they are', () => {
    const prev = { feed: [{ id: 1 }] };
    const added = { id: 2 };
    const { ops, state } = diffAndShare(prev, { feed: [{ id: 1 }, added] });
    expect(ops).toEqual([{ op: 'set', path: ['feed', 1], value: added }]);
    expect(state.feed[0]).toBe(prev.feed[0]);
    expect(state.feed[1]).toBe(added);
  });

  it('sees added, removed and resized parts as changes', () => {
    const prev: Record<string, unknown> = { a: 1, list: [1, 2] };
    expect(diffAndShare(prev, { a: 1 }).state).toEqual({ a: 1 });
    expect(diffAndShare(prev, { a: 1, list: [1, 2], b: 2 }).state).toEqual({ a: 1, list: [1, 2], b: 2 });
    expect(diffAndShare(prev, { a: 1, list: [1] }).state).toEqual({ a: 1, list: [1] });
  });

  it('builds a changed part from the first changed key or row on: the parts before and after it kept, in the new order', () => {
    const prev = { a: { n: 1 }, b: [{ n: 2 }, { n: 3 }, { n: 4 }, { n: 5 }], c: { n: 6 }, d: { n: 7 } };
    const next = {
      a: { n: 1 },
      b: [{ n: 2 }, { n: 3 }, { n: 40 }, { n: 5 }],
      c: { n: 6 },
      d: { n: 7 },
      e: { n: 8 },
    };
    const { ops, state } = diffAndShare<Record<string, unknown>>(prev, next);
    expect(ops).toEqual([
      { op: 'set', path: ['b', 2, 'n'], value: 40 },
      { op: 'set', path: ['e'], value: next.e },
    ]);
    expect(state).toEqual(next);
    expect(Object.keys(state)).toEqual(['a', 'b', 'c', 'd', 'e']);
    for (const key of ['a', 'c', 'd'] as const) expect(state[key], key).toBe(prev[key]);
    const rows = state['b'] as unknown[];
    expect(rows).not.toBe(prev.b);
    for (const index of [0, 1, 3]) expect(rows[index], `row ${index}`).toBe(prev.b[index]);
    // A "__proto__" key before the first change is kept as data too.
    const json = JSON.parse('{"__proto__":{"p":1},"name":"a"}') as Record<string, unknown>;
    const renamed = diffAndShare(
      json,
      JSON.parse('{"__proto__":{"p":1},"name":"b"}') as Record<string, unknown>,
    );
    expect(Object.getPrototypeOf(renamed.state)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(renamed.state, '__proto__')?.value).toBe(json['__proto__']);
    expect(renamed.state['name']).toBe('b');
  });

  it('keeps a "__proto__" key of the JSON as data, never as the object\'s prototype', () => {
    const prev = JSON.parse('{"name":"a","__proto__":{"polluted":true}}') as Record<string, unknown>;
    const next = JSON.parse('{"name":"b","__proto__":{"polluted":true}}') as Record<string, unknown>;
    const { ops, state } = diffAndShare(prev, next);
    expect(ops).toEqual([{ op: 'set', path: ['name'], value: 'b' }]);
    expect(Object.getPrototypeOf(state)).toBe(Object.prototype);
    expect(Object.keys(state)).toEqual(['name', '__proto__']);
    expect(state['polluted']).toBeUndefined();
    expect(Object.getOwnPropertyDescriptor(state, '__proto__')?.value).toBe(prev['__proto__']);
  });
});

describe('reduceStateMessage', () => {
  const empty: LocalState<{ n: number }> = { seq: -1, state: null };

  it('takes a snapshot, then applies patches in sequence', () => {
    const afterSnapshot = reduceStateMessage(empty, { kind: 'snapshot', seq: 4, state: { n: 1 } }).next;
    const { next, resync } = reduceStateMessage(afterSnapshot, {
      kind: 'patch',
      seq: 5,
      ops: [{ op: 'set', path: ['n'], value: 2 }],
    });
    expect(resync).toBe(false);
    expect(next).toEqual({ seq: 5, state: { n: 2 } });
  });

  it('asks for a snapshot on a gap and does not apply the patch', () => {
    const local = { seq: 4, state: { n: 1 } };
    const { next, resync } = reduceStateMessage(local, {
      kind: 'patch',
      seq: 6,
      ops: [{ op: 'set', path: ['n'], value: 9 }],
    });
    expect(resync).toBe(true);
    expect(next).toBe(local);
  });

  it('asks for a snapshot when a patch arrives before any snapshot', () => {
    expect(reduceStateMessage(empty, { kind: 'patch', seq: 0, ops: [] }).resync).toBe(true);
  });

  it('ignores a stale patch without asking again', () => {
    const local = { seq: 4, state: { n: 1 } };
    expect(reduceStateMessage(local, { kind: 'patch', seq: 3, ops: [] })).toEqual({
      next: local,
      resync: false,
    });
  });
});
