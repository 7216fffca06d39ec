import type { JsonTypeName, SchemaDrift } from '@shared/contract';
import { absenceAllowed, compatible, propertyName, tokens } from './schemaComparer';
import type { ExpectedBody } from './schemaExpectations';

/**
 * Compares one real answer of the client with the body Sightline expects there. An answer is ground
 * truth: what it lacks or carries with another type has drifted in the client itself, whatever the
 * document says. Only what the answer shows is judged: a property under an empty list or an absent
 * parent, and a null, say nothing.
 */

type BodyDrift = Extract<SchemaDrift, { property: string }>;
type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function jsonType(value: unknown): JsonTypeName | null {
  if (Array.isArray(value)) return 'array';
  if (isObject(value)) return 'object';
  if (typeof value === 'string') return 'string';
  if (typeof value === 'boolean') return 'boolean';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return null;
}

/** The values the answer holds at a token path, lists expanded; absent and null values left out. */
function valuesAt(body: unknown, path: readonly string[]): unknown[] {
  let values = [body];
  for (const token of path) {
    values =
      token === '[]'
        ? values.flatMap((value) => (Array.isArray(value) ? value : []))
        : values.flatMap((value) => (isObject(value) && value[token] != null ? [value[token]] : []));
  }
  return values;
}

/** Whether a client's answer is its error marker (`{"error": "…not supported in spectator mode"}`), not a body. */
export function isErrorAnswer(body: unknown): boolean {
  return isObject(body) && typeof body.error === 'string';
}

export function findResponseDrifts(path: string, body: unknown, expected: ExpectedBody): BodyDrift[] {
  const drift = (key: string, now: JsonTypeName | null): BodyDrift =>
    now === null
      ? { path, method: null, property: propertyName(key), change: 'missing', seenIn: 'response' }
      : { path, method: null, property: propertyName(key), change: 'retyped', now, seenIn: 'response' };
  const bodyType = jsonType(body);
  if (bodyType && !compatible(expected.type, [bodyType])) return [drift('', bodyType)];

  const drifts: BodyDrift[] = [];
  const drifted: string[] = [];
  for (const [key, types] of Object.entries(expected.properties)) {
    if (drifted.some((parent) => key.startsWith(`${parent}.`) || key.startsWith(`${parent}[]`))) continue;
    const steps = tokens(key);
    const last = steps[steps.length - 1] ?? '';
    const parents = valuesAt(body, steps.slice(0, -1));
    const missing =
      last !== '[]' &&
      !absenceAllowed(expected, path, key) &&
      parents.some((parent) => isObject(parent) && parent[last] === undefined);
    const values = valuesAt(parents, ['[]', last]);
    const other = values.map(jsonType).find((type) => type !== null && !compatible(types, [type]));
    if (missing || other) {
      drifts.push(drift(key, missing ? null : (other ?? null)));
      drifted.push(key);
    }
  }
  return drifts;
}
