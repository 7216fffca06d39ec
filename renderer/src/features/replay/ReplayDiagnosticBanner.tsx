import { useAppState } from '../../state/AppContext';
import { describeReplayConnection } from './replayDiagnostic';

/** Why the replay cannot be driven, in the core's words, with the fix when there is one. */
export function ReplayDiagnosticBanner({ compact = false }: { compact?: boolean }) {
  const status = useAppState((state) => state.sources.replay);
  const problem = useAppState((state) => state.replay.problem);
  const diagnostic = describeReplayConnection(status, problem);
  if (!diagnostic) return null;
  return (
    <div
      className={`replay-diagnostic ${diagnostic.tone}${compact ? ' compact' : ''}`}
      role="status"
      data-testid="replay-diagnostic"
    >
      <span
        className={`dot ${diagnostic.tone === 'off' ? '' : diagnostic.tone === 'wait' ? 'waiting' : 'error'}`}
      />
      <div className="replay-diagnostic-text">
        <strong>{diagnostic.title}</strong>
        {diagnostic.detail ? <span data-testid="replay-diagnostic-detail">{diagnostic.detail}</span> : null}
        {diagnostic.findings.length > 0 && !compact ? (
          <ul className="replay-diagnostic-findings" data-testid="replay-diagnostic-findings">
            {diagnostic.findings.map((finding) => (
              <li key={finding}>{finding}</li>
            ))}
          </ul>
        ) : null}
      </div>
      {diagnostic.offerGameCfg && !compact ? (
        <button
          type="button"
          className="primary"
          onClick={() => document.getElementById('game-cfg')?.scrollIntoView({ behavior: 'smooth' })}
        >
          Switch it on in game.cfg
        </button>
      ) : null}
    </div>
  );
}
