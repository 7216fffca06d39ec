import { describe, expect, it } from 'vitest';
import { codeCountWarning, codesNeeded } from '@shared/contract';
import { checkTournamentPolicy } from './tournamentPolicy';

const now = Date.UTC(2025, 5, 1);
const DAY = 24 * 60 * 60 * 1000;
const fair = {
  participants: 20,
  entryFee: 5,
  prizePoolShare: 70,
  betting: false,
  winCondition: 'Best of one; the bracket winner takes the cup.',
};

describe('checkTournamentPolicy', () => {
  it('allows 20 participants with 70 % of fees to the prize pool and no betting', () => {
    expect(checkTournamentPolicy(fair, { now, firstMatchAt: now + DAY })).toEqual({
      allowed: true,
      reasons: [],
      advice: [],
    });
  });

  it('refuses fewer than 20 participants', () => {
    const verdict = checkTournamentPolicy({ ...fair, participants: 19 }, { now, firstMatchAt: null });
    expect(verdict.allowed).toBe(false);
    expect(verdict.reasons).toEqual(['A tournament needs at least 20 participants (19 given).']);
  });

  it('refuses less than 70 % of entry fees to the prize pool, but not for a free tournament', () => {
    const paid = checkTournamentPolicy({ ...fair, prizePoolShare: 69.5 }, { now, firstMatchAt: null });
    expect(paid.allowed).toBe(false);
    expect(paid.reasons[0]).toContain('at least 70 % of the fees');
    expect(
      checkTournamentPolicy({ ...fair, entryFee: 0, prizePoolShare: 0 }, { now, firstMatchAt: null }).allowed,
    ).toBe(true);
  });

  it('refuses betting, and lists every broken rule', () => {
    const verdict = checkTournamentPolicy(
      { participants: 4, entryFee: 10, prizePoolShare: 10, betting: true, winCondition: ' ' },
      { now, firstMatchAt: null },
    );
    expect(verdict.reasons).toHaveLength(4);
    expect(verdict.reasons[2]).toBe('Tournaments may not include betting or gambling.');
  });

  it('refuses a tournament that does not state its win condition (fair and transparent win conditions)', () => {
    const verdict = checkTournamentPolicy({ ...fair, winCondition: '' }, { now, firstMatchAt: null });
    expect(verdict.allowed).toBe(false);
    expect(verdict.reasons).toEqual([
      'State the win condition (how a match and the tournament are won): win conditions must be fair and transparent, and players see it with every code.',
    ]);
  });

  it('advises against creating more than a week before the first match without refusing', () => {
    const verdict = checkTournamentPolicy(fair, { now, firstMatchAt: now + 10 * DAY });
    expect(verdict.allowed).toBe(true);
    expect(verdict.advice[0]).toContain('first match is in 10 days');
  });
});

describe('code count advice', () => {
  it('knows what a bracket needs and warns far beyond it', () => {
    expect(codesNeeded(20, 5)).toBe(3);
    expect(codesNeeded(32, 1)).toBe(31);
    expect(codeCountWarning(6, 0, 20, 5)).toBeNull();
    expect(codeCountWarning(7, 0, 20, 5)).toContain('needs about 3 codes');
    expect(codeCountWarning(1, 6, 20, 5)).toContain('6 exist');
  });
});
