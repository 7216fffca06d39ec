import { createRequire } from 'node:module';
import Ajv from 'ajv';
import { compileLinear } from './linearRegExp';

/**
 * Whether a tool schema the store sent is safe to compile and run on the buyer's data. Ajv turns a schema into
 * code, so a hostile store could otherwise hand it a schema that is huge, nested deep enough to exhaust the stack,
 * or slow to validate (Ajv's secure meta-schema lists those shapes). Its regular expressions run on RE2 (see
 * linearRegExp), in time linear in the input.
 */

export const MAX_SCHEMA_BYTES = 64 * 1024;
/** JSON nesting, objects and arrays alike: a nested schema usually takes two levels (properties → name). */
export const MAX_SCHEMA_DEPTH = 64;
/**
 * Added as maxLength where a string check has a pattern or format but no maxLength, as the secure meta-schema asks:
 * published schemas rarely bound their strings, and refusing them all would leave no tool usable.
 */
export const BOUNDED_STRING_LENGTH = 4096;
/** Longer patterns are refused outright: no store field needs one, and RE2's time grows with the pattern too. */
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
  const refused: string[] = [];
  const bounded = boundStringChecks(schema, refused) as Record<string, unknown>;
  if (refused[0] !== undefined) return { ok: false, problem: refused[0] };
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
 * data. A `pattern` RE2 cannot run (a backreference, lookaround) is left out: it cannot be checked here, and the
 * store checks it anyway. A patternProperties name RE2 cannot run is refused instead, since leaving it out would
 * change which properties the other keywords govern. Why a schema is refused is added to `refused`.
 */
function boundStringChecks(schema: unknown, refused: string[]): unknown {
  if (!isRecord(schema)) return schema;
  const out: Record<string, unknown> = { ...schema };
  if ((typeof out.pattern === 'string' || typeof out.format === 'string') && out.maxLength === undefined) {
    out.maxLength = BOUNDED_STRING_LENGTH;
  }
  if (typeof out.pattern === 'string') {
    if (out.pattern.length > MAX_PATTERN_LENGTH) refused.push(tooLong(out.pattern));
    else if (!compileLinear(out.pattern)) delete out.pattern;
  }
  if (isRecord(out.patternProperties)) {
    for (const name of Object.keys(out.patternProperties)) {
      if (name.length > MAX_PATTERN_LENGTH) refused.push(tooLong(name));
      else if (!compileLinear(name)) {
        refused.push(
          `its patternProperties name ${quoted(name)} cannot be checked in linear time (a backreference or lookaround)`,
        );
      }
    }
  }
  for (const key of SUBSCHEMA_MAPS) {
    const map = out[key];
    if (isRecord(map)) {
      out[key] = Object.fromEntries(
        Object.entries(map).map(([name, sub]) => [name, boundStringChecks(sub, refused)]),
      );
    }
  }
  for (const key of SUBSCHEMA_LISTS) {
    const list = out[key];
    if (Array.isArray(list)) out[key] = list.map((sub) => boundStringChecks(sub, refused));
  }
  for (const key of SUBSCHEMAS) {
    if (isRecord(out[key])) out[key] = boundStringChecks(out[key], refused);
  }
  return out;
}

const quoted = (pattern: string): string => JSON.stringify(pattern.slice(0, 60));
const tooLong = (pattern: string): string =>
  `its pattern ${quoted(pattern)} is longer than ${MAX_PATTERN_LENGTH} characters`;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
