import { createRequire } from 'node:module';
import Ajv from 'ajv';
import { hasNestedRepetition } from './regexSafety';

/**
 * Whether a tool schema the store sent is safe to compile and run on the buyer's data. Ajv turns a schema into
 * code, so a hostile store could otherwise hand it a schema that is huge, nested deep enough to exhaust the stack,
 * or slow to validate (Ajv's secure meta-schema lists those shapes).
 */

export const MAX_SCHEMA_BYTES = 64 * 1024;
/** JSON nesting, objects and arrays alike: a nested schema usually takes two levels (properties → name). */
export const MAX_SCHEMA_DEPTH = 64;
/**
 * Added as maxLength where a string check has a pattern or format but no maxLength, as the secure meta-schema asks:
 * published schemas rarely bound their strings, and refusing them all would leave no tool usable.
 */
export const BOUNDED_STRING_LENGTH = 4096;
/** Longer patterns are refused outright: no store field needs one, and length multiplies backtracking. */
export const MAX_PATTERN_LENGTH = 512;

// Required, not imported: ajv stays external in the build, and Node only imports JSON with an import attribute.
const secureMetaSchema = createRequire(import.meta.url)('ajv/lib/refs/json-schema-secure.json') as {
  properties: Record<string, unknown>;
};

// The secure meta-schema is draft-07; the store's schemas are 2020-12, whose new subschema places it must also walk.
const isSecure = new Ajv({ allErrors: false, strictTypes: false }).compile({
  ...secureMetaSchema,
  properties: {
    ...secureMetaSchema.properties,
    $defs: { additionalProperties: { $ref: '#' } },
    dependentSchemas: { additionalProperties: { $ref: '#' } },
    prefixItems: { $ref: '#/definitions/schemaArray' },
    unevaluatedItems: { $ref: '#' },
    unevaluatedProperties: { $ref: '#' },
    contentSchema: { $ref: '#' },
  },
});

export type SchemaSafety = { ok: true; schema: Record<string, unknown> } | { ok: false; problem: string };

/** The schema to compile (string checks bounded), or why it must not be compiled. */
export function checkToolSchema(schema: unknown): SchemaSafety {
  if (!isRecord(schema)) return { ok: false, problem: 'it is not a JSON object' };
  if (nestingDepthExceeds(schema, MAX_SCHEMA_DEPTH)) {
    return { ok: false, problem: `it is nested deeper than ${MAX_SCHEMA_DEPTH} levels` };
  }
  if (Buffer.byteLength(JSON.stringify(schema)) > MAX_SCHEMA_BYTES) {
    return { ok: false, problem: `it is larger than ${MAX_SCHEMA_BYTES / 1024} KiB` };
  }
  const patterns: string[] = [];
  const bounded = boundStringChecks(schema, patterns) as Record<string, unknown>;
  const risky = patterns.find(
    (pattern) => pattern.length > MAX_PATTERN_LENGTH || hasNestedRepetition(pattern),
  );
  if (risky !== undefined) {
    return {
      ok: false,
      problem: `its pattern ${JSON.stringify(risky.slice(0, 60))} could take exponential time`,
    };
  }
  if (!isSecure(bounded)) {
    const error = isSecure.errors?.[0];
    const where = error?.instancePath ? ` at ${error.instancePath.slice(1).replaceAll('/', '.')}` : '';
    return { ok: false, problem: `it is slow to validate${where} (${error?.message ?? 'unsafe keyword'})` };
  }
  return { ok: true, schema: bounded };
}

/** Iterative, so a hostile depth cannot overflow the stack while it is measured. */
function nestingDepthExceeds(value: unknown, limit: number): boolean {
  const pending: [unknown, number][] = [[value, 1]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [node, depth] = next;
    if (typeof node !== 'object' || node === null) continue;
    if (depth > limit) return true;
    for (const child of Object.values(node)) pending.push([child, depth + 1]);
  }
  return false;
}

const SUBSCHEMA_MAPS = [
  'properties',
  'patternProperties',
  '$defs',
  'definitions',
  'dependentSchemas',
  'dependencies',
];
const SUBSCHEMA_LISTS = ['allOf', 'anyOf', 'oneOf', 'prefixItems', 'items'];
const SUBSCHEMAS = [
  'not',
  'if',
  'then',
  'else',
  'contains',
  'items',
  'additionalItems',
  'additionalProperties',
  'unevaluatedItems',
  'unevaluatedProperties',
  'propertyNames',
  'contentSchema',
];

/**
 * A copy with maxLength added beside each pattern or format that lacks one; only subschemas are touched, never
 * data. Every regular expression met on the way (pattern, patternProperties' names) is added to `patterns`.
 */
function boundStringChecks(schema: unknown, patterns: string[]): unknown {
  if (!isRecord(schema)) return schema;
  const out: Record<string, unknown> = { ...schema };
  if (typeof out.pattern === 'string') patterns.push(out.pattern);
  if (isRecord(out.patternProperties)) patterns.push(...Object.keys(out.patternProperties));
  if ((typeof out.pattern === 'string' || typeof out.format === 'string') && out.maxLength === undefined) {
    out.maxLength = BOUNDED_STRING_LENGTH;
  }
  for (const key of SUBSCHEMA_MAPS) {
    const map = out[key];
    if (isRecord(map)) {
      out[key] = Object.fromEntries(
        Object.entries(map).map(([name, sub]) => [name, boundStringChecks(sub, patterns)]),
      );
    }
  }
  for (const key of SUBSCHEMA_LISTS) {
    const list = out[key];
    if (Array.isArray(list)) out[key] = list.map((sub) => boundStringChecks(sub, patterns));
  }
  for (const key of SUBSCHEMAS) {
    if (isRecord(out[key])) out[key] = boundStringChecks(out[key], patterns);
  }
  return out;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
