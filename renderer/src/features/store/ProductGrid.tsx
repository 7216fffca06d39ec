import type { StoreProductSummary } from '@shared/contract';
import { StoreImageView } from './StoreImageView';
import { availabilityText, useBuyerLocale, priceRangeText } from './storePrices';
import { storeLink } from './storeRoute';

/** Product cards for a collection or a search: image, title, price in the buyer's currency, availability. */
export function ProductGrid({ products, empty }: { products: StoreProductSummary[]; empty: string }) {
  const locale = useBuyerLocale();
  if (products.length === 0)
    return (
      <p className="muted" data-testid="store-empty">
        {empty}
      </p>
    );
  return (
    <ul className="store-grid" data-testid="store-grid">
      {products.map((product) => (
        <li key={product.id} className="store-card" data-testid="store-product-card">
          <a {...storeLink({ product: product.handle })} className="store-card-link">
            {product.image ? <StoreImageView image={product.image} className="store-card-image" /> : null}
            <span className="store-card-title">{product.title}</span>
          </a>
          <span className="store-card-price" data-testid="store-card-price">
            {priceRangeText(product.priceMin, product.priceMax, locale)}
          </span>
          {product.available === false ? (
            <span className="store-availability sold-out">{availabilityText(product.available)}</span>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
