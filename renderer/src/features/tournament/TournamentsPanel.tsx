import type { TournamentState } from '@shared/contract';
import { TournamentForm } from './TournamentForm';
import { TournamentList } from './TournamentList';

interface TournamentsPanelProps {
  desk: TournamentState;
  selected: number | null;
  onSelect(tournamentId: number): void;
}

export function TournamentsPanel({ desk, selected, onSelect }: TournamentsPanelProps) {
  return (
    <section className="panel" aria-labelledby="tournaments-title" data-testid="tournaments-panel">
      <h2 id="tournaments-title">Tournaments</h2>
      <TournamentList tournaments={desk.tournaments} selected={selected} onSelect={onSelect} />
      <TournamentForm desk={desk} onCreated={onSelect} />
    </section>
  );
}
