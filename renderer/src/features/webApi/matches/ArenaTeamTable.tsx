import type { MatchSubteamView } from '@shared/contract';
import { formatThousands, placementLabel } from './matchFormat';
import { MatchPlayerTable } from './MatchPlayerTable';

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
        <dl className="team-totals">
          <div>
            <dt>Kills</dt>
            <dd>{team.kills}</dd>
          </div>
          <div>
            <dt>Gold</dt>
            <dd>{formatThousands(team.gold)}</dd>
          </div>
        </dl>
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
