import { Fragment, memo, type CSSProperties } from 'react';
import type { LiveGameState, LivePlayer, LiveTeam, LiveTeamTotals } from '@shared/contract';
import { BAR_NAME_ROOM_PX, nameParts, oneLineFontPx, teamLabelOf } from './barText';
import { ChampionPortrait } from './ChampionPortrait';
import { Inventory } from './Inventory';
import { LiveClock } from './LiveClock';
import { formatKda, sameBarSquare, type BarSquare } from './scoreboardFormat';
import { TeamCounters } from './ScoreStrip';

/** The room a team's name has beside the clock (scoreboard.css: .bar-team). */
const TEAM_NAME_ROOM_PX = 150;

/**
 * A name written as large as one line of its room allows (the stylesheet keeps it legible: a name too long for
 * that breaks at a word, a capital or a digit onto a second line), never cut short. Drawn once per name: a
 * square or a side drawn again for its figures leaves it as it was.
 */
const FittedName = memo(function FittedName({
  name,
  roomPx,
  className,
  testId,
}: {
  name: string;
  roomPx: number;
  className: string;
  testId: string;
}) {
  const style = { '--fit-font': `${oneLineFontPx(name, roomPx)}px` } as CSSProperties;
  return (
    <span className={className} data-testid={testId} title={name} style={style}>
      {/* One box for the flex container to centre, its lines broken only at the parts' <wbr>s (or anywhere). */}
      <span>
        {nameParts(name).map((part, index) => (
          <Fragment key={index}>
            {index > 0 ? <wbr /> : null}
            {part}
          </Fragment>
        ))}
      </span>
    </span>
  );
});

/** One player on the bar, drawn again only when what it shows changes (sameBarSquare), not on every poll. */
const BarPlayer = memo(function BarPlayer({ player, game }: BarSquare) {
  return (
    <span className={`bar-player${player.isLocal ? ' local' : ''}`} data-testid="bar-player">
      <FittedName
        name={player.name}
        roomPx={BAR_NAME_ROOM_PX}
        className="bar-name"
        testId="bar-player-name"
      />
      <span className="bar-loadout">
        <ChampionPortrait player={player} game={game} size="small" />
        <Inventory items={player.items} className="bar-items" testId="bar-player-items" />
      </span>
      <span className="bar-kda" data-testid="bar-player-kda">
        {formatKda(player)}
      </span>
    </span>
  );
}, sameBarSquare);

function SidePlayers({ players, game }: { players: LivePlayer[]; game: LiveGameState }) {
  return (
    <span className="bar-side">
      {players.map((player) => (
        <BarPlayer key={player.id} player={player} game={game} />
      ))}
    </span>
  );
}

/** A side beside the clock: its name (the caster's or the game's), its tag if set, kills and objectives. */
const BarTeam = memo(function BarTeam({
  team,
  totals,
  name,
  tag,
}: {
  team: LiveTeam;
  totals: LiveTeamTotals;
  name: string;
  tag: string | null;
}) {
  return (
    <div className={`bar-team team-${team}`} data-testid={`bar-team-${team}`}>
      <FittedName
        name={name}
        roomPx={TEAM_NAME_ROOM_PX}
        className="bar-team-name"
        testId={`team-name-${team}`}
      />
      <span className="bar-team-score">
        {tag ? (
          <span className="bar-team-tag" data-testid={`team-tag-${team}`}>
            {tag}
          </span>
        ) : null}
        <span className="team-kills" data-testid={`team-kills-${team}`} title="Kills">
          {totals.kills}
        </span>
      </span>
      <TeamCounters team={team} totals={totals} />
    </div>
  );
});

/**
 * The scoreboard bar across a stream's width: each side's five players (name, champion with level, items,
 * K / D / A) and, between them, the teams' names and tags, kills, objectives and the clock. Only what the
 * game's own scoreboard shows: no gold, no estimate of it.
 */
export function ScoreBar({ game }: { game: LiveGameState }) {
  const blue = teamLabelOf('ORDER', game.broadcast);
  const red = teamLabelOf('CHAOS', game.broadcast);
  return (
    <div className="score-bar" data-testid="score-bar">
      <SidePlayers players={game.players.filter((player) => player.team === 'ORDER')} game={game} />
      <div className="bar-center">
        <BarTeam team="ORDER" totals={game.teams.ORDER} name={blue.name} tag={blue.tag} />
        {/* The clock's cell: the bar's grid lays the cell out, so a turn of the clock, laid out in the cell, stays there. */}
        <span className="bar-clock-cell">
          <LiveClock game={game} className="bar-clock" />
        </span>
        <BarTeam team="CHAOS" totals={game.teams.CHAOS} name={red.name} tag={red.tag} />
      </div>
      <SidePlayers players={game.players.filter((player) => player.team === 'CHAOS')} game={game} />
    </div>
  );
}
