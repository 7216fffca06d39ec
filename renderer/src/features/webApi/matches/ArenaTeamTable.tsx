import type { MatchSubteamView } from '@shared/contract';
import { placementLabel } from './matchFormat';
import { MatchPlayerTable } from './MatchPlayerTable';
import { TeamTotals } from './TeamTotals';

/** One Arena team: where it finished and its players; Arena has no sides and no win or defeat per side. */
export function ArenaTeamTable({
  team,
  durationSeconds,
  mapId,
  highlight,
}: {
  team: MatchSubteamView;
  durationSeconds: number;
  mapId: number;
  highlight: string;
}) {
  const id = `arena-team-${team.subteamId}`;
  return (
    <section
      className={`panel match-team arena${team.placement === 1 ? ' first' : ''}`}
      aria-labelledby={id}
      data-testid="arena-team"
    >
      <header className="match-team-head">
        <h2 id={id}>
          <span className="arena-placement" data-testid="arena-placement">
            {placementLabel(team.placement)}
          </span>{' '}
          <span className="muted">Team {team.subteamId}</span>
        </h2>
        <TeamTotals kills={team.kills} gold={team.gold} />
      </header>
      <MatchPlayerTable
        participants={team.participants}
        durationSeconds={durationSeconds}
        mapId={mapId}
        highlight={highlight}
      />
    </section>
  );
}
