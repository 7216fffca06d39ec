import type { LiveGameState } from '@shared/contract';
import { formatGameTime, gameTimeAt } from '@shared/contract/live';
import { useLiveNow } from './useLiveNow';

/** The game clock, interpolated between polls while the game runs. */
export function LiveClock({
  game,
  className = '',
}: {
  game: Pick<LiveGameState, 'phase' | 'clock'>;
  className?: string;
}) {
  const now = useLiveNow(game.phase === 'in-game');
  const seconds = gameTimeAt(game, now);
  return (
    <span className={`live-clock ${className}`} data-testid="live-clock">
      {seconds === null ? '--:--' : formatGameTime(seconds)}
    </span>
  );
}
