import { useState } from 'react';
import type { StoreProduct, StoreVariant } from '@shared/contract';
import { formatMoney } from '@shared/contract/money';
import { useContractQuery } from '../../state/contractQueries';
import { MerchantTextView } from './MerchantTextView';
import { StoreImageView } from './StoreImageView';
import { StoreError, StoreRateNotice } from './StoreRateNotice';
import { availabilityText, useBuyerLocale, priceRangeText } from './storePrices';
import { useVariantChoice } from './useVariantChoice';

/**
 * The checkout UI's slot: called with the variant's protocol ID (gid://shopify/ProductVariant/…, what cart
 * line items take) and a quantity. Without it the product page shows no "Add to cart" button.
 */
export type AddToCart = (variantId: string, quantity: number) => void | Promise<void>;

export interface ProductViewProps {
  handle: string;
  onAddToCart?: AddToCart;
}

export function ProductView({ handle, onAddToCart }: ProductViewProps) {
  const answer = useContractQuery('store.catalog.product', { handle }, { retry: false });
  if (answer.isError) return <StoreError error={answer.error} />;
  if (!answer.data) return <p className="muted">Loading the product…</p>;
  return (
    <>
      <StoreRateNotice notice={answer.data.rateNotice} />
      <ProductDetails key={answer.data.product.id} product={answer.data.product} onAddToCart={onAddToCart} />
    </>
  );
}

function ProductDetails({ product, onAddToCart }: { product: StoreProduct; onAddToCart?: AddToCart }) {
  const locale = useBuyerLocale();
  const [variant, setVariantId] = useVariantChoice(product.variants);
  const [quantity, setQuantity] = useState(1);
  const image =
    (variant?.imageSrc
      ? product.images.find((candidate) => candidate.src === variant.imageSrc)
      : undefined) ?? product.images[0];
  const single = product.variants.length === 1;

  return (
    <article className="panel store-product" data-testid="store-product">
      <div className="store-product-media">
        {image ? <StoreImageView image={image} className="store-product-image" /> : null}
        {product.images.length > 1 ? (
          <div className="store-thumbnails">
            {product.images.map((candidate) => (
              <StoreImageView key={candidate.src} image={candidate} className="store-thumbnail" />
            ))}
          </div>
        ) : null}
      </div>
      <div className="store-product-info">
        <h2 data-testid="store-product-title">{product.title}</h2>
        {product.vendor ? <p className="muted">{product.vendor}</p> : null}
        <p className="store-price" data-testid="store-product-price">
          {variant?.price
            ? formatMoney(variant.price, locale)
            : priceRangeText(product.priceMin, product.priceMax, locale)}
          {variant?.compareAtPrice && variant.price && variant.compareAtPrice.minor > variant.price.minor ? (
            <s className="muted"> {formatMoney(variant.compareAtPrice, locale)}</s>
          ) : null}
        </p>
        <p
          className={variant?.available === false ? 'store-availability sold-out' : 'store-availability'}
          data-testid="store-product-availability"
        >
          {availabilityText(variant?.available ?? product.available)}
        </p>
        {single ? null : (
          <fieldset className="store-variants">
            <legend>{product.options.map((option) => option.name).join(' / ') || 'Variant'}</legend>
            {product.variants.map((candidate) => (
              <VariantChoice
                key={candidate.id}
                variant={candidate}
                checked={candidate.id === variant?.id}
                onChoose={() => setVariantId(candidate.id)}
                locale={locale}
              />
            ))}
          </fieldset>
        )}
        {/* The checkout feature passes onAddToCart; the catalog keeps no cart of its own. */}
        {onAddToCart && variant ? (
          <div className="store-add" data-testid="store-add-to-cart-slot">
            <label>
              <span>Quantity</span>
              <input
                type="number"
                min={1}
                max={99}
                value={quantity}
                onChange={(event) => setQuantity(Math.min(99, Math.max(1, Number(event.target.value) || 1)))}
                data-testid="store-quantity"
              />
            </label>
            <button
              type="button"
              disabled={variant.available === false}
              onClick={() => void onAddToCart(variant.protocolId, quantity)}
              data-testid="store-add-to-cart"
            >
              Add to cart
            </button>
          </div>
        ) : null}
        <MerchantTextView text={product.description} testId="store-product-description" />
        <p>
          <a href={product.url} target="_blank" rel="noopener noreferrer">
            Open on the store
          </a>
        </p>
      </div>
    </article>
  );
}

function VariantChoice(props: {
  variant: StoreVariant;
  checked: boolean;
  onChoose: () => void;
  locale: string;
}) {
  const { variant } = props;
  return (
    <label className={variant.available === false ? 'store-variant sold-out' : 'store-variant'}>
      <input type="radio" name="store-variant" checked={props.checked} onChange={props.onChoose} />
      <span>{variant.title}</span>
      <span className="muted">
        {variant.price ? formatMoney(variant.price, props.locale) : ''}
        {variant.available === false ? ' · sold out' : ''}
      </span>
    </label>
  );
}
