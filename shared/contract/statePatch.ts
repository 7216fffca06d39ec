/**
 * Versioned state patches: main diffs each new snapshot against the last one and pushes only what changed.
 * A view that joins late, or sees a gap in sequence numbers, asks for a full snapshot.
 */
export type PatchPath = Array<string | number>;
export type PatchOp = { op: 'set'; path: PatchPath; value: unknown } | { op: 'delete'; path: PatchPath };

export type StateMessage<S = unknown> =
  { kind: 'snapshot'; seq: number; state: S } | { kind: 'patch'; seq: number; ops: PatchOp[] };

type Json = unknown;

function isPlainObject(value: Json): value is Record<string, Json> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** What a new state changed, and the new state sharing every part of the old one that did not change. */
export interface SharedDiff<S> {
  ops: PatchOp[];
  /** `next`, with each deep-equal part replaced by the previous one (the previous state itself when ops is empty). */
  state: S;
}

/**
 * One pass over two states that gives both the smallest set of ops turning `prev` into `next` and the new state
 * built from the old one's unchanged parts. Producers rebuild their slices from fresh data (a poll's JSON each
 * second); keeping the old objects where nothing changed lets the next diff, and every view, stop at them.
 *
 * Arrays of equal length are diffed per index; an array that grew is diffed per index over its old length and
 * its new items set one by one, so a list that gains a row (a card seen, an event) keeps its other rows' identity
 * where the patch is applied and their views skip rendering. A shorter array is set whole.
 */
export function diffAndShare<S>(prev: S, next: S): SharedDiff<S> {
  const ops: PatchOp[] = [];
  const state = share(prev, next, [], ops) as S;
  return { ops, state };
}

/** The ops of diffAndShare alone. */
export function diffState(prev: Json, next: Json): PatchOp[] {
  return diffAndShare(prev, next).ops;
}

/**
 * Appends to `ops` what changed below `path` and returns `next` sharing `prev`'s unchanged parts. `path` is one
 * array pushed and popped on the way down, copied only into an op.
 */
function share(prev: Json, next: Json, path: PatchPath, ops: PatchOp[]): Json {
  if (Object.is(prev, next)) return prev;
  if (isPlainObject(prev) && isPlainObject(next)) {
    let same = true;
    // for…in walks the object's keys without making an array of them (JSON objects have no inherited keys).
    for (const key in prev) {
      if (!Object.hasOwn(prev, key) || Object.hasOwn(next, key)) continue;
      ops.push({ op: 'delete', path: [...path, key] });
      same = false;
    }
    // Most of a rebuilt state equals the last one: its new object (and its entries) is made only from the first
    // key that changed on, so a poll's unchanged parts allocate nothing (the host's young-generation collections):
    // for…in again, not Object.keys, which makes an array for every object of the state on every diff.
    let entries: [string, Json][] | null = same ? null : [];
    let index = 0;
    for (const key in next) {
      if (!Object.hasOwn(next, key)) continue;
      const before = index;
      index += 1;
      const value = next[key];
      let shared: Json;
      if (!Object.hasOwn(prev, key)) {
        ops.push({ op: 'set', path: [...path, key], value });
        shared = value;
      } else {
        path.push(key);
        shared = share(prev[key], value, path, ops);
        path.pop();
        if (shared === prev[key] && entries === null) continue;
      }
      entries ??= entriesBefore(next, prev, before);
      entries.push([key, shared]);
    }
    // Own data properties, a "__proto__" key included (fromEntries defines, never sets), and a fast object:
    // defining each key one by one would make it a slow (dictionary) one, costly to diff and stringify.
    return entries === null ? prev : Object.fromEntries(entries);
  }
  if (Array.isArray(prev) && Array.isArray(next) && prev.length <= next.length) {
    // As for objects: the new array is made only from the first item that changed on.
    let merged: Json[] | null = prev.length === next.length ? null : [];
    for (let index = 0; index < next.length; index += 1) {
      const value: Json = next[index];
      let shared: Json;
      if (index >= prev.length) {
        ops.push({ op: 'set', path: [...path, index], value });
        shared = value;
      } else {
        path.push(index);
        shared = share(prev[index], value, path, ops);
        path.pop();
        if (shared === prev[index] && merged === null) continue;
      }
      merged ??= prev.slice(0, index);
      merged.push(shared);
    }
    return merged === null ? prev : merged;
  }
  ops.push({ op: 'set', path: [...path], value: next });
  return next;
}

/** The first `count` keys of `next`, each with `prev`'s value (they were unchanged). */
function entriesBefore(
  next: Record<string, Json>,
  prev: Record<string, Json>,
  count: number,
): [string, Json][] {
  const entries: [string, Json][] = [];
  for (const key in next) {
    if (entries.length === count) break;
    if (Object.hasOwn(next, key)) entries.push([key, prev[key]]);
  }
  return entries;
}

/**
 * Applies ops immutably: untouched branches keep their identity, so selectors do not re-render. Each node on an
 * op's path is copied once per patch and the patch's later ops write into that copy: a patch that moves every card
 * of a board copies the board once, not once per card.
 */
export function applyPatch<S>(state: S, ops: readonly PatchOp[]): S {
  const copies = new Set<object>();
  let result: Json = state;
  for (const op of ops) result = applyOp(result, op, 0, copies);
  return result as S;
}

function applyOp(node: Json, op: PatchOp, depth: number, copies: Set<object>): Json {
  if (depth === op.path.length) return op.op === 'set' ? op.value : undefined;
  const head = op.path[depth];
  if (Array.isArray(node)) {
    const list: Json[] = copies.has(node) ? node : [...(node as Json[])];
    copies.add(list);
    const index = Number(head);
    list[index] = applyOp(list[index], op, depth + 1, copies);
    return list;
  }
  const key = String(head);
  if (depth === op.path.length - 1 && op.op === 'delete') {
    // A new object without the key, not `delete` (which leaves a slow, dictionary-mode object).
    const record = isPlainObject(node)
      ? Object.fromEntries(Object.entries(node).filter(([each]) => each !== key))
      : {};
    copies.add(record);
    return record;
  }
  const record: Record<string, Json> = isPlainObject(node) ? (copies.has(node) ? node : { ...node }) : {};
  copies.add(record);
  const value = applyOp(Object.hasOwn(record, key) ? record[key] : undefined, op, depth + 1, copies);
  // A key named __proto__ is defined, never assigned: it stays data and never touches the prototype.
  if (key === '__proto__') {
    Object.defineProperty(record, key, { value, enumerable: true, writable: true, configurable: true });
  } else {
    record[key] = value;
  }
  return record;
}

export interface LocalState<S> {
  seq: number;
  state: S | null;
}

/**
 * What a view does with a pushed message: take a snapshot whole, apply the next patch in sequence,
 * and report a gap (resync: true) instead of applying a patch out of order.
 */
export function reduceStateMessage<S>(
  local: LocalState<S>,
  message: StateMessage<S>,
): { next: LocalState<S>; resync: boolean } {
  if (message.kind === 'snapshot') return { next: { seq: message.seq, state: message.state }, resync: false };
  if (local.state === null || message.seq !== local.seq + 1) {
    return { next: local, resync: message.seq > local.seq };
  }
  return { next: { seq: message.seq, state: applyPatch(local.state, message.ops) }, resync: false };
}
