import type { TournamentCodeView } from '@shared/contract';
import { RequestError } from '../../ui/RequestError';
import { useContractMutation } from '../../state/contractQueries';

interface CodeActionsProps {
  code: TournamentCodeView;
  watching: boolean;
  selected: boolean;
  onSelect(code: string): void;
}

/**
 * What the organizer does with a code: open its details, watch its lobby, and say its game ended (which
 * starts the 5-minute wait for the callback before the result is fetched by code). Not while
 * games/by-code is watched for the end (v5, once the lobby showed the game begin): that list says it.
 */
export function CodeActions({ code, watching, selected, onSelect }: CodeActionsProps) {
  const watch = useContractMutation('tournament.lobby.watch', {
    input: () => ({ code: code.code }),
    onSuccess: () => onSelect(code.code),
  });
  const ended = useContractMutation('tournament.code.gameEnded', { input: () => ({ code: code.code }) });
  const awaiting = code.status === 'ended' || code.status === 'finished' || code.resultWatch !== null;
  return (
    <div className="code-actions">
      <button
        type="button"
        onClick={() => onSelect(code.code)}
        aria-pressed={selected}
        data-testid="code-open"
      >
        Details
      </button>
      <button
        type="button"
        onClick={() => watch.mutate()}
        disabled={watching || watch.isPending}
        data-testid="code-watch"
      >
        {watching ? 'Watching lobby' : 'Watch lobby'}
      </button>
      {awaiting ? null : (
        <button
          type="button"
          onClick={() => ended.mutate()}
          disabled={ended.isPending}
          title="Starts the 5-minute wait for the result callback; after it the result is fetched by code."
          data-testid="code-game-ended"
        >
          Game ended
        </button>
      )}
      <RequestError error={watch.error ?? ended.error} testId="code-action-error" />
    </div>
  );
}
