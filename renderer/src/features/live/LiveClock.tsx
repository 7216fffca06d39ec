import type { LiveGameState } from '@shared/contract';
import { gameClockTurnAt, shownGameTime } from '@shared/contract/live';
import { useSecondText } from '../../ui/time/useNow';

/** The game clock, interpolated between polls while the game runs: its text written as each second turns. */
export function LiveClock({
  game,
  className = '',
}: {
  game: Pick<LiveGameState, 'phase' | 'clock'>;
  className?: string;
}) {
  const { ref, text } = useSecondText<HTMLSpanElement>(gameClockTurnAt(game), (now) =>
    shownGameTime(game, now),
  );
  return (
    <span ref={ref} className={`live-clock ${className}`} data-testid="live-clock">
      {text}
    </span>
  );
}
