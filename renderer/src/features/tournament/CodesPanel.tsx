import type { TournamentState, TournamentView } from '@shared/contract';
import { useNow } from '../../ui/time/useNow';
import { CodeForm } from './CodeForm';
import { CodeRow } from './CodeRow';
import { winConditionText } from './tournamentFormat';

interface CodesPanelProps {
  desk: TournamentState;
  tournament: TournamentView;
  selectedCode: string | null;
  onSelectCode(code: string): void;
}

/** One tournament's codes: copy, status, age and expiry, and the form to create more. */
export function CodesPanel({ desk, tournament, selectedCode, onSelectCode }: CodesPanelProps) {
  const codes = desk.codes.filter((code) => code.tournamentId === tournament.tournamentId);
  // Countdowns tick each second while a result is awaited; ages only need the minute.
  const counting = codes.some((code) => code.fallbackAt !== null);
  const clock = useNow(counting ? 1000 : 60_000, true);
  // The clock ticks slowly; a code the core just stamped is never younger than the page's last tick.
  const now = Math.max(clock, ...codes.map((code) => code.createdAt));
  return (
    <section className="panel" aria-labelledby="codes-title" data-testid="codes-panel">
      <h2 id="codes-title">
        Codes of {tournament.name || 'Untitled'} <span className="mono">#{tournament.tournamentId}</span>
      </h2>
      <p className="win-condition" data-testid="codes-win-condition">
        <strong>Win condition:</strong> {winConditionText(tournament.policy.winCondition)}
      </p>
      {tournament.noActiveCode ? (
        <p className="web-api-notice waiting" data-testid="codes-no-active">
          This tournament has no active code, so it is eligible for expiry and cleanup: create a code to keep
          it.
        </p>
      ) : null}
      {codes.length === 0 ? (
        <p className="muted">No code yet.</p>
      ) : (
        <ul className="code-list" data-testid="code-list">
          {codes.map((code) => (
            <CodeRow
              key={code.code}
              code={code}
              api={tournament.api}
              now={now}
              watching={desk.lobby.code === code.code}
              selected={selectedCode === code.code}
              onSelect={onSelectCode}
            />
          ))}
        </ul>
      )}
      <p className="muted desk-hint">
        A code is meant for one match: a reused code does not send a result for each game. Codes become
        eligible for expiry three calendar months after they were generated.
      </p>
      <CodeForm key={tournament.tournamentId} tournament={tournament} api={desk.api} />
    </section>
  );
}
