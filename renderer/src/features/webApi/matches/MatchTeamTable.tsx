import type { MatchTeamView } from '@shared/contract';
import { sideLabel } from './matchFormat';
import { MatchPlayerTable } from './MatchPlayerTable';
import { TeamTotals } from './TeamTotals';

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
        <TeamTotals kills={team.kills} gold={team.gold}>
          {OBJECTIVES.map(([key, label]) => (
            <div key={key}>
              <dt>{label}</dt>
              <dd data-testid={`objective-${key}`}>{team.objectives[key]}</dd>
            </div>
          ))}
        </TeamTotals>
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
