import fc from 'fast-check';

/**
 * Inputs for the parser fuzz: fully random values, and structure-aware mutations of valid samples (fields
 * dropped, retyped, oversized, nested into themselves; text and bytes truncated, cut, spliced, repeated).
 * Mutations are described by plain values (paths, positions, counts), so fast-check shrinks them.
 */

/** Longest text or byte run a mutation builds: big enough to show super-linear work, small enough to be quick. */
export const MAX_MUTATED_LENGTH = 30_000;
/** Longest list a mutation builds: thirty times a ten-player list, about what a long game's event list holds. */
export const MAX_MUTATED_ITEMS = 300;

const ODD_VALUES: readonly unknown[] = [
  '',
  ' ',
  '0',
  '-1',
  'null',
  'true',
  'NaN',
  '\u0000',
  '\ud800',
  '\ufeff',
  '__proto__',
  'constructor',
  // Addresses that break a URL parser, or lead somewhere they should not.
  'http://[',
  'https://host:99999/',
  'javascript:alert(1)',
  '//elsewhere.example/x',
  '../../x',
  'https://user:secret@elsewhere.example/',
  0,
  -0,
  -1,
  0.5,
  2 ** 31,
  2 ** 32,
  2 ** 53,
  2 ** 53 + 2,
  -(2 ** 53) - 2,
  Number.MAX_VALUE,
  -Number.MAX_VALUE,
  Number.MIN_VALUE,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  Number.NEGATIVE_INFINITY,
  true,
  false,
  null,
  undefined,
  [],
  {},
  [null],
  { '': null },
];

const oddValue: fc.Arbitrary<unknown> = fc.constantFrom(...ODD_VALUES);

const longText = fc
  .tuple(fc.string({ unit: 'binary', minLength: 1, maxLength: 8 }), fc.integer({ min: 200, max: 20_000 }))
  .map(([unit, times]) => unit.repeat(times).slice(0, MAX_MUTATED_LENGTH));

const longArray = fc
  .tuple(fc.jsonValue({ maxDepth: 1 }), fc.integer({ min: 200, max: MAX_MUTATED_ITEMS }))
  .map(([item, length]) => Array.from({ length }, () => item));

/** Arrays nested `depth` deep, built without recursion. */
function nestedArrays(depth: number): unknown {
  let value: unknown = [];
  for (let level = 0; level < depth; level++) value = [value];
  return value;
}

/** Deep enough to overflow any reader that recurses once per level (JSON.parse reads it; see jsonText). */
const MAX_NESTING = 20_000;

const oversized: fc.Arbitrary<unknown> = fc.oneof(
  longText,
  longArray,
  fc.integer({ min: 2, max: MAX_NESTING }).map(nestedArrays),
);

/**
 * Any value at all: what a JSON body, or a caller with the wrong idea, could hand a parser. No sparse lists:
 * nothing a parser reads (JSON.parse, text, bytes) can hold a hole.
 */
export const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: fc.anything({ maxDepth: 3, withNullPrototype: true }), weight: 3 },
  { arbitrary: fc.jsonValue({ maxDepth: 4 }), weight: 3 },
  { arbitrary: oddValue, weight: 2 },
);

type Key = string | number;
type Path = readonly Key[];

type JsonMutation =
  | { kind: 'drop'; path: Path }
  | { kind: 'replace'; path: Path; value: unknown }
  | { kind: 'truncate'; path: Path; keep: number }
  | { kind: 'repeat'; path: Path; times: number }
  | { kind: 'nest'; path: Path; depth: number }
  | { kind: 'add'; path: Path; key: string; value: unknown };

const REMOVE = Symbol('remove');

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Every path in a JSON sample, the root ([]) first; walked without recursion. */
function jsonPaths(sample: unknown): Path[] {
  const paths: Path[] = [];
  const stack: { value: unknown; path: Path }[] = [{ value: sample, path: [] }];
  for (let next = stack.pop(); next; next = stack.pop()) {
    paths.push(next.path);
    const { value, path } = next;
    if (Array.isArray(value))
      value.forEach((item, index) => stack.push({ value: item, path: [...path, index] }));
    else if (isObject(value))
      for (const [key, item] of Object.entries(value)) stack.push({ value: item, path: [...path, key] });
  }
  return paths;
}

/** Sets a property as JSON.parse does: an own property, even for "__proto__". */
function own(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** `root` with the node at `path` replaced by `change(node)` (REMOVE deletes it); copies only along the path. */
function update(root: unknown, path: Path, change: (node: unknown) => unknown): unknown {
  const [key, ...rest] = path;
  if (key === undefined) return change(root);
  if (Array.isArray(root) && typeof key === 'number' && key < root.length) {
    const copy = [...root];
    const next = update(root[key], rest, change);
    if (next === REMOVE) copy.splice(key, 1);
    else copy[key] = next;
    return copy;
  }
  if (isObject(root) && typeof key === 'string' && Object.hasOwn(root, key)) {
    const next = update(root[key], rest, change);
    const copy: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(root)) {
      if (name !== key) own(copy, name, value);
      else if (next !== REMOVE) own(copy, name, next);
    }
    return copy;
  }
  // An earlier mutation changed the shape: the path is gone.
  return root;
}

/** The chain of containers `path` walks through, around `inner`, `depth` times (nesting a record into itself). */
function nestAlong(path: Path, inner: unknown, depth: number): unknown {
  let value = inner;
  for (let level = 0; level < depth; level++) {
    for (let index = path.length - 1; index >= 0; index--) {
      const key = path[index];
      if (typeof key === 'number') value = [value];
      else {
        const container: Record<string, unknown> = {};
        own(container, key ?? '', value);
        value = container;
      }
    }
  }
  return value;
}

function applyJson(root: unknown, mutation: JsonMutation): unknown {
  switch (mutation.kind) {
    case 'drop':
      return update(root, mutation.path, () => REMOVE);
    case 'replace':
      return update(root, mutation.path, () => mutation.value);
    case 'truncate':
      return update(root, mutation.path, (node) => {
        if (typeof node === 'string' || Array.isArray(node)) return node.slice(0, mutation.keep);
        if (isObject(node)) return Object.fromEntries(Object.entries(node).slice(0, mutation.keep));
        return node;
      });
    case 'repeat':
      return update(root, mutation.path, (node) => {
        if (typeof node === 'string') return node.repeat(mutation.times).slice(0, MAX_MUTATED_LENGTH);
        if (Array.isArray(node) && node.length > 0) {
          return Array.from(
            { length: Math.min(mutation.times * node.length, MAX_MUTATED_ITEMS) },
            (_, i) => node[i % node.length],
          );
        }
        return Array.from({ length: Math.min(mutation.times, MAX_MUTATED_ITEMS) }, () => node);
      });
    case 'nest':
      return update(root, mutation.path, (node) => nestAlong(mutation.path, node, mutation.depth));
    case 'add':
      return update(root, mutation.path, (node) => {
        if (Array.isArray(node)) return [...node, mutation.value];
        const copy: Record<string, unknown> = {};
        if (isObject(node)) for (const [name, value] of Object.entries(node)) own(copy, name, value);
        own(copy, mutation.key, mutation.value);
        return copy;
      });
  }
}

const propertyName = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'then', ''),
);

/** A sample with up to three small mutations and at most one big one (oversized, repeated, nested). */
export function mutatedJson(sample: unknown): fc.Arbitrary<unknown> {
  const paths = jsonPaths(sample);
  const inner = paths.filter((path) => path.length > 0);
  const anyPath = fc.constantFrom(...paths);
  const innerPath = inner.length > 0 ? fc.constantFrom(...inner) : anyPath;
  const small: fc.Arbitrary<JsonMutation> = fc.oneof(
    fc.record({ kind: fc.constant('drop' as const), path: innerPath }),
    fc.record({ kind: fc.constant('replace' as const), path: anyPath, value: anyValue }),
    fc.record({ kind: fc.constant('truncate' as const), path: anyPath, keep: fc.nat({ max: 64 }) }),
    fc.record({ kind: fc.constant('add' as const), path: anyPath, key: propertyName, value: anyValue }),
  );
  // At most one per case: two of them compound (a thousand copies of a thousand items) into work no parser
  // could do within its cap, which says nothing about the parser.
  const big: fc.Arbitrary<JsonMutation> = fc.oneof(
    fc.record({ kind: fc.constant('replace' as const), path: anyPath, value: oversized }),
    fc.record({
      kind: fc.constant('repeat' as const),
      path: anyPath,
      times: fc.integer({ min: 2, max: MAX_MUTATED_ITEMS }),
    }),
    fc.record({
      kind: fc.constant('nest' as const),
      path: innerPath,
      depth: fc.integer({ min: 2, max: MAX_NESTING }),
    }),
  );
  return fc
    .tuple(
      fc.array(small, { maxLength: 3 }),
      fc.oneof({ arbitrary: fc.constant(null), weight: 3 }, { arbitrary: big, weight: 1 }),
    )
    .filter(([smalls, bigOne]) => smalls.length > 0 || bigOne !== null)
    .map(([smalls, bigOne]) => [...smalls, ...(bigOne ? [bigOne] : [])].reduce(applyJson, sample));
}

/** For a JSON body: the samples as they are, mutated, and anything at all. */
export function jsonInputs(samples: readonly unknown[]): fc.Arbitrary<unknown> {
  return fc.oneof(
    { arbitrary: fc.constantFrom(...samples), weight: 1 },
    ...samples.map((sample) => ({ arbitrary: mutatedJson(sample), weight: 8 })),
    { arbitrary: anyValue, weight: 3 * Math.max(1, samples.length) },
    { arbitrary: oversized, weight: 1 },
  );
}

type TextMutation =
  | { kind: 'truncate'; at: number }
  | { kind: 'cut'; at: number; length: number }
  | { kind: 'insert'; at: number; text: string }
  | { kind: 'repeat'; at: number; length: number; times: number }
  | { kind: 'nest'; at: number; open: string; close: string; depth: number }
  | { kind: 'run'; at: number; token: string; times: number };

const position = fc.nat({ max: 1_000_000 });
const clipText = (text: string): string => text.slice(0, MAX_MUTATED_LENGTH);

function applyText(text: string, mutation: TextMutation): string {
  const at = mutation.at % (text.length + 1);
  switch (mutation.kind) {
    case 'truncate':
      return text.slice(0, at);
    case 'cut':
      return text.slice(0, at) + text.slice(at + mutation.length);
    case 'insert':
      return clipText(text.slice(0, at) + mutation.text + text.slice(at));
    case 'repeat': {
      const slice = text.slice(at, at + mutation.length) || text;
      return clipText(text.slice(0, at) + slice.repeat(mutation.times) + text.slice(at));
    }
    case 'run':
      return clipText(
        text.slice(0, at) +
          mutation.token.repeat(mutation.times).slice(0, MAX_MUTATED_LENGTH) +
          text.slice(at),
      );
    case 'nest': {
      const half = Math.floor(
        MAX_MUTATED_LENGTH / 2 / Math.max(1, mutation.open.length + mutation.close.length),
      );
      const depth = Math.min(mutation.depth, half);
      return clipText(
        text.slice(0, at) + mutation.open.repeat(depth) + mutation.close.repeat(depth) + text.slice(at),
      );
    }
  }
}

/** Text samples with one to four mutations; `vocabulary` holds the format's own tokens. */
export function mutatedText(samples: readonly string[], vocabulary: readonly string[]): fc.Arbitrary<string> {
  const token = fc.constantFrom(...vocabulary);
  const insertion = fc.oneof(
    token,
    fc.string({ unit: 'binary', maxLength: 16 }),
    fc.array(token, { maxLength: 8 }).map((tokens) => tokens.join('')),
  );
  const mutation: fc.Arbitrary<TextMutation> = fc.oneof(
    fc.record({ kind: fc.constant('truncate' as const), at: position }),
    fc.record({ kind: fc.constant('cut' as const), at: position, length: fc.integer({ min: 1, max: 64 }) }),
    {
      arbitrary: fc.record({ kind: fc.constant('insert' as const), at: position, text: insertion }),
      weight: 3,
    },
    fc.record({
      kind: fc.constant('repeat' as const),
      at: position,
      length: fc.integer({ min: 1, max: 200 }),
      times: fc.integer({ min: 2, max: 5000 }),
    }),
    fc.record({
      kind: fc.constant('nest' as const),
      at: position,
      open: token,
      close: token,
      depth: fc.integer({ min: 2, max: 5000 }),
    }),
    // A token many times over, where a backtracking pattern goes quadratic.
    fc.record({
      kind: fc.constant('run' as const),
      at: position,
      token,
      times: fc.integer({ min: 2, max: MAX_MUTATED_LENGTH }),
    }),
  );
  return fc
    .tuple(fc.constantFrom(...samples), fc.array(mutation, { minLength: 1, maxLength: 4 }))
    .map(([sample, mutations]) => mutations.reduce(applyText, sample));
}

/** For text: the samples, mutated, the format's tokens strung together, and any string. */
export function textInputs(samples: readonly string[], vocabulary: readonly string[]): fc.Arbitrary<string> {
  return fc.oneof(
    { arbitrary: fc.constantFrom(...samples), weight: 1 },
    { arbitrary: mutatedText(samples, vocabulary), weight: 8 },
    {
      arbitrary: fc.array(fc.constantFrom(...vocabulary), { maxLength: 40 }).map((t) => t.join('')),
      weight: 2,
    },
    { arbitrary: fc.string({ unit: 'binary', maxLength: 400 }), weight: 2 },
    { arbitrary: longText, weight: 1 },
  );
}

/** A field of a binary format, found from a signature: `offset` bytes after it, `width` bytes little-endian. */
export interface ByteLandmark {
  signature: Uint8Array;
  fields: readonly { offset: number; width: 1 | 2 | 4 }[];
}

type ByteMutation =
  | { kind: 'truncate'; at: number }
  | { kind: 'flip'; at: number; mask: number }
  | { kind: 'insert'; at: number; bytes: Uint8Array }
  | { kind: 'repeat'; at: number; length: number; times: number }
  | { kind: 'field'; landmark: number; occurrence: number; field: number; value: number };

const FIELD_VALUES = [0, 1, 0x7f, 0xff, 0x7fff, 0xffff, 0x7fffffff, 0xffffffff];

function applyBytes(
  bytes: Uint8Array,
  mutation: ByteMutation,
  landmarks: readonly ByteLandmark[],
): Uint8Array {
  const at = mutation.kind === 'field' ? 0 : mutation.at % (bytes.length + 1);
  const buffer = Buffer.from(bytes);
  switch (mutation.kind) {
    case 'truncate':
      return buffer.subarray(0, at);
    case 'flip':
      if (at < buffer.length) buffer[at] = (buffer[at] ?? 0) ^ mutation.mask;
      return buffer;
    case 'insert':
      return Buffer.concat([buffer.subarray(0, at), mutation.bytes, buffer.subarray(at)]);
    case 'repeat': {
      const slice = buffer.subarray(at, at + mutation.length);
      const copies = Math.min(mutation.times, Math.floor(MAX_MUTATED_LENGTH / Math.max(1, slice.length)));
      return Buffer.concat([
        buffer.subarray(0, at),
        ...Array.from({ length: copies }, () => slice),
        buffer.subarray(at),
      ]);
    }
    case 'field': {
      const landmark = landmarks[mutation.landmark % Math.max(1, landmarks.length)];
      if (!landmark) return buffer;
      const found: number[] = [];
      for (
        let index = buffer.indexOf(landmark.signature);
        index !== -1;
        index = buffer.indexOf(landmark.signature, index + 1)
      )
        found.push(index);
      const start = found[mutation.occurrence % Math.max(1, found.length)];
      const field = landmark.fields[mutation.field % landmark.fields.length];
      if (start === undefined || !field || start + field.offset + field.width > buffer.length) return buffer;
      buffer.writeUIntLE(mutation.value % 2 ** (8 * field.width), start + field.offset, field.width);
      return buffer;
    }
  }
}

/** Byte samples with one to four mutations, some aimed at the fields `landmarks` locate. */
export function mutatedBytes(
  samples: readonly Uint8Array[],
  landmarks: readonly ByteLandmark[] = [],
): fc.Arbitrary<Uint8Array> {
  const anywhere: fc.Arbitrary<ByteMutation>[] = [
    fc.record({ kind: fc.constant('truncate' as const), at: position }),
    fc.record({ kind: fc.constant('flip' as const), at: position, mask: fc.integer({ min: 1, max: 255 }) }),
    fc.record({
      kind: fc.constant('insert' as const),
      at: position,
      bytes: fc.uint8Array({ minLength: 1, maxLength: 64 }),
    }),
    fc.record({
      kind: fc.constant('repeat' as const),
      at: position,
      length: fc.integer({ min: 1, max: 256 }),
      times: fc.integer({ min: 2, max: 2000 }),
    }),
  ];
  const atFields = fc.record({
    kind: fc.constant('field' as const),
    landmark: fc.nat(),
    occurrence: fc.nat(),
    field: fc.nat(),
    value: fc.oneof(fc.constantFrom(...FIELD_VALUES), fc.nat()),
  });
  const mutation =
    landmarks.length > 0 ? fc.oneof(...anywhere, atFields, atFields, atFields) : fc.oneof(...anywhere);
  return fc
    .tuple(fc.constantFrom(...samples), fc.array(mutation, { minLength: 1, maxLength: 4 }))
    .map(([sample, mutations]) =>
      mutations.reduce<Uint8Array>((bytes, next) => applyBytes(bytes, next, landmarks), sample),
    );
}

/**
 * JSON text of any value, written without recursion, so a record nested twenty thousand deep (which JSON.parse
 * reads, and JSON.stringify cannot write) can be sent as a body. What JSON cannot hold is written as JSON.stringify
 * would: null in a list, left out of an object.
 */
export function jsonText(value: unknown): string {
  type Item = { text: string } | { value: unknown };
  const parts: string[] = [];
  const stack: Item[] = [{ value }];
  const absent = (item: unknown): boolean =>
    item === undefined || typeof item === 'function' || typeof item === 'symbol';
  for (let item = stack.pop(); item; item = stack.pop()) {
    if ('text' in item) {
      parts.push(item.text);
      continue;
    }
    const current = item.value;
    if (typeof current === 'number') parts.push(Number.isFinite(current) ? String(current) : 'null');
    else if (typeof current === 'string' || typeof current === 'boolean') parts.push(JSON.stringify(current));
    else if (typeof current === 'bigint') parts.push(String(current));
    else if (current === null || typeof current !== 'object') parts.push('null');
    else {
      const list = Array.isArray(current);
      const entries: [string, unknown][] = list
        ? Array.from(current, (element, index): [string, unknown] => [String(index), element])
        : Object.entries(current).filter(([, element]) => !absent(element));
      const items: Item[] = [{ text: list ? '[' : '{' }];
      entries.forEach(([key, element], index) => {
        if (index > 0) items.push({ text: ',' });
        if (!list) items.push({ text: `${JSON.stringify(key)}:` });
        items.push({ value: element });
      });
      items.push({ text: list ? ']' : '}' });
      for (let index = items.length - 1; index >= 0; index--) stack.push(items[index] as Item);
    }
  }
  return parts.join('');
}
