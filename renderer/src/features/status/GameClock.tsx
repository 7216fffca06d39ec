import type { LivePhase } from '@shared/contract';
import { formatGameTime, gameClockTurnAt, gameTimeAt } from '@shared/contract/live';
import { useOverlayState } from '../../state/AppContext';
import { useSecondClock } from '../../ui/time/useNow';

const PHASE_LABELS: Record<LivePhase, string> = {
  'no-game': 'No game',
  loading: 'Loading',
  'in-game': 'In game',
  ended: 'Game over',
};

/** The arena game clock, advanced locally between polls: one render as each second turns. */
export function GameClock() {
  const live = useOverlayState((state) => state.live);
  const now = useSecondClock(live ? gameClockTurnAt(live) : null);
  if (!live) return null;
  const seconds = gameTimeAt(live, now);
  return (
    <div className="game-clock" data-testid="game-clock" data-phase={live.phase}>
      <span className="phase">{PHASE_LABELS[live.phase]}</span>
      <span className="time" data-testid="game-clock-time">
        {seconds === null ? '--:--' : formatGameTime(seconds)}
      </span>
    </div>
  );
}
