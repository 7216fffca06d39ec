import type { TournamentApiKind, TournamentCodeView } from '@shared/contract';
import { useDisplayLocale } from '../../ui/locale/useDisplayLocale';
import { useNow } from '../../ui/time/useNow';
import { fallbackLabel, heldCallbacksLabel, resultWatchLabel } from './tournamentFormat';

/**
 * Games whose result is awaited: on and watched through the code's game list (v5 games/by-code, v4
 * match IDs by code), or ended (the callback is
 * awaited, then the result is fetched by code), and callbacks held until games/by-code confirms them.
 */
export function AwaitingResults({
  codes,
  apiOf,
}: {
  codes: TournamentCodeView[];
  /** The API of a code's tournament. */
  apiOf(code: TournamentCodeView): TournamentApiKind;
}) {
  const waiting = codes.filter(
    (code) => code.status === 'ended' || code.resultWatch !== null || code.heldCallbacks.length > 0,
  );
  const now = useNow(1000, waiting.length > 0);
  const locale = useDisplayLocale();
  if (waiting.length === 0) return null;
  return (
    <ul className="audit-lines" data-testid="awaiting-results">
      {waiting.map((code) => (
        <li key={code.code} data-testid="awaiting-result" data-code={code.code}>
          <code>{code.code}</code>:{' '}
          {code.heldCallbacks.length > 0 ? (
            <span data-testid="awaiting-confirmation">{heldCallbacksLabel(code.heldCallbacks)} </span>
          ) : null}
          {code.resultWatch !== null ? (
            <span data-testid="awaiting-watch">
              {resultWatchLabel(code.resultWatch, now, apiOf(code), locale)}
            </span>
          ) : code.fallbackAt !== null ? (
            fallbackLabel(code.fallbackAt, now)
          ) : code.status === 'ended' ? (
            'Waiting for the result.'
          ) : null}
        </li>
      ))}
    </ul>
  );
}
