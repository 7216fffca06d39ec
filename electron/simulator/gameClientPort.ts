import type { ServiceName } from './scenario';

/**
 * The arena game client serves the live data API and the replay API from one process on one port
 * (2999), and describes both in one API document. The simulator does the same unless the replay API
 * is given its own port (`replayPort`, `--replay-port`).
 */

/** Which simulated service answers a path on the shared port. */
export function serviceOfPath(path: string): Extract<ServiceName, 'live' | 'replay'> {
  return path.startsWith('/replay/') ? 'replay' : 'live';
}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** One API document describing what both documents describe (paths and schemas of each). */
export function mergeDocuments(first: unknown, second: unknown): unknown {
  if (!isObject(first) || !isObject(second)) return first;
  const union = (a: unknown, b: unknown): Json => ({
    ...(isObject(a) ? a : {}),
    ...(isObject(b) ? b : {}),
  });
  const merged: Json = { ...first, paths: union(first.paths, second.paths) };
  if (first.definitions !== undefined || second.definitions !== undefined) {
    merged.definitions = union(first.definitions, second.definitions);
  }
  const components = [first.components, second.components].filter(isObject);
  if (components.length > 0) {
    merged.components = {
      ...union(components[0], components[1]),
      schemas: union(components[0]?.schemas, components[1]?.schemas),
    };
  }
  return merged;
}
