import { memo } from 'react';
import type { LiveGameState, LiveTeam, LiveTeamTotals } from '@shared/contract';
import { LIVE_TEAM_LABELS } from '@shared/contract/live';
import { teamLabelOf } from './barText';
import { LiveClock } from './LiveClock';
import { ObjectiveGlyph, type GlyphName } from './ObjectiveGlyph';
import { DRAGON_NAMES } from './scoreboardFormat';

type Counted = Exclude<keyof LiveTeamTotals, 'dragons' | 'kills'>;

const COUNTERS: Array<{ key: Counted; glyph: GlyphName; label: string }> = [
  { key: 'towers', glyph: 'tower', label: 'Turrets destroyed' },
  { key: 'inhibitors', glyph: 'inhibitor', label: 'Inhibitors destroyed' },
  { key: 'voidgrubs', glyph: 'voidgrub', label: 'Voidgrubs' },
  { key: 'heralds', glyph: 'herald', label: 'Rift Heralds' },
  { key: 'barons', glyph: 'baron', label: 'Barons' },
  { key: 'atakhans', glyph: 'atakhan', label: 'Atakhan' },
];

/** One side's objectives as the game's scoreboard counts them: turrets, drakes, epic monsters. */
export function TeamCounters({ team, totals }: { team: LiveTeam; totals: LiveTeamTotals }) {
  return (
    <span className="team-counters">
      {COUNTERS.filter(({ key }) => key === 'towers' || totals[key] > 0).map(({ key, glyph, label }) => (
        <span key={key} className="counter" title={label} data-testid={`team-${key}-${team}`}>
          <ObjectiveGlyph name={glyph} title={label} />
          <span className="count">{totals[key]}</span>
        </span>
      ))}
      <span className="dragons" data-testid={`team-dragons-${team}`} data-count={totals.dragons.length}>
        {totals.dragons.map((type, index) => (
          <ObjectiveGlyph
            key={index}
            name="dragon"
            className={`drake-${type}`}
            title={`${DRAGON_NAMES[type] ?? type} ${type === 'Elder' ? 'Dragon' : 'Drake'}`}
          />
        ))}
      </span>
    </span>
  );
}

/** One side's totals: its name (the caster's, or the game's), kills, turrets, drakes, epic monsters. */
export const TeamScore = memo(function TeamScore({
  team,
  totals,
  name = LIVE_TEAM_LABELS[team],
}: {
  team: LiveTeam;
  totals: LiveTeamTotals;
  name?: string;
}) {
  return (
    <div className={`team-score team-${team}`} data-testid={`team-score-${team}`}>
      <span className="team-name" data-testid={`team-name-${team}`}>
        {name}
      </span>
      <TeamCounters team={team} totals={totals} />
      <span className="team-kills" data-testid={`team-kills-${team}`} title="Kills">
        {totals.kills}
      </span>
    </div>
  );
});

/** Both sides around the clock, blue on the left as in the game. */
export function ScoreStrip({
  game,
}: {
  game: Pick<LiveGameState, 'teams' | 'phase' | 'clock' | 'broadcast'>;
}) {
  return (
    <div className="score-strip" data-testid="score-strip">
      <TeamScore team="ORDER" totals={game.teams.ORDER} name={teamLabelOf('ORDER', game.broadcast).name} />
      <LiveClock game={game} className="strip-clock" />
      <TeamScore team="CHAOS" totals={game.teams.CHAOS} name={teamLabelOf('CHAOS', game.broadcast).name} />
    </div>
  );
}
