import type { TournamentView } from '@shared/contract';
import { useDisplayLocale } from '../../ui/locale/useDisplayLocale';
import { formatDay } from './tournamentFormat';

interface TournamentListProps {
  tournaments: TournamentView[];
  selected: number | null;
  onSelect(tournamentId: number): void;
}

/** The tournaments, each with its codes and results, flagged when no code keeps it from cleanup. */
export function TournamentList({ tournaments, selected, onSelect }: TournamentListProps) {
  const locale = useDisplayLocale();
  if (tournaments.length === 0) return <p className="muted">No tournament yet.</p>;
  return (
    <table className="desk-table" data-testid="tournament-list">
      <thead>
        <tr>
          <th>Tournament</th>
          <th>Provider</th>
          <th>Results go to</th>
          <th>First match</th>
          <th>Participants</th>
          <th>Codes</th>
          <th>Results</th>
          <th />
        </tr>
      </thead>
      <tbody>
        {tournaments.map((tournament) => (
          <tr
            key={tournament.tournamentId}
            className={tournament.tournamentId === selected ? 'selected' : undefined}
            data-testid="tournament-row"
            data-tournament-id={tournament.tournamentId}
          >
            <td>
              <strong>{tournament.name || 'Untitled'}</strong>{' '}
              <span className="muted mono">#{tournament.tournamentId}</span>
            </td>
            <td className="mono">{tournament.providerId}</td>
            <td className="mono wrap">{tournament.callbackUrl}</td>
            <td>{tournament.firstMatchAt === null ? '—' : formatDay(tournament.firstMatchAt, locale)}</td>
            <td>{tournament.policy.participants}</td>
            <td>
              {tournament.activeCodeCount} active of {tournament.codeCount}
              {tournament.noActiveCode ? (
                <span
                  className="tag bad"
                  title="A tournament with no active code is eligible for expiry and cleanup."
                  data-testid="no-active-code"
                >
                  no active code
                </span>
              ) : null}
            </td>
            <td>{tournament.resultCount}</td>
            <td>
              <button
                type="button"
                onClick={() => onSelect(tournament.tournamentId)}
                aria-pressed={tournament.tournamentId === selected}
                data-testid="tournament-open"
              >
                {tournament.tournamentId === selected ? 'Shown' : 'Show codes'}
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
