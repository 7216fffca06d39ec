import type { UrlCheckView } from '@shared/contract';

/**
 * The verdict on a callback URL: `valid` with the exact string that will be registered, or the reason it is
 * not, with the https advice when it applies.
 */
export function UrlCheckResult({ verdict, settled }: { verdict: UrlCheckView | null; settled: boolean }) {
  if (!verdict) return null;
  return (
    <div className="url-check" aria-live="polite" data-testid="url-check" data-settled={settled}>
      {verdict.valid ? (
        <p className="url-check-line valid" data-testid="url-check-verdict">
          valid
        </p>
      ) : (
        <p className="url-check-line invalid" data-testid="url-check-verdict">
          invalid: {verdict.reason}
        </p>
      )}
      {verdict.valid && verdict.canonical ? (
        <p className="muted url-check-note" data-testid="url-check-canonical">
          Registered exactly as checked: <code>{verdict.canonical}</code>
        </p>
      ) : null}
      {verdict.notes.map((note) => (
        <p key={note} className="web-api-warning url-check-note" data-testid="url-check-note">
          {note}
        </p>
      ))}
    </div>
  );
}
