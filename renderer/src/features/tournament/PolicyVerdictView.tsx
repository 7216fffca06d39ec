import type { PolicyVerdict } from '@shared/contract';

/** Why the policy refuses the tournament, and the spec's timing advice. */
export function PolicyVerdictView({ verdict }: { verdict: PolicyVerdict | null }) {
  if (!verdict) return null;
  return (
    <div
      className="policy-verdict"
      aria-live="polite"
      data-testid="policy-verdict"
      data-allowed={verdict.allowed}
    >
      {verdict.reasons.length > 0 ? (
        <ul className="policy-reasons" data-testid="policy-reasons">
          {verdict.reasons.map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </ul>
      ) : (
        <p className="url-check-line valid">Meets the tournament policy.</p>
      )}
      {verdict.advice.map((advice) => (
        <p key={advice} className="web-api-warning" data-testid="policy-advice">
          {advice}
        </p>
      ))}
    </div>
  );
}
