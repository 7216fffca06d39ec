import { useContractQuery } from '../../state/contractQueries';
import { ChampionTooltipCard, ItemTooltipCard } from './ArenaTooltips';
import { HoverCard } from './HoverCard';
import { StaticImage } from '../../ui/StaticImage';
import { isNothingCached, useStaticDataRevision } from '../../state/useStaticData';

/** The cached arena data at a glance: every champion and item icon, each with its tooltip. */
export function ArenaDataPanel() {
  const revision = useStaticDataRevision();
  const catalog = useContractQuery('staticData.arena.catalog', {}, { dependsOn: [revision] });
  if (catalog.isPending) return null;
  if (catalog.isError) {
    return isNothingCached(catalog.error) ? null : (
      <section className="panel">
        <p className="sd-error">{catalog.error.message}</p>
      </section>
    );
  }
  const { champions, items, version, locale } = catalog.data;
  return (
    <section className="panel sd-arena" aria-labelledby="sd-arena-title" data-testid="arena-data">
      <div className="sd-panel-head">
        <h2 id="sd-arena-title">Arena game</h2>
        <span className="muted">
          {version} · {locale} · {champions.length} champions · {items.length} items · point at one for its
          tooltip
        </span>
      </div>
      <h3 className="sd-subhead">Champions</h3>
      <ul className="sd-icon-grid" aria-label="Champions">
        {champions.map((champion) => (
          <li key={champion.id} className="sd-named-icon">
            <HoverCard
              label={`${champion.name}, ${champion.title}`}
              trigger={
                <StaticImage
                  src={champion.imageUrl}
                  alt=""
                  className="sd-icon"
                  fallback={champion.name.slice(0, 2)}
                  testId={`champion-icon-${champion.id}`}
                />
              }
            >
              {() => <ChampionTooltipCard id={champion.id} locale={locale} />}
            </HoverCard>
            <span aria-hidden="true">{champion.name}</span>
          </li>
        ))}
      </ul>
      <h3 className="sd-subhead">Items</h3>
      <ul className="sd-icon-grid small" aria-label="Items">
        {items.map((item) => (
          <li key={item.id}>
            <HoverCard
              label={item.name}
              trigger={
                <StaticImage
                  src={item.imageUrl}
                  alt=""
                  className="sd-icon"
                  fallback={item.name.slice(0, 2)}
                  testId={`item-icon-${item.id}`}
                />
              }
            >
              {() => <ItemTooltipCard id={item.id} locale={locale} />}
            </HoverCard>
          </li>
        ))}
      </ul>
    </section>
  );
}
