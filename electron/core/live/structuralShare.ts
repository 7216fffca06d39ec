/**
 * Returns `next`, reusing every part of `previous` that is deeply equal to it (the whole of `previous`
 * when nothing changed). Polls rebuild the model from fresh JSON each second; sharing keeps unchanged
 * players and items the same objects, so diffing and rendering stop at them.
 */
export function shareEqual<T>(previous: T, next: T): T {
  return share(previous, next) as T;
}

function share(previous: unknown, next: unknown): unknown {
  if (Object.is(previous, next)) return previous;
  if (Array.isArray(previous) && Array.isArray(next)) {
    let same = previous.length === next.length;
    const merged = next.map((value: unknown, index) => {
      const shared = index < previous.length ? share(previous[index], value) : value;
      if (shared !== previous[index]) same = false;
      return shared;
    });
    return same ? previous : merged;
  }
  if (isRecord(previous) && isRecord(next)) {
    const previousKeys = Object.keys(previous);
    const nextKeys = Object.keys(next);
    let same = previousKeys.length === nextKeys.length;
    const merged: Record<string, unknown> = {};
    for (const key of nextKeys) {
      const shared = Object.hasOwn(previous, key) ? share(previous[key], next[key]) : next[key];
      if (!Object.hasOwn(previous, key) || shared !== previous[key]) same = false;
      Object.defineProperty(merged, key, {
        value: shared,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return same ? previous : merged;
  }
  return next;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
