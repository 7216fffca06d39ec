import { describe, expect, it } from 'vitest';
import { tournamentCodeFor } from './matchCode';

const results = [
  { matchId: 'NA1_5500000001', code: 'NA-FIRST' },
  { matchId: 'EUW1_5500000002', code: 'EU-SECOND' },
];

describe('tournamentCodeFor', () => {
  it('takes the typed code first, trimmed', () => {
    expect(tournamentCodeFor('NA1_5500000001', ' NA-TYPED ', results)).toBe('NA-TYPED');
  });

  it("otherwise uses the desk's result for that match, whatever the case of the ID", () => {
    expect(tournamentCodeFor(' euw1_5500000002', '', results)).toBe('EU-SECOND');
  });

  it('leaves a match the desk has no result for to the standard endpoint', () => {
    expect(tournamentCodeFor('NA1_5500000003', '  ', results)).toBe('');
    expect(tournamentCodeFor('NA1_5500000001', '', [])).toBe('');
  });
});
