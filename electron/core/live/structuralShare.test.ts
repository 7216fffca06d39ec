import { describe, expect, it } from 'vitest';
import { shareEqual } from './structuralShare';

describe('shareEqual', () => {
  it('returns the previous value when nothing changed', () => {
    const previous = { a: [1, { b: 2 }], c: null };
    expect(shareEqual(previous, { a: [1, { b: 2 }], c: null })).toBe(previous);
  });

  it('keeps unchanged branches and takes the changed ones', () => {
    const previous = { players: [{ k: 1 }, { k: 2 }], clock: 1 };
    const next = shareEqual(previous, { players: [{ k: 1 }, { k: 3 }], clock: 1 });
    expect(next).toEqual({ players: [{ k: 1 }, { k: 3 }], clock: 1 });
    expect(next.players[0]).toBe(previous.players[0]);
    expect(next.players).not.toBe(previous.players);
  });

  it('sees added, removed and resized parts as changes', () => {
    const previous: Record<string, unknown> = { a: 1, list: [1, 2] };
    expect(shareEqual(previous, { a: 1 })).toEqual({ a: 1 });
    expect(shareEqual(previous, { a: 1, list: [1, 2], b: 2 })).toEqual({ a: 1, list: [1, 2], b: 2 });
    expect(shareEqual(previous, { a: 1, list: [1] })).toEqual({ a: 1, list: [1] });
  });

  it('keeps a "__proto__" key of the JSON as data, never as the object\'s prototype', () => {
    const previous = JSON.parse('{"name":"a","__proto__":{"polluted":true}}') as Record<string, unknown>;
    const next = JSON.parse('{"name":"b","__proto__":{"polluted":true}}') as Record<string, unknown>;
    const shared = shareEqual(previous, next);
    expect(Object.getPrototypeOf(shared)).toBe(Object.prototype);
    expect(Object.keys(shared)).toEqual(['name', '__proto__']);
    expect(shared['polluted']).toBeUndefined();
    expect(Object.getOwnPropertyDescriptor(shared, '__proto__')?.value).toBe(previous['__proto__']);
  });
});
