import type { TournamentCodeView } from '@shared/contract';
import { useNow } from '../status/useNow';
import { fallbackLabel } from './tournamentFormat';

/** Games that ended without a result yet: the callback is awaited, then the result is fetched by code. */
export function AwaitingResults({ codes }: { codes: TournamentCodeView[] }) {
  const waiting = codes.filter((code) => code.status === 'ended');
  const now = useNow(1000, waiting.length > 0);
  if (waiting.length === 0) return null;
  return (
    <ul className="audit-lines" data-testid="awaiting-results">
      {waiting.map((code) => (
        <li key={code.code} data-testid="awaiting-result" data-code={code.code}>
          <code>{code.code}</code>:{' '}
          {code.fallbackAt !== null ? fallbackLabel(code.fallbackAt, now) : 'Waiting for the result.'}
        </li>
      ))}
    </ul>
  );
}
