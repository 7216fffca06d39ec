/**
 * A keyframe value's shape decides its editor: tracks hold numbers, switches, unit names, vectors
 * ({x,y,z}) or colours ({r,g,b,a}). The shape is read from the value itself, so the editor follows
 * whatever the contract's track schema accepts.
 */
export type ValueKind = 'number' | 'boolean' | 'string' | 'vector3' | 'color' | 'unknown';

export const VECTOR3_AXES = ['x', 'y', 'z'] as const;
export const COLOR_CHANNELS = ['r', 'g', 'b', 'a'] as const;

export function valueKind(value: unknown): ValueKind {
  if (typeof value === 'number') return 'number';
  if (typeof value === 'boolean') return 'boolean';
  if (typeof value === 'string') return 'string';
  if (hasNumbers(value, COLOR_CHANNELS)) return 'color';
  if (hasNumbers(value, VECTOR3_AXES)) return 'vector3';
  return 'unknown';
}

/** One short line for lists and tooltips. */
export function formatKeyframeValue(value: unknown): string {
  const kind = valueKind(value);
  if (kind === 'number') return trimNumber(value as number);
  if (kind === 'boolean') return value ? 'on' : 'off';
  if (kind === 'string') return (value as string) === '' ? '(none)' : (value as string);
  if (kind === 'vector3' || kind === 'color') {
    const record = value as Record<string, number>;
    const keys = kind === 'color' ? COLOR_CHANNELS : VECTOR3_AXES;
    return keys.map((key) => `${key} ${trimNumber(record[key] ?? 0)}`).join(' · ');
  }
  return JSON.stringify(value) ?? '';
}

/** The value with one component replaced, for the vector and colour editors. */
export function withComponent(value: unknown, key: string, component: number): Record<string, number> {
  const record = typeof value === 'object' && value !== null ? (value as Record<string, number>) : {};
  return { ...record, [key]: component };
}

function hasNumbers(value: unknown, keys: readonly string[]): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return keys.every((key) => typeof record[key] === 'number');
}

function trimNumber(value: number): string {
  return Number.isInteger(value) ? String(value) : String(Number(value.toFixed(2)));
}
