import { describe, expect, it } from 'vitest';
import { describeQueue } from './gameSummary';

describe('describeQueue', () => {
  const labels = {
    gameMode: (mode: string) => (mode === 'KINGPORO' ? 'Legend of the Poro King games' : null),
    map: (mapId: number) => (mapId === 11 ? "Summoner's Rift (constants)" : null),
  };

  it('names classic games by their map, from the constants when loaded', () => {
    expect(describeQueue('CLASSIC', 11, labels)).toBe("Summoner's Rift (constants)");
    expect(describeQueue('CLASSIC', 11, null)).toBe("Summoner's Rift");
  });

  it('uses short names for known modes and the constants for the rest', () => {
    expect(describeQueue('ARAM', 12, labels)).toBe('ARAM');
    expect(describeQueue('CHERRY', 30, null)).toBe('Arena');
    expect(describeQueue('KINGPORO', 12, labels)).toBe('Legend of the Poro King games');
    expect(describeQueue('BRANDNEW', 99, null)).toBe('BRANDNEW');
    // A mode named like an Object property is an unknown mode, never one of Object's functions.
    expect(describeQueue('constructor', 99, null)).toBe('constructor');
    expect(describeQueue('__proto__', 99, null)).toBe('__proto__');
  });
});
