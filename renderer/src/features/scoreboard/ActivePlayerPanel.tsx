import type { LiveActivePlayer } from '@shared/contract';
import { GameIcon } from './GameIcon';
import { useIcons } from './iconResolver';
import { resourceLabel, statLines } from './scoreboardFormat';

const MAX_RANK: Record<string, number> = { Q: 5, W: 5, E: 5, R: 3 };

const tooltipOf = (name: string, text: string | null | undefined): string =>
  text ? `${name}\n\n${text}` : name;

/** The local player's own panel: gold, stats, abilities with their ranks, runes. Never in spectator mode. */
export function ActivePlayerPanel({
  active,
  championKey,
}: {
  active: LiveActivePlayer;
  championKey: string;
}) {
  const icons = useIcons();
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
          {active.gold.toLocaleString('en-US')}
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
          <li
            key={ability.slot}
            data-testid={`ability-${ability.slot}`}
            title={tooltipOf(
              ability.name || ability.slot,
              icons.abilityText?.(championKey, ability.slot, ability.id),
            )}
          >
            <span className="ability-key">{ability.slot === 'Passive' ? 'P' : ability.slot}</span>
            <GameIcon
              src={icons.ability(championKey, ability.slot, ability.id)}
              label={ability.name || ability.slot}
              className="ability-icon"
            />
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
        </div>
      ) : null}
    </section>
  );
}
