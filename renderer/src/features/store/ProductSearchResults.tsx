import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { StoreSearchProduct } from '@shared/contract';
import { formatMoney } from '@shared/contract/money';
import { useAppApi } from '../../state/AppContext';
import { contractQueryKey } from '../../state/contractQueries';
import type { AddToCart } from './ProductView';
import { StorefrontSearchResults } from './StorePage';
import { StoreError } from './StoreRateNotice';
import { availabilityText, useBuyerLocale, priceRangeText } from './storePrices';
import { storeLink } from './storeRoute';
import { StoreImageView } from './StoreImageView';
import { useVariantChoice } from './useVariantChoice';
import { variantLabel } from './cartLines';

const PAGE_SIZE = 12;

/**
 * The store page's search: the store's own search_catalog tool, with the buyer's country and currency,
 * so each hit carries the variant IDs a cart takes. Only when the store has no agent interface Sightline
 * can use (no tool endpoint, no agent profile set) is its storefront search page read instead.
 */
export function ProductSearchResults({ query, onAddToCart }: { query: string; onAddToCart: AddToCart }) {
  const api = useAppApi();
  const search = useInfiniteQuery({
    // The pages' cursors are page params: the key is the input without one.
    queryKey: contractQueryKey('store.checkout.searchCatalog', { query, limit: PAGE_SIZE }),
    queryFn: ({ pageParam }) =>
      api.request('store.checkout.searchCatalog', {
        query,
        limit: PAGE_SIZE,
        ...(pageParam ? { cursor: pageParam } : {}),
      }),
    initialPageParam: '',
    getNextPageParam: (last) => (last.kind === 'results' ? (last.nextCursor ?? undefined) : undefined),
    retry: false,
  });
  const pages = search.data?.pages ?? [];
  const first = pages[0];
  if (search.isError && !first) return <StoreError error={search.error} />;
  if (!first) return <p className="muted">Searching…</p>;
  if (first.kind === 'no-agent-interface') {
    return (
      <StorefrontSearchResults
        query={query}
        note={`From the store’s search page: ${first.reason.replace(/\.$/, '')}.`}
      />
    );
  }
  const products = pages.flatMap((page) => (page.kind === 'results' ? page.products : []));
  return (
    <div className="store-search-results" data-testid="store-search-results" data-source="search_catalog">
      <h2>Results for “{query}”</h2>
      {products.length === 0 ? (
        <p className="muted" data-testid="store-empty">
          No products match.
        </p>
      ) : (
        <ul className="store-grid store-hits">
          {products.map((product) => (
            <SearchHit key={product.id} product={product} onAddToCart={onAddToCart} />
          ))}
        </ul>
      )}
      {search.isError ? <StoreError error={search.error} /> : null}
      {search.hasNextPage ? (
        <div className="store-pager">
          <button
            type="button"
            disabled={search.isFetchingNextPage}
            onClick={() => void search.fetchNextPage()}
            data-testid="store-search-more"
          >
            {search.isFetchingNextPage ? 'Loading…' : 'More results'}
          </button>
        </div>
      ) : null}
    </div>
  );
}

/** One search_catalog product: its picture, its variants with prices in the buyer's currency, each addable to the cart. */
function SearchHit({ product, onAddToCart }: { product: StoreSearchProduct; onAddToCart: AddToCart }) {
  const locale = useBuyerLocale();
  const [variant, setVariantId] = useVariantChoice(product.variants);
  const [adding, setAdding] = useState(false);

  const add = async (id: string) => {
    setAdding(true);
    try {
      await onAddToCart(id, 1);
    } finally {
      setAdding(false);
    }
  };

  return (
    <li className="store-card store-hit" data-testid="store-search-hit">
      {product.imageUrl ? (
        <StoreImageView
          image={{ src: product.imageUrl, alt: product.title, width: null, height: null }}
          className="store-card-image"
        />
      ) : null}
      {product.handle ? (
        <a {...storeLink({ product: product.handle })} className="store-card-title">
          {product.title}
        </a>
      ) : (
        <span className="store-card-title">{product.title}</span>
      )}
      {product.description ? <p className="store-hit-description muted">{product.description}</p> : null}
      {variant ? (
        <>
          {product.variants.length > 1 ? (
            <label className="store-hit-variant">
              <span>Variant</span>
              <select
                value={variant.id}
                onChange={(event) => setVariantId(event.target.value)}
                data-testid="store-hit-variant"
              >
                {product.variants.map((candidate) => (
                  <option key={candidate.id} value={candidate.id}>
                    {candidate.title} · {formatMoney(candidate.price, locale)}
                    {candidate.available === false ? ' · sold out' : ''}
                  </option>
                ))}
              </select>
            </label>
          ) : null}
          <span className="store-hit-buy">
            <span className="store-card-price" data-testid="store-hit-price">
              {formatMoney(variant.price, locale)}
            </span>
            <span
              className={variant.available === false ? 'store-availability sold-out' : 'store-availability'}
              data-testid="store-hit-availability"
            >
              {availabilityText(variant.available)}
            </span>
          </span>
          <span className="store-hit-choice muted" data-testid="store-hit-choice">
            {variantLabel(product.title, variant.title, product.variants.length)}
          </span>
          <button
            type="button"
            className="store-hit-add"
            disabled={adding || variant.available === false}
            onClick={() => void add(variant.id)}
            data-testid="store-hit-add"
          >
            {adding ? 'Adding…' : 'Add to cart'}
          </button>
        </>
      ) : (
        <span className="store-card-price">{priceRangeText(product.priceMin, product.priceMax, locale)}</span>
      )}
    </li>
  );
}
