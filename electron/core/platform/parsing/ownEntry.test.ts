import { describe, expect, it } from 'vitest';
import { ownEntry } from './ownEntry';

describe('ownEntry', () => {
  it("gives the table's own entries and nothing for Object's properties", () => {
    const table: Record<string, string> = { Fire: 'the Infernal Drake' };
    expect(ownEntry(table, 'Fire')).toBe('the Infernal Drake');
    for (const key of ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'Water']) {
      expect(ownEntry(table, key)).toBeUndefined();
    }
  });
});
