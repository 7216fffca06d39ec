import type { ArenaSpellView, ChampionTooltip, ItemTooltip } from '@shared/contract';
import { RichTextView } from './RichTextView';
import { StaticImage } from '../../ui/StaticImage';
import { useChampionTooltip } from './useChampionTooltip';
import { useContractQuery } from '../../state/contractQueries';
import { useStaticDataRevision } from '../../state/useStaticData';

/**
 * Champion and item tooltips, as the game's own client shows them: what the static data says, nothing computed
 * beyond it. Reusable wherever a champion or item id is on screen (scoreboard, match history).
 */

export function ChampionTooltipCard({ id, locale }: { id: string; locale?: string }) {
  const query = useChampionTooltip(id, locale);
  if (query.isPending) return <p className="muted sd-tooltip-state">Loading {id}…</p>;
  if (query.isError) return <p className="error sd-tooltip-state">{query.error.message}</p>;
  return <ChampionTooltipView champion={query.data} />;
}

export function ChampionTooltipView({ champion }: { champion: ChampionTooltip }) {
  return (
    <div className="sd-tooltip" data-testid="champion-tooltip">
      <header className="sd-tooltip-head">
        <StaticImage src={champion.imageUrl} alt="" className="sd-tooltip-icon" eager />
        <div>
          <strong>{champion.name}</strong>
          <span className="muted sd-tooltip-sub">{champion.title}</span>
        </div>
      </header>
      <PassiveSection passive={champion.passive} />
      {champion.spells.map((spell) => (
        <SpellSection spell={spell} key={spell.id} />
      ))}
      <footer className="muted sd-tooltip-foot">
        Data {champion.version} · {champion.locale}
      </footer>
    </div>
  );
}

/** A champion's passive as its tooltip shows it. */
export function PassiveSection({ passive }: { passive: ChampionTooltip['passive'] }) {
  return (
    <section className="sd-spell" data-testid="spell-P">
      <StaticImage src={passive.imageUrl} alt="" className="sd-spell-icon" eager />
      <div>
        <div className="sd-spell-name">
          <span className="sd-slot">P</span>
          {passive.name}
        </div>
        <RichTextView text={passive.description} className="sd-spell-text" />
      </div>
    </section>
  );
}

/** One spell: name, cost and cooldown per rank, and its text with the spec's placeholder rules applied. */
export function SpellSection({ spell }: { spell: ArenaSpellView }) {
  return (
    <section className="sd-spell" data-testid={`spell-${spell.slot ?? spell.id}`}>
      <StaticImage src={spell.imageUrl} alt="" className="sd-spell-icon" eager />
      <div>
        <div className="sd-spell-name">
          {spell.slot ? <span className="sd-slot">{spell.slot}</span> : null}
          {spell.name}
        </div>
        <div className="sd-spell-meta">
          {spell.cost.length > 0 ? (
            <span>
              Cost <RichTextView text={spell.cost} />
            </span>
          ) : null}
          {spell.cooldown ? <span>Cooldown {spell.cooldown}s</span> : null}
        </div>
        <RichTextView text={spell.tooltip} className="sd-spell-text" />
      </div>
    </section>
  );
}

export function ItemTooltipCard({ id, locale }: { id: string; locale?: string }) {
  const revision = useStaticDataRevision();
  const query = useContractQuery(
    'staticData.arena.item',
    { id, ...(locale ? { locale } : {}) },
    { dependsOn: [revision], staleTime: Infinity },
  );
  if (query.isPending) return <p className="muted sd-tooltip-state">Loading item {id}…</p>;
  if (query.isError) return <p className="error sd-tooltip-state">{query.error.message}</p>;
  return <ItemTooltipView item={query.data} />;
}

export function ItemTooltipView({ item }: { item: ItemTooltip }) {
  return (
    <div className="sd-tooltip" data-testid="item-tooltip">
      <header className="sd-tooltip-head">
        <StaticImage src={item.imageUrl} alt="" className="sd-tooltip-icon" eager />
        <div>
          <strong>{item.name}</strong>
          <span className="sd-gold">{item.gold.total} gold</span>
        </div>
      </header>
      {item.stats.length > 0 ? (
        <ul className="sd-item-stats">
          {item.stats.map((stat) => (
            <li key={stat.key}>{stat.display}</li>
          ))}
        </ul>
      ) : null}
      {item.description.length > 0 ? (
        <RichTextView text={item.description} className="sd-spell-text" />
      ) : null}
      {item.plaintext ? <p className="muted sd-tooltip-foot">{item.plaintext}</p> : null}
    </div>
  );
}
