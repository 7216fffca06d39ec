import {
  MIN_PRIZE_POOL_SHARE,
  MIN_TOURNAMENT_PARTICIPANTS,
  TOURNAMENT_LEAD_TIME_MS,
  type PolicyVerdict,
  type TournamentPolicyInput,
} from '@shared/contract';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The tournament rules of spec 1 §1 (at least 20 participants, at least 70 % of entry fees to the prize
 * pool when there is a fee, no gambling, a stated win condition), checked before anything is sent, and the spec's advice on
 * timing (§8), which warns but does not refuse.
 */
export function checkTournamentPolicy(
  input: TournamentPolicyInput,
  timing: { now: number; firstMatchAt: number | null },
): PolicyVerdict {
  const reasons: string[] = [];
  if (input.participants < MIN_TOURNAMENT_PARTICIPANTS) {
    reasons.push(
      `A tournament needs at least ${MIN_TOURNAMENT_PARTICIPANTS} participants (${input.participants} given).`,
    );
  }
  if (input.entryFee > 0 && input.prizePoolShare < MIN_PRIZE_POOL_SHARE) {
    reasons.push(
      `With an entry fee, at least ${MIN_PRIZE_POOL_SHARE} % of the fees must go to the prize pool (${input.prizePoolShare} % given).`,
    );
  }
  if (input.betting) reasons.push('Tournaments may not include betting or gambling.');
  if (input.winCondition.trim() === '') {
    reasons.push(
      'State the win condition (how a match and the tournament are won): win conditions must be fair and transparent, and players see it with every code.',
    );
  }

  const advice: string[] = [];
  if (timing.firstMatchAt !== null && timing.firstMatchAt - timing.now > TOURNAMENT_LEAD_TIME_MS) {
    const days = Math.ceil((timing.firstMatchAt - timing.now) / DAY_MS);
    advice.push(
      `The first match is in ${days} days: create the tournament no more than a week before it, and generate one code at creation.`,
    );
  }
  return { allowed: reasons.length === 0, reasons, advice };
}
