import { memo } from 'react';
import type { LiveGameState } from '@shared/contract';
import { gameClockTurnAt, shownGameTime } from '@shared/contract/live';
import { useSecondText } from '../../ui/time/useNow';

interface LiveClockProps {
  game: Pick<LiveGameState, 'phase' | 'clock'>;
  className?: string;
}

/** The same clock: a poll that moves other parts of the game leaves it as it was. */
function sameClock(before: LiveClockProps, after: LiveClockProps): boolean {
  return (
    before.className === after.className &&
    before.game.phase === after.game.phase &&
    before.game.clock === after.game.clock
  );
}

/**
 * The game clock, interpolated between polls while the game runs: its text written as each second turns, and
 * rendered only when the game's phase or clock changes.
 */
export const LiveClock = memo(function LiveClock({ game, className = '' }: LiveClockProps) {
  const { ref, text } = useSecondText<HTMLSpanElement>(gameClockTurnAt(game), (now) =>
    shownGameTime(game, now),
  );
  return (
    <span ref={ref} className={`live-clock ${className}`} data-testid="live-clock">
      {text}
    </span>
  );
}, sameClock);
