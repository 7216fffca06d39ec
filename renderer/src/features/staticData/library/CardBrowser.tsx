import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import type { CardSummary } from '@shared/contract';
import { StaticImage } from '../../../ui/StaticImage';
import { RegionIcons } from '../../../ui/RegionIcon';
import { useContractQuery } from '../../../state/contractQueries';
import { useStaticDataRevision } from '../../../state/useStaticData';
import { CardFilters, NO_FILTERS, type CardFilterValues } from './CardFilters';
import { useDebouncedValue } from '../../../ui/time/useDebouncedValue';

const PAGE_SIZE = 48;

/** Search and filter the cached cards; the grid shows the card renders from the bundles, a page at a time. */
export function CardBrowser({ locale, onOpen }: { locale: string; onOpen: (cardCode: string) => void }) {
  const revision = useStaticDataRevision();
  const [filters, setFilters] = useState<CardFilterValues>(NO_FILTERS);
  const [page, setPage] = useState(0);
  const query = useDebouncedValue(filters.query.trim(), 200);
  const input = { ...filters, query, locale, limit: PAGE_SIZE, offset: page * PAGE_SIZE };
  const search = useContractQuery('staticData.cards.search', input, {
    dependsOn: [revision],
    placeholderData: keepPreviousData,
  });
  const change = (next: CardFilterValues) => {
    setFilters(next);
    setPage(0);
  };

  if (search.isPending) return <p className="muted">Loading cards…</p>;
  if (search.isError) return <p className="sd-error">{search.error.message}</p>;
  const result = search.data;
  const pages = Math.max(1, Math.ceil(result.total / PAGE_SIZE));
  const first = result.total === 0 ? 0 : result.offset + 1;
  const last = result.offset + result.cards.length;

  return (
    <div className="sd-browser">
      <CardFilters
        values={filters}
        onChange={change}
        regions={result.facets.regions}
        types={result.facets.types}
        bundles={result.facets.bundles}
      />
      <div className="sd-results-head">
        <span data-testid="card-count" aria-live="polite">
          {result.total === 0
            ? 'No cards match'
            : `${first}–${last} of ${result.total} ${result.total === 1 ? 'card' : 'cards'}`}
        </span>
        {search.isFetching ? <span className="muted">Updating…</span> : null}
      </div>
      <ul className="sd-card-grid" data-testid="card-grid">
        {result.cards.map((card) => (
          <li key={card.cardCode}>
            <CardTile card={card} onOpen={onOpen} />
          </li>
        ))}
      </ul>
      {pages > 1 ? (
        <nav className="sd-pager" aria-label="Pages">
          <button type="button" disabled={page === 0} onClick={() => setPage(page - 1)}>
            Previous
          </button>
          <span>
            Page {page + 1} of {pages}
          </span>
          <button
            type="button"
            disabled={page + 1 >= pages}
            onClick={() => setPage(page + 1)}
            data-testid="card-next-page"
          >
            Next
          </button>
        </nav>
      ) : null}
    </div>
  );
}

function CardTile({ card, onOpen }: { card: CardSummary; onOpen: (cardCode: string) => void }) {
  return (
    <button
      type="button"
      className="sd-card-tile"
      onClick={() => onOpen(card.cardCode)}
      data-testid={`card-${card.cardCode}`}
      aria-label={`${card.name}, ${card.cost} mana ${card.type}`}
    >
      <StaticImage
        src={card.imageUrl}
        alt={card.name}
        className="sd-card-art"
        fallback={<CardFallback card={card} />}
      />
      <span className="sd-card-caption">
        <span className="sd-card-name">{card.name}</span>
        <RegionIcons regions={card.regions} className="sd-card-regions" />
      </span>
    </button>
  );
}

/** Without art (offline before it was fetched, or not in the data): the card's numbers and name. */
export function CardFallback({ card }: { card: CardSummary }) {
  return (
    <span className="sd-card-fallback">
      <span className="sd-cost">{card.cost}</span>
      <span>{card.name}</span>
      <span className="muted">{card.type}</span>
    </span>
  );
}
