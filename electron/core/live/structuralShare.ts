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
    const nextKeys = Object.keys(next);
    let same = Object.keys(previous).length === nextKeys.length;
    const entries = nextKeys.map((key): [string, unknown] => {
      const known = Object.hasOwn(previous, key);
      const shared = known ? share(previous[key], next[key]) : next[key];
      if (!known || shared !== previous[key]) same = false;
      return [key, shared];
    });
    // Own data properties, a "__proto__" key included (fromEntries defines, never sets), and a fast object:
    // defining each key one by one turned it into a slow (dictionary) one, costly to diff and stringify.
    return same ? previous : Object.fromEntries(entries);
  }
  return next;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
