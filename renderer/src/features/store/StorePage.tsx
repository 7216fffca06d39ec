import { useState, type FormEvent, type ReactNode } from 'react';
import { STORE_POLICY_KINDS, STORE_POLICY_LABELS, type StoreSettings } from '@shared/contract';
import { useSearchParams } from '../../navigation/searchParams';
import { useContractQuery } from '../../state/contractQueries';
import { useSettings } from '../../state/settingsQueries';
import { useCountryChoices } from '../../ui/locale/useCountryChoices';
import { MerchantTextView } from './MerchantTextView';
import { AgentsView, PolicyView } from './PolicyView';
import { ProductGrid } from './ProductGrid';
import { ProductView, type AddToCart } from './ProductView';
import { StoreError, StoreRateNotice } from './StoreRateNotice';
import { readStoreView, showStore, storeLink, type StoreView } from './storeRoute';
import { buyerCode, useSaveStoreSettings } from './useSaveStoreSettings';
import './store.css';

export interface StorePageProps {
  /** From the checkout UI: shows "Add to cart" on product pages (see ProductView). */
  onAddToCart?: AddToCart;
  /** From the checkout UI: its cart summary, shown beside the catalog. */
  cartSlot?: ReactNode;
  /**
   * From the checkout UI: search results through the store's agent interface (search_catalog), which
   * falls back to StorefrontSearchResults itself. Without it, the storefront's search page is read.
   */
  searchResults?: (query: string) => ReactNode;
}

/** The merch store's catalog: collections, search, product pages and the store's policies. */
export function StorePage({ onAddToCart, cartSlot, searchResults }: StorePageProps = {}) {
  const view = readStoreView(useSearchParams());
  return (
    <div className="store-page" data-testid="store-page">
      <div className="store-toolbar">
        <SearchForm
          key={view.kind === 'search' ? view.query : ''}
          query={view.kind === 'search' ? view.query : ''}
        />
        <BuyerContextForm />
      </div>
      <div className="store-layout">
        <CollectionNav current={view.kind === 'collection' ? view.handle : null} />
        <section className="store-main">
          {view.kind === 'search' && searchResults ? (
            searchResults(view.query)
          ) : (
            <StoreMain view={view} onAddToCart={onAddToCart} />
          )}
        </section>
        {cartSlot ? <aside className="store-cart-slot">{cartSlot}</aside> : null}
      </div>
      <nav className="store-policies" aria-label="Store policies" data-testid="store-policy-links">
        {STORE_POLICY_KINDS.map((kind) => (
          <a key={kind} {...storeLink({ policy: kind })}>
            {STORE_POLICY_LABELS[kind]}
          </a>
        ))}
        <a {...storeLink({ agents: '1' })}>Notes for shopping apps</a>
      </nav>
    </div>
  );
}

function StoreMain({ view, onAddToCart }: { view: StoreView; onAddToCart?: AddToCart }) {
  switch (view.kind) {
    case 'product':
      return <ProductView handle={view.handle} onAddToCart={onAddToCart} />;
    case 'search':
      return <StorefrontSearchResults query={view.query} />;
    case 'policy':
      return <PolicyView policy={view.policy} />;
    case 'agents':
      return <AgentsView />;
    case 'collection':
      return <CollectionView handle={view.handle} page={view.page} />;
  }
}

function SearchForm({ query }: { query: string }) {
  const [text, setText] = useState(query);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim() !== '') showStore({ q: text.trim() });
  };
  return (
    <form className="store-search" role="search" onSubmit={submit}>
      <input
        type="search"
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder="Search the store"
        aria-label="Search the store"
        maxLength={200}
        data-testid="store-search-input"
      />
      <button type="submit" disabled={text.trim() === ''} data-testid="store-search-submit">
        Search
      </button>
    </form>
  );
}

/** Country and currency go with every catalog request, so prices and availability are the buyer's. */
function BuyerContextForm() {
  const settings = useSettings();
  const store = settings.data?.settings.store;
  return store ? <BuyerContextFields key={`${store.country}|${store.currency}`} store={store} /> : null;
}

function BuyerContextFields({ store }: { store: StoreSettings }) {
  const [country, setCountry] = useState(store.country);
  const [currency, setCurrency] = useState(store.currency);
  const countries = useCountryChoices(store.country);
  const save = useSaveStoreSettings();
  const changed = country !== store.country || currency !== store.currency;
  return (
    <form
      className="store-buyer"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate({ country, currency: buyerCode(currency) });
      }}
    >
      <label>
        <span>Country</span>
        <select
          value={country}
          onChange={(event) => setCountry(event.target.value)}
          data-testid="store-country"
        >
          {countries.options.map((code) => (
            <option key={code} value={code}>
              {countries.labels[code]}
            </option>
          ))}
        </select>
      </label>
      <label>
        <span>Currency</span>
        <input
          value={currency}
          onChange={(event) => setCurrency(event.target.value)}
          maxLength={3}
          size={4}
          data-testid="store-currency"
        />
      </label>
      <button type="submit" disabled={!changed || save.isPending} data-testid="store-buyer-save">
        Use
      </button>
      {save.isError ? <StoreError error={save.error} /> : null}
    </form>
  );
}

function CollectionNav({ current }: { current: string | null }) {
  const answer = useContractQuery('store.catalog.collections', {}, { retry: false });
  const collections = [{ handle: 'all', title: 'All products' }, ...(answer.data?.collections ?? [])];
  return (
    <nav className="store-collections" aria-label="Collections" data-testid="store-collections">
      <h2>Collections</h2>
      <ul>
        {collections.map((collection) => (
          <li key={collection.handle}>
            <a
              {...storeLink(collection.handle === 'all' ? {} : { collection: collection.handle })}
              aria-current={collection.handle === current ? 'page' : undefined}
            >
              {collection.title}
            </a>
          </li>
        ))}
      </ul>
      {answer.isError ? <StoreError error={answer.error} /> : null}
    </nav>
  );
}

function CollectionView({ handle, page }: { handle: string; page: number }) {
  const answer = useContractQuery('store.catalog.collectionProducts', { handle, page }, { retry: false });
  if (answer.isError) return <StoreError error={answer.error} />;
  if (!answer.data) return <p className="muted">Loading the collection…</p>;
  const { collection, products, hasNextPage } = answer.data;
  return (
    <div className="store-collection" data-testid="store-collection">
      <StoreRateNotice notice={answer.data.rateNotice} />
      <h2 data-testid="store-collection-title">{collection.title}</h2>
      <MerchantTextView text={collection.description} />
      <ProductGrid products={products} empty="This collection is empty." />
      {page > 1 || hasNextPage ? (
        <div className="store-pager">
          {page > 1 ? <a {...storeLink({ collection: handle, page: String(page - 1) })}>Previous</a> : null}
          <span className="muted">Page {page}</span>
          {hasNextPage ? <a {...storeLink({ collection: handle, page: String(page + 1) })}>Next</a> : null}
        </div>
      ) : null}
    </div>
  );
}

/** The storefront's /search page, read by the catalog; `note` says why the store's tools were not used. */
export function StorefrontSearchResults({ query, note }: { query: string; note?: string }) {
  const answer = useContractQuery('store.catalog.search', { query }, { retry: false });
  if (answer.isError) return <StoreError error={answer.error} />;
  if (!answer.data) return <p className="muted">Searching…</p>;
  return (
    <div className="store-search-results" data-testid="store-search-results" data-source="storefront">
      <StoreRateNotice notice={answer.data.rateNotice} />
      <h2>Results for “{answer.data.query}”</h2>
      {note ? (
        <p className="muted store-search-source" data-testid="store-search-source">
          {note}
        </p>
      ) : null}
      <ProductGrid products={answer.data.products} empty="No products match." />
    </div>
  );
}
