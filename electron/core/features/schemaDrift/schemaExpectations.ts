import type { JsonTypeName } from '@shared/contract';
import {
  particlesSchema,
  playbackPatchSchema,
  playbackSchema,
  recordingSchema,
  recordingStartSchema,
  renderPatchSchema,
  renderSchema,
  replayGameSchema,
  sequenceInputSchema,
  sequenceSchema,
} from '@shared/contract/replay';
import { z } from 'zod';
import { isFallback } from '../../platform/parsing/omission';
import {
  activePlayerSchema,
  eventDataSchema,
  gameStatsSchema,
  liveEventSchema,
  playerListSchema,
} from '../live/liveClientSchemas';

/**
 * What Sightline relies on in the arena client's API: the paths it calls and, in each body it reads or
 * sends, the properties and their JSON types. Derived from the zod schemas that parse those bodies and
 * committed as expectedSchema.json (`npm run schema:expectations` rewrites it; a test fails when stale).
 */

export type SchemaSource = 'live' | 'replay';
export type HttpMethod = 'get' | 'post';

/** A body's own type and each property it relies on, by dotted path: `runes.keystone.id`, `items[].itemID`, `[].riotId`. */
export interface ExpectedBody {
  type: JsonTypeName[];
  properties: Record<string, JsonTypeName[]>;
  /**
   * The properties read only when present (zod `.optional()`, a `.partial()` object) or as a fallback
   * (`fallback()`): their absence is no drift, their type still is. Absent when there are none.
   */
  optional?: string[];
}

export interface ExpectedOperation {
  source: SchemaSource;
  method: HttpMethod;
  path: string;
  /** Missing from the description of a spectator session or replay, which has no active player. */
  optional?: true;
  response?: ExpectedBody;
  request?: ExpectedBody;
}

export interface SchemaExpectations {
  note: string;
  operations: ExpectedOperation[];
}

interface ReliedOn {
  source: SchemaSource;
  method: HttpMethod;
  path: string;
  optional?: true;
  /** Several schemas read the same body: their properties are merged. */
  response?: z.ZodType[];
  request?: z.ZodType[];
}

const RELIED_ON: ReliedOn[] = [
  { source: 'live', method: 'get', path: '/liveclientdata/gamestats', response: [gameStatsSchema] },
  {
    source: 'live',
    method: 'get',
    path: '/liveclientdata/eventdata',
    // readEvents checks the envelope, then each event on its own.
    response: [eventDataSchema, z.object({ Events: z.array(liveEventSchema) })],
  },
  { source: 'live', method: 'get', path: '/liveclientdata/playerlist', response: [playerListSchema] },
  {
    source: 'live',
    method: 'get',
    path: '/liveclientdata/activeplayer',
    optional: true,
    response: [activePlayerSchema],
  },
  { source: 'replay', method: 'get', path: '/replay/game', response: [replayGameSchema] },
  { source: 'replay', method: 'get', path: '/replay/playback', response: [playbackSchema] },
  { source: 'replay', method: 'post', path: '/replay/playback', request: [playbackPatchSchema] },
  { source: 'replay', method: 'get', path: '/replay/render', response: [renderSchema] },
  { source: 'replay', method: 'post', path: '/replay/render', request: [renderPatchSchema] },
  { source: 'replay', method: 'get', path: '/replay/particles', response: [particlesSchema] },
  { source: 'replay', method: 'post', path: '/replay/particles', request: [particlesSchema] },
  { source: 'replay', method: 'get', path: '/replay/recording', response: [recordingSchema] },
  {
    source: 'replay',
    method: 'post',
    path: '/replay/recording',
    // A start sends the caster's choices with recording: true; a stop sends recording: false alone.
    request: [recordingStartSchema, z.object({ recording: z.boolean() })],
  },
  { source: 'replay', method: 'get', path: '/replay/sequence', response: [sequenceSchema] },
  { source: 'replay', method: 'post', path: '/replay/sequence', request: [sequenceInputSchema] },
];

export const EXPECTATIONS_NOTE =
  'Generated from the zod schemas Sightline parses the arena client with; do not edit. Rewrite it with `npm run schema:expectations`.';

export function buildSchemaExpectations(): SchemaExpectations {
  return {
    note: EXPECTATIONS_NOTE,
    operations: RELIED_ON.map(({ request, response, ...operation }) => ({
      ...operation,
      ...(response ? { response: describeBody(response) } : {}),
      ...(request ? { request: describeBody(request) } : {}),
    })),
  };
}

function describeBody(schemas: z.ZodType[]): ExpectedBody {
  const properties = new Map<string, JsonTypeName[]>();
  // A property several schemas read is optional only when every one of them reads it so.
  const required = new Set<string>();
  let type: JsonTypeName[] = [];
  for (const schema of schemas) type = union(type, jsonTypes(schema, '', { properties, required }) ?? []);
  const optional = [...properties.keys()].filter((key) => !required.has(key));
  return { type, properties: Object.fromEntries(properties), ...(optional.length > 0 ? { optional } : {}) };
}

/** What jsonTypes records while it walks a body: each property's types, and those it relies on. */
interface BodyRecord {
  properties: Map<string, JsonTypeName[]>;
  required: Set<string>;
}

/** Whether a property's schema lets it be absent: optional, or a fallback (a default is the omission rule, relied on). */
function readOnlyWhenPresent(schema: z.ZodType): boolean {
  if (isFallback(schema)) return true;
  const def = defOf(schema);
  if (def.type === 'optional') return true;
  const inner = def.type === 'nullable' || def.type === 'readonly' ? def.innerType : undefined;
  return inner ? readOnlyWhenPresent(inner) : false;
}

interface ZodDef {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  options?: z.ZodType[];
  entries?: Record<string, unknown>;
  values?: unknown[];
}

const defOf = (schema: z.ZodType): ZodDef => schema._zod.def as unknown as ZodDef;
const join = (at: string, key: string): string => (at === '' ? key : `${at}.${key}`);

/**
 * The JSON types a schema accepts, recording its nested properties under `at`. Null when it accepts
 * anything or reads the value leniently (`.catch`): nothing there to rely on.
 */
function jsonTypes(schema: z.ZodType, at: string, body: BodyRecord): JsonTypeName[] | null {
  const { properties } = body;
  const def = defOf(schema);
  const record = (key: string, child: z.ZodType): void => {
    // Listed before its own properties, so a reader meets a parent first.
    const known = properties.get(key);
    properties.set(key, known ?? []);
    const types = jsonTypes(child, key, body);
    if (types) properties.set(key, union(known ?? [], types));
    else if (!known) properties.delete(key);
    if (types && !readOnlyWhenPresent(child)) body.required.add(key);
  };
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'nonoptional':
      return def.innerType ? jsonTypes(def.innerType, at, body) : null;
    case 'pipe':
      // What arrives on the wire is the pipe's input.
      return def.in ? jsonTypes(def.in, at, body) : null;
    case 'catch':
    case 'unknown':
    case 'any':
      return null;
    case 'object':
      for (const [key, child] of Object.entries(def.shape ?? {})) record(join(at, key), child);
      return ['object'];
    case 'record':
      // Keys are data (particle names), not properties.
      return ['object'];
    case 'array':
      if (def.element) record(`${at}[]`, def.element);
      return ['array'];
    case 'union':
      return (def.options ?? []).reduce<JsonTypeName[] | null>((types, option) => {
        const more = jsonTypes(option, at, body);
        return types === null || more === null ? null : union(types, more);
      }, []);
    case 'string':
      return ['string'];
    case 'number':
      return [(schema as z.ZodNumber).isInt ? 'integer' : 'number'];
    case 'boolean':
      return ['boolean'];
    case 'enum':
      return union([], Object.values(def.entries ?? {}).map(typeOfValue));
    case 'literal':
      return union([], (def.values ?? []).map(typeOfValue));
    default:
      throw new Error(`schema expectations: no JSON type for a zod "${def.type}" at "${at || 'body'}"`);
  }
}

function typeOfValue(value: unknown): JsonTypeName {
  if (typeof value === 'string') return 'string';
  if (typeof value === 'boolean') return 'boolean';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  throw new Error(`schema expectations: no JSON type for the value ${String(value)}`);
}

function union(a: JsonTypeName[], b: JsonTypeName[]): JsonTypeName[] {
  return [...new Set([...a, ...b])];
}
