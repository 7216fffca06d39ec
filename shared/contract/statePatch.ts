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

/**
 * Smallest set of ops turning `prev` into `next`. Arrays of equal length are diffed per index; an array that
 * grew is diffed per index over its old length and its new items set one by one, so a list that gains a row
 * (a card seen, an event) keeps its other rows' identity where the patch is applied and their views skip
 * rendering. A shorter array is set whole.
 */
export function diffState(prev: Json, next: Json, path: PatchPath = []): PatchOp[] {
  if (Object.is(prev, next)) return [];
  if (isPlainObject(prev) && isPlainObject(next)) {
    const ops: PatchOp[] = [];
    for (const key of Object.keys(prev)) {
      if (!Object.hasOwn(next, key)) ops.push({ op: 'delete', path: [...path, key] });
    }
    for (const [key, value] of Object.entries(next)) {
      if (!Object.hasOwn(prev, key)) ops.push({ op: 'set', path: [...path, key], value });
      else ops.push(...diffState(prev[key], value, [...path, key]));
    }
    return ops;
  }
  if (Array.isArray(prev) && Array.isArray(next) && prev.length <= next.length) {
    return next.flatMap((value, index) =>
      index < prev.length
        ? diffState(prev[index], value, [...path, index])
        : [{ op: 'set' as const, path: [...path, index], value }],
    );
  }
  return [{ op: 'set', path, value: next }];
}

/** Applies ops immutably: untouched branches keep their identity, so selectors do not re-render. */
export function applyPatch<S>(state: S, ops: readonly PatchOp[]): S {
  let result: Json = state;
  for (const op of ops) result = applyOp(result, op.path, op);
  return result as S;
}

function applyOp(node: Json, path: PatchPath, op: PatchOp): Json {
  const [head, ...rest] = path;
  if (head === undefined) return op.op === 'set' ? op.value : undefined;
  if (Array.isArray(node)) {
    const copy = [...node];
    copy[Number(head)] = applyOp(copy[Number(head)], rest, op);
    return copy;
  }
  const record: Record<string, Json> = isPlainObject(node) ? { ...node } : {};
  if (rest.length === 0 && op.op === 'delete') {
    return Object.fromEntries(Object.entries(record).filter(([key]) => key !== String(head)));
  }
  // defineProperty, not assignment: a key named __proto__ stays data and never touches the prototype.
  const key = String(head);
  const child = Object.hasOwn(record, key) ? record[key] : undefined;
  Object.defineProperty(record, key, {
    value: applyOp(child, rest, op),
    enumerable: true,
    writable: true,
    configurable: true,
  });
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
