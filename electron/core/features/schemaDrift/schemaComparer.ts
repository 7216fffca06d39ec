import type { JsonTypeName, SchemaDrift } from '@shared/contract';
import { quirkOf } from './documentQuirks';
import type { ExpectedBody, ExpectedOperation, HttpMethod } from './schemaExpectations';

/**
 * Compares the arena client's own API description (Swagger 2 or OpenAPI 3, as it serves them under
 * /swagger/) with what Sightline relies on. The client's documents are loose, so the comparison is
 * tolerant: only what the document states can drift. A body described as a bare object, a property
 * without a type, integer where we read a number (or the reverse) and extra properties all pass; so do a
 * property Sightline reads only when present (optional, fallback) and the documents' known quirks
 * (documentQuirks.ts: a name in another letter case, a property the document never lists).
 */

type Node = Record<string, unknown>;

export interface ClientDescription {
  version: 'swagger-2' | 'openapi-3';
  root: Node;
  paths: Node;
}

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The document as a description, or why it cannot be one. */
export function readClientDescription(body: unknown): ClientDescription | { problem: string } {
  if (!isNode(body)) return { problem: 'not a JSON object' };
  const paths = body.paths;
  const openapi = typeof body.openapi === 'string' && body.openapi.startsWith('3');
  const swagger = body.swagger === '2.0';
  if (!openapi && !swagger) return { problem: 'neither an OpenAPI 3 nor a Swagger 2 document' };
  if (!isNode(paths)) return { problem: 'it lists no paths' };
  return { version: openapi ? 'openapi-3' : 'swagger-2', root: body, paths };
}

export function findSchemaDrifts(
  description: ClientDescription,
  operations: readonly ExpectedOperation[],
): SchemaDrift[] {
  const drifts = new Map<string, SchemaDrift>();
  const add = (drift: SchemaDrift): void => {
    const key = `${drift.path} ${drift.method ?? ''} ${drift.property ?? ''}`;
    if (!drifts.has(key)) drifts.set(key, drift);
  };
  for (const expected of operations) {
    const found = findOperation(description, expected.path, expected.method);
    if (found.kind !== 'found') {
      if (expected.optional) continue;
      const method = found.kind === 'no-method' ? (expected.method.toUpperCase() as 'GET' | 'POST') : null;
      add({ path: expected.path, method, property: null, change: 'missing', seenIn: 'document' });
      continue;
    }
    const { root } = description;
    if (expected.response) {
      const schema = responseSchema(description, found.operation);
      for (const drift of compareBody(root, schema, expected.response, expected.path)) add(drift);
    }
    if (expected.request) {
      const schema = requestSchema(description, found.operation, found.pathItem);
      for (const drift of compareBody(root, schema, expected.request, expected.path)) add(drift);
    }
  }
  return [...drifts.values()];
}

// ---------------------------------------------------------------------------------------------------
// Finding an operation's bodies

type Found = { kind: 'found'; operation: Node; pathItem: Node } | { kind: 'no-path' } | { kind: 'no-method' };

function findOperation(description: ClientDescription, path: string, method: HttpMethod): Found {
  const { root, paths } = description;
  const basePath = typeof root.basePath === 'string' ? root.basePath.replace(/\/+$/, '') : '';
  const candidates = [path, `${path}/`];
  if (basePath && path.startsWith(`${basePath}/`)) candidates.push(path.slice(basePath.length));
  const key = candidates.find((candidate) => isNode(paths[candidate]));
  const pathItem = key === undefined ? null : deref(root, paths[key]);
  if (!pathItem) return { kind: 'no-path' };
  const operation = deref(root, pathItem[method]);
  return operation ? { kind: 'found', operation, pathItem } : { kind: 'no-method' };
}

/** The JSON body of a media map (OpenAPI 3 `content`). */
function jsonSchemaOf(root: Node, content: unknown): unknown {
  const media = deref(root, content);
  if (!media) return undefined;
  const type = media['application/json'] !== undefined ? 'application/json' : Object.keys(media)[0];
  return type === undefined ? undefined : deref(root, media[type])?.schema;
}

function responseSchema(description: ClientDescription, operation: Node): unknown {
  const { root } = description;
  const responses = deref(root, operation.responses);
  if (!responses) return undefined;
  const code = ['200', '201', 'default'].find((candidate) => responses[candidate] !== undefined);
  const response = code === undefined ? null : deref(root, responses[code]);
  if (!response) return undefined;
  return description.version === 'openapi-3' ? jsonSchemaOf(root, response.content) : response.schema;
}

function requestSchema(description: ClientDescription, operation: Node, pathItem: Node): unknown {
  const { root } = description;
  if (description.version === 'openapi-3') {
    return jsonSchemaOf(root, deref(root, operation.requestBody)?.content);
  }
  const parameters = [operation.parameters, pathItem.parameters].flatMap((list) =>
    Array.isArray(list) ? list : [],
  );
  return parameters.map((parameter) => deref(root, parameter)).find((parameter) => parameter?.in === 'body')
    ?.schema;
}

// ---------------------------------------------------------------------------------------------------
// Reading a schema

/** Follows local `$ref`s (`#/components/schemas/X`, `#/definitions/X`); null for anything else. */
function deref(root: Node, value: unknown): Node | null {
  let node = value;
  for (let hops = 0; isNode(node) && typeof node.$ref === 'string'; hops += 1) {
    if (hops > 32 || !node.$ref.startsWith('#/')) return null;
    node = node.$ref
      .slice(2)
      .split('/')
      .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
      .reduce<unknown>((at, part) => (isNode(at) ? at[part] : undefined), root);
  }
  return isNode(node) ? node : null;
}

/** What a schema states: null where it states nothing (no type, no property list, no item schema). */
interface SchemaView {
  types: JsonTypeName[] | null;
  properties: Node | null;
  items: unknown;
}

const NOTHING_STATED: SchemaView = { types: null, properties: null, items: undefined };
const JSON_TYPES: readonly string[] = ['object', 'array', 'string', 'number', 'integer', 'boolean'];

function typesOfValues(values: unknown[]): JsonTypeName[] | null {
  const types = values.map((value): JsonTypeName | null => {
    if (typeof value === 'string') return 'string';
    if (typeof value === 'boolean') return 'boolean';
    if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
    return null;
  });
  return types.every((type) => type !== null) && types.length > 0 ? unique(types as JsonTypeName[]) : null;
}

function view(root: Node, value: unknown, depth = 0): SchemaView {
  const node = deref(root, value);
  if (!node || depth > 16) return NOTHING_STATED;
  const parts = (key: string): SchemaView[] =>
    Array.isArray(node[key]) ? (node[key] as unknown[]).map((part) => view(root, part, depth + 1)) : [];

  const stated = node.type;
  let types: JsonTypeName[] | null =
    typeof stated === 'string' || Array.isArray(stated)
      ? ([stated].flat().filter((type) => JSON_TYPES.includes(type as string)) as JsonTypeName[])
      : null;
  if (types?.length === 0) types = null;
  let properties = isNode(node.properties) ? node.properties : null;
  let items: unknown = node.items;
  types ??= properties ? ['object'] : items !== undefined ? ['array'] : null;
  if (!types && Array.isArray(node.enum)) types = typesOfValues(node.enum);

  // The client's generator writes a typed field as `type: object, additionalProperties: {$ref: X}`
  // (cameraMode → HudCameraMode, cameraPosition → Vector3f), and arrays as `additionalProperties`
  // instead of `items`. Read both as what they point at.
  const extra = node.additionalProperties;
  if (isNode(extra) && Object.keys(extra).length > 0) {
    if (types?.includes('array') && items === undefined) items = extra;
    else if (!properties) {
      const inner = view(root, extra, depth + 1);
      types = inner.types ? unique([...inner.types, ...(types ?? [])]) : null;
      properties = inner.properties;
      items ??= inner.items;
    }
  }

  // allOf: everything its parts state. oneOf / anyOf: a type any alternative allows; properties only
  // when every alternative lists them.
  for (const part of parts('allOf')) {
    types = part.types ? (types ? unique([...types, ...part.types]) : part.types) : types;
    properties = part.properties ? { ...properties, ...part.properties } : properties;
    items ??= part.items;
  }
  const alternatives = [...parts('oneOf'), ...parts('anyOf')];
  if (alternatives.length > 0 && !types && !properties) {
    const allTyped = alternatives.every((part) => part.types);
    types = allTyped ? unique(alternatives.flatMap((part) => part.types ?? [])) : null;
    properties = alternatives.every((part) => part.properties)
      ? Object.assign({}, ...alternatives.map((part) => part.properties))
      : null;
    items = alternatives.find((part) => part.items !== undefined)?.items;
  }
  return { types, properties, items };
}

// ---------------------------------------------------------------------------------------------------
// Comparing a body

type BodyDrift = Extract<SchemaDrift, { property: string }>;

const family = (type: JsonTypeName): string => (type === 'integer' ? 'number' : type);

export function compatible(expected: readonly JsonTypeName[], stated: readonly JsonTypeName[]): boolean {
  const wanted = new Set(expected.map(family));
  return stated.some((type) => wanted.has(family(type)));
}

/** How a property is named to people: the body's own items are its entries, so `[].riotId` is `riotId`. */
export function propertyName(key: string): string {
  if (key === '') return 'body';
  if (key === '[]') return 'body[]';
  return key.startsWith('[].') ? key.slice(3) : key;
}

/** `items[].itemID` → ['items', '[]', 'itemID']. */
export function tokens(key: string): string[] {
  return key.split(/\.|(?=\[\])|(?<=\[\])/).filter((token) => token !== '');
}

/** The expectations key of a token path: ['items', '[]', 'itemID'] → `items[].itemID`. */
function keyOf(path: readonly string[]): string {
  return path.reduce(
    (key, token) => (token === '[]' ? `${key}[]` : key === '' ? token : `${key}.${token}`),
    '',
  );
}

/** Whether a missing property is no drift: Sightline reads it only when present, or the document never lists it. */
export function absenceAllowed(expected: ExpectedBody, path: string, key: string): boolean {
  return expected.optional?.includes(key) === true || quirkOf(path, key)?.quirk === 'undescribed';
}

/** The drifts of one body; `path` is the operation's, for the quirks and the drifts. */
function compareBody(root: Node, schema: unknown, expected: ExpectedBody, path: string): BodyDrift[] {
  const body = view(root, schema);
  // The client describes most bodies as a bare object: nothing stated, nothing to compare.
  const bare =
    !body.properties &&
    body.items === undefined &&
    (!body.types || (body.types.length === 1 && body.types[0] === 'object'));
  if (bare) return [];
  if (body.types && !compatible(expected.type, body.types)) {
    return [retyped(path, '', expected.type, body.types)];
  }

  const drifts: BodyDrift[] = [];
  // Keys whose properties below are not compared: drifted, or absent and allowed to be.
  const settled: string[] = [];
  for (const [key, types] of Object.entries(expected.properties)) {
    if (settled.some((parent) => key.startsWith(`${parent}.`) || key.startsWith(`${parent}[]`))) continue;
    const found = lookUp(root, body, tokens(key), path);
    if (found === 'unstated') continue;
    if ('missing' in found) {
      if (!absenceAllowed(expected, path, found.missing)) {
        drifts.push({
          path,
          method: null,
          property: propertyName(found.missing),
          change: 'missing',
          seenIn: 'document',
        });
      }
      settled.push(found.missing);
    } else if (found.types && !compatible(types, found.types)) {
      drifts.push(retyped(path, key, types, found.types));
      settled.push(key);
    }
  }
  return drifts;
}

/** The schema at a key; the key where the document stops listing it; or unstated where it states nothing. */
function lookUp(
  root: Node,
  body: SchemaView,
  path: string[],
  operationPath: string,
): SchemaView | { missing: string } | 'unstated' {
  let current = body;
  for (const [index, token] of path.entries()) {
    if (token === '[]') {
      if (current.items === undefined) return 'unstated';
      current = view(root, current.items);
      continue;
    }
    const properties = current.properties;
    if (!properties) return 'unstated';
    const key = keyOf(path.slice(0, index + 1));
    const name =
      properties[token] === undefined && quirkOf(operationPath, key)?.quirk === 'letter-case'
        ? Object.keys(properties).find((candidate) => candidate.toLowerCase() === token.toLowerCase())
        : token;
    if (name === undefined || properties[name] === undefined) return { missing: key };
    current = view(root, properties[name]);
  }
  return current;
}

function retyped(
  path: string,
  key: string,
  expected: readonly JsonTypeName[],
  stated: readonly JsonTypeName[],
): BodyDrift {
  const wanted = new Set(expected.map(family));
  const now = stated.find((type) => !wanted.has(family(type))) ?? stated[0] ?? 'object';
  return { path, method: null, property: propertyName(key), change: 'retyped', now, seenIn: 'document' };
}

function unique<T>(values: T[]): T[] {
  return [...new Set(values)];
}
