import type { MatchTeamView } from '@shared/contract';
import { formatThousands, sideLabel } from './matchFormat';
import { MatchPlayerTable } from './MatchPlayerTable';

const OBJECTIVES: Array<[keyof MatchTeamView['objectives'], string]> = [
  ['towers', 'Towers'],
  ['inhibitors', 'Inhibitors'],
  ['dragons', 'Dragons'],
  ['barons', 'Barons'],
  ['heralds', 'Heralds'],
  ['voidGrubs', 'Void grubs'],
];

/** One team: the result, its objectives, and a line per player with what the match record says. */
export function MatchTeamTable({
  team,
  durationSeconds,
  mapId,
  highlight,
}: {
  team: MatchTeamView;
  durationSeconds: number;
  /** For the highestTierAchieved tooltip: its meaning differs off the main map. */
  mapId: number;
  highlight: string;
}) {
  const id = `team-${team.teamId}`;
  return (
    <section
      className={`panel match-team ${team.side}`}
      aria-labelledby={id}
      data-testid={`team-${team.side}`}
    >
      <header className="match-team-head">
        <h2 id={id}>
          {sideLabel(team)}{' '}
          <span className={team.win ? 'team-result win' : 'team-result loss'}>
            {team.win ? 'Victory' : 'Defeat'}
          </span>
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
          {OBJECTIVES.map(([key, label]) => (
            <div key={key}>
              <dt>{label}</dt>
              <dd data-testid={`objective-${key}`}>{team.objectives[key]}</dd>
            </div>
          ))}
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
