import type { LiveGameState } from '@shared/contract';
import { formatGameTime, gameClockTurnAt, gameTimeAt } from '@shared/contract/live';
import { useSecondClock } from '../../ui/time/useNow';

/** The game clock, interpolated between polls while the game runs: one render as each second turns. */
export function LiveClock({
  game,
  className = '',
}: {
  game: Pick<LiveGameState, 'phase' | 'clock'>;
  className?: string;
}) {
  const now = useSecondClock(gameClockTurnAt(game));
  const seconds = gameTimeAt(game, now);
  return (
    <span className={`live-clock ${className}`} data-testid="live-clock">
      {seconds === null ? '--:--' : formatGameTime(seconds)}
    </span>
  );
}
