import type { LastCardGame } from '@shared/contract';
import { RESULT_LABELS } from './resultLabels';
import { useCardSource, waitingMessage } from './useCardGame';

/** No game tracked: the client's state in words, and how the last game ended. */
export function TrackerWaiting({ lastGame }: { lastGame: LastCardGame | null }) {
  const source = useCardSource();
  return (
    <div className="tracker-waiting" data-testid="tracker-waiting" data-source-state={source?.state}>
      <p>{waitingMessage(source)}</p>
      {lastGame ? (
        <p className="tracker-last" data-testid="tracker-last-game">
          Last game:{' '}
          <span className={`card-result ${lastGame.result}`}>{RESULT_LABELS[lastGame.result]}</span>
          {lastGame.opponentName ? <> vs {lastGame.opponentName}</> : null}
        </p>
      ) : null}
    </div>
  );
}
