import { memo } from 'react';
import { LIVE_TEAM_LABELS, type LiveGameState, type LivePlayer, type LivePlayerTeam } from '@shared/contract';
import { ChampionPortrait } from './ChampionPortrait';
import { GameIcon } from './GameIcon';
import { Inventory } from './Inventory';
import { useIcons } from './iconResolver';
import { formatKda, POSITION_LABELS } from './scoreboardFormat';

type Clock = Pick<LiveGameState, 'phase' | 'clock'>;

// Only the dead need the clock (their respawn countdown); the living keep one constant so their rows
// skip the re-render every poll's clock change would cause.
const NO_COUNTDOWN: Clock = { phase: 'in-game', clock: null };

const PlayerRow = memo(function PlayerRow({ player, clock }: { player: LivePlayer; clock: Clock }) {
  const icons = useIcons();
  return (
    <tr
      className={`player-row${player.isLocal ? ' local' : ''}${player.isDead ? ' dead' : ''}`}
      data-testid="player-row"
      data-player={player.name}
      data-champion={player.championKey}
    >
      <td className="cell-champion">
        <ChampionPortrait player={player} game={clock} />
      </td>
      <td className="cell-name">
        <span
          className="player-name"
          title={player.tagLine ? `${player.name}#${player.tagLine}` : player.name}
        >
          {player.name}
          {player.isLocal ? <span className="you-tag">You</span> : null}
        </span>
        <span className="player-sub">
          {player.championName}
          {POSITION_LABELS[player.position] ? ` · ${POSITION_LABELS[player.position]}` : ''}
        </span>
      </td>
      <td className="cell-loadout">
        <span className="spells">
          {player.spells.map((spell, index) => (
            <GameIcon key={index} src={icons.summonerSpell(spell.key)} label={spell.name} className="spell" />
          ))}
        </span>
        {player.keystone ? (
          <GameIcon
            src={icons.rune(player.keystone.id)}
            label={player.keystone.name}
            className="keystone"
            round
          />
        ) : null}
      </td>
      <td className="cell-kda" data-testid="player-kda">
        {formatKda(player)}
      </td>
      <td className="cell-number" data-testid="player-cs">
        {player.creepScore}
      </td>
      {player.wardScore === null ? (
        // The game shows the other team's vision only once the game is over.
        <td className="cell-number cell-wards" data-testid="player-wards" data-hidden="true" />
      ) : (
        <td className="cell-number cell-wards" data-testid="player-wards">
          {Math.floor(player.wardScore)}
        </td>
      )}
      <td className="cell-items">
        <Inventory items={player.items} />
      </td>
    </tr>
  );
});

/** One team's players in the client's order. */
export function TeamTable({
  team,
  players,
  clock,
}: {
  team: LivePlayerTeam;
  players: LivePlayer[];
  clock: Clock;
}) {
  return (
    <section
      className={`team-table team-${team}`}
      aria-label={`${LIVE_TEAM_LABELS[team]} team`}
      data-testid={`team-${team}`}
    >
      <table>
        <thead>
          <tr>
            <th colSpan={3} className="team-heading">
              {LIVE_TEAM_LABELS[team]} team
            </th>
            <th>K / D / A</th>
            <th title="Creep score">CS</th>
            <th title="Ward score: the other team's shows once the game is over, as in the game's scoreboard">
              Wards
            </th>
            <th>Items</th>
          </tr>
        </thead>
        <tbody>
          {players.map((player) => (
            <PlayerRow key={player.id} player={player} clock={player.isDead ? clock : NO_COUNTDOWN} />
          ))}
        </tbody>
      </table>
    </section>
  );
}
