import type { LiveAbility, LiveActivePlayer } from '@shared/contract';
import { HoverCard } from '../staticData/HoverCard';
import { PassiveSection, SpellSection } from '../staticData/ArenaTooltips';
import { useChampionTooltip } from '../staticData/useChampionTooltip';
import { abilityDataFor, abilityImageOf, type AbilityData } from './championAbilities';
import { GameIcon } from './GameIcon';
import { useIcons } from './iconResolver';
import { resourceLabel, statLines } from './scoreboardFormat';
import { useDisplayLocale } from '../../ui/locale/useDisplayLocale';
import { formatWhole } from '../../ui/locale/numberFormat';

const MAX_RANK: Record<string, number> = { Q: 5, W: 5, E: 5, R: 3 };

/** The local player's own panel: gold, stats, abilities with their ranks, runes. Never in spectator mode. */
export function ActivePlayerPanel({
  active,
  championKey,
}: {
  active: LiveActivePlayer;
  championKey: string;
}) {
  const icons = useIcons();
  const locale = useDisplayLocale();
  // The champion's own spell text, as the game's tooltips show it; text tiles until static data is cached.
  const champion = useChampionTooltip(championKey);
  const { stats } = active;
  const resource = resourceLabel(stats.resourceType);
  const healthShare = stats.maxHealth > 0 ? Math.min(1, stats.currentHealth / stats.maxHealth) : 0;
  const resourceShare = stats.resourceMax > 0 ? Math.min(1, stats.resourceValue / stats.resourceMax) : 0;
  return (
    <section className="panel active-player" aria-labelledby="active-title" data-testid="active-player">
      <div className="panel-title-row">
        <h2 id="active-title">Your champion</h2>
        <span className="gold" data-testid="active-gold" title="Gold">
          <span className="gold-coin" aria-hidden="true" />
          {formatWhole(active.gold, locale)}
        </span>
      </div>
      <div className="bars">
        <div className="bar health" title="Health">
          <span style={{ width: `${healthShare * 100}%` }} />
          <em>
            {stats.currentHealth} / {stats.maxHealth}
          </em>
        </div>
        {resource ? (
          <div className="bar resource" title={resource}>
            <span style={{ width: `${resourceShare * 100}%` }} />
            <em>
              {stats.resourceValue} / {stats.resourceMax}
            </em>
          </div>
        ) : null}
      </div>
      <ul className="abilities" aria-label="Abilities">
        {active.abilities.map((ability) => (
          <AbilityTile key={ability.slot} ability={ability} data={abilityDataFor(champion.data, ability)} />
        ))}
      </ul>
      <dl className="stats">
        {statLines(stats).map((line) => (
          <div key={line.key}>
            <dt>{line.label}</dt>
            <dd>{line.value}</dd>
          </div>
        ))}
      </dl>
      {active.keystone ? (
        <div className="runes">
          <GameIcon
            src={icons.rune(active.keystone.id)}
            label={active.keystone.name}
            round
            className="keystone"
          />
          <span>
            {active.keystone.name}
            <span className="muted">
              {[active.primaryTree?.name, active.secondaryTree?.name].filter(Boolean).join(' · ')}
            </span>
          </span>
          {[active.primaryTree, active.secondaryTree].map((tree) =>
            tree ? (
              <GameIcon
                key={tree.id}
                src={icons.rune(tree.id)}
                label={tree.name}
                round
                className="rune-tree"
              />
            ) : null,
          )}
        </div>
      ) : null}
    </section>
  );
}

/** One ability: icon, rank pips, and (with static data) its tooltip on hover or focus. */
function AbilityTile({ ability, data }: { ability: LiveAbility; data: AbilityData | null }) {
  const label = ability.name || ability.slot;
  const icon = <GameIcon src={abilityImageOf(data)} label={label} className="ability-icon" />;
  return (
    <li data-testid={`ability-${ability.slot}`}>
      <span className="ability-key">{ability.slot === 'Passive' ? 'P' : ability.slot}</span>
      {data ? (
        <HoverCard trigger={icon} label={label} testId={`ability-tooltip-${ability.slot}`}>
          {() => (
            <div className="sd-tooltip">
              {data.kind === 'passive' ? (
                <PassiveSection passive={data.passive} />
              ) : (
                <SpellSection spell={data.spell} />
              )}
            </div>
          )}
        </HoverCard>
      ) : (
        icon
      )}
      {ability.level !== null ? (
        <span className="ranks" aria-label={`Rank ${ability.level}`}>
          {Array.from({ length: MAX_RANK[ability.slot] ?? 5 }, (_, rank) => (
            <i key={rank} className={rank < (ability.level ?? 0) ? 'on' : ''} />
          ))}
        </span>
      ) : (
        <span className="ranks passive">Passive</span>
      )}
    </li>
  );
}
