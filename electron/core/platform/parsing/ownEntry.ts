/**
 * `table[key]` for a key from outside data, own entries only: a key named like an Object property
 * ("constructor", "__proto__") is simply not there, instead of handing back one of Object's functions.
 */
export function ownEntry<V>(table: Readonly<Record<string, V>>, key: string): V | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}
