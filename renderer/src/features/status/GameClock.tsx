import type { LivePhase } from '@shared/contract';
import { gameClockTurnAt, shownGameTime } from '@shared/contract/live';
import { useOverlayState } from '../../state/AppContext';
import { useSecondText } from '../../ui/time/useNow';

const PHASE_LABELS: Record<LivePhase, string> = {
  'no-game': 'No game',
  loading: 'Loading',
  'in-game': 'In game',
  ended: 'Game over',
};

/** The arena game clock, advanced locally between polls: its text written as each second turns. */
export function GameClock() {
  const live = useOverlayState((state) => state.live);
  const { ref, text } = useSecondText<HTMLSpanElement>(live ? gameClockTurnAt(live) : null, (now) =>
    live ? shownGameTime(live, now) : '',
  );
  if (!live) return null;
  return (
    <div className="game-clock" data-testid="game-clock" data-phase={live.phase}>
      <span className="phase">{PHASE_LABELS[live.phase]}</span>
      <span ref={ref} className="time" data-testid="game-clock-time">
        {text}
      </span>
    </div>
  );
}
