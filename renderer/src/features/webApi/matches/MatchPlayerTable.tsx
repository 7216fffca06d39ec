import type { MatchParticipantView } from '@shared/contract';
import { formatKda, formatPerMinute, formatThousands, highestTierLine, positionLabel } from './matchFormat';
import { ItemRow } from './ItemRowStats';
import { ChampionIcon, RuneIcons, SpellIcon } from './matchIcons';

/** A line per player with what the match record says: a side's players, or an Arena team's. */
export function MatchPlayerTable({
  participants,
  durationSeconds,
  mapId,
  highlight,
}: {
  participants: MatchParticipantView[];
  durationSeconds: number;
  /** For the highestTierAchieved tooltip: its meaning differs off the main map. */
  mapId: number;
  highlight: string;
}) {
  return (
    <div className="table-scroll">
      <table className="match-table">
        <colgroup>
          <col className="col-champion" />
          <col className="col-player" />
          <col className="col-spells" />
          <col className="col-kda" />
          <col className="col-cs" />
          <col className="col-damage" />
          <col className="col-gold" />
          <col className="col-vision" />
          <col className="col-items" />
        </colgroup>
        <thead>
          <tr>
            <th scope="col">Champion</th>
            <th scope="col">Player</th>
            <th scope="col" className="wraps">
              Spells, runes
            </th>
            <th scope="col" className="num">
              K / D / A
            </th>
            <th scope="col" className="num">
              CS
            </th>
            <th scope="col" className="num">
              Damage
            </th>
            <th scope="col" className="num">
              Gold
            </th>
            <th scope="col" className="num">
              Vision
            </th>
            <th scope="col">Items</th>
          </tr>
        </thead>
        <tbody>
          {participants.map((player, index) => {
            const seasonTier = highestTierLine(player.highestTierAchieved, mapId);
            return (
              <tr
                key={`${player.championId}-${index}`}
                className={highlight && player.puuid === highlight ? 'highlight' : undefined}
                data-testid="participant"
              >
                <td>
                  <ChampionIcon championId={player.championId} championName={player.championName} />
                  <span className="level" title="Champion level">
                    {player.champLevel}
                  </span>
                </td>
                <td className="match-player">
                  {player.riotId ?? <span className="hidden-player">Hidden player</span>}
                  {positionLabel(player.position) ? (
                    <span className="position">{positionLabel(player.position)}</span>
                  ) : null}
                  {seasonTier ? (
                    <span className="season-tier" title={seasonTier.tooltip} data-testid="season-tier">
                      {seasonTier.text}
                    </span>
                  ) : null}
                </td>
                <td className="match-spells">
                  <span className="spell-pair">
                    <SpellIcon spellId={player.spells[0]} />
                    <SpellIcon spellId={player.spells[1]} />
                  </span>
                  <RuneIcons keystone={player.runes.keystone} secondaryTree={player.runes.secondaryTree} />
                </td>
                <td className="num">{formatKda(player)}</td>
                <td className="num" title={`${formatPerMinute(player.cs, durationSeconds)} per minute`}>
                  {player.cs}
                </td>
                <td className="num">{formatThousands(player.damageToChampions)}</td>
                <td className="num">{formatThousands(player.gold)}</td>
                <td className="num">{player.visionScore}</td>
                <td className="match-items">
                  <ItemRow items={player.items} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
