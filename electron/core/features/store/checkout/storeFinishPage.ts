import type { StoreCart, StoreCheckoutView, StoreSearchProduct } from '@shared/contract';

/**
 * Where a buyer finishes an order Sightline may not place, so no checkout ends without a page (spec 3 §1: "routed
 * through a buyer-approved payment flow"). The order follows Shopify's ucp-cli hand-off priority
 * (`skills/ucp/SKILL.md`, "Agent-initiated escalation"): the checkout's or cart's `continue_url`; else the store's
 * cart holding the lines (Shopify's cart permalink `/cart/<variant>:<qty>,…`, for Shopify variant ids); else the
 * product page of a line, as its search hit named it; else the storefront itself.
 */
export interface StoreFinishPage {
  url: string;
  /** continue: the store's own page for this order; cart, product or storefront: one Sightline chose. */
  kind: 'continue' | 'cart' | 'product' | 'storefront';
  /** Which page it is, for people. */
  message: string;
}

/** Product pages of search hits, by variant id, per store: a cart line's page when the store gave none. */
export interface StoreProductPages {
  remember(storeUrl: string, products: readonly StoreSearchProduct[]): void;
  pageOf(storeUrl: string, variantId: string): string | null;
}

/** Past this many variants the oldest are forgotten: a long session of searches stays small. */
const REMEMBERED_VARIANTS = 2000;

export function createStoreProductPages(): StoreProductPages {
  const pages = new Map<string, string>();
  const key = (storeUrl: string, variantId: string) => `${storeUrl}\n${variantId}`;
  return {
    remember(storeUrl, products) {
      for (const product of products) {
        const page = product.url ?? (product.handle ? productPath(storeUrl, product.handle) : null);
        if (!page) continue;
        for (const variant of product.variants) {
          const entry = key(storeUrl, variant.id);
          pages.delete(entry);
          pages.set(entry, page);
        }
      }
      for (const oldest of pages.keys()) {
        if (pages.size <= REMEMBERED_VARIANTS) break;
        pages.delete(oldest);
      }
    },
    pageOf: (storeUrl, variantId) => pages.get(key(storeUrl, variantId)) ?? null,
  };
}

function productPath(storeUrl: string, handle: string): string {
  return new URL(`products/${encodeURIComponent(handle)}`, withSlash(storeUrl)).toString();
}

function withSlash(url: string): string {
  return url.endsWith('/') ? url : `${url}/`;
}

/** A Shopify variant's number: `gid://shopify/ProductVariant/123` or a bare `123`. */
function shopifyVariantNumber(id: string): string | null {
  return /^(?:gid:\/\/shopify\/ProductVariant\/)?(\d{1,20})$/.exec(id)?.[1] ?? null;
}

export function storeFinishPage(input: {
  storeUrl: string;
  checkout: StoreCheckoutView | null;
  cart: StoreCart | null;
  pages: StoreProductPages;
}): StoreFinishPage {
  const { storeUrl, checkout, cart, pages } = input;
  const continueUrl = checkout?.continueUrl ?? cart?.continueUrl ?? null;
  if (continueUrl) {
    return { url: continueUrl, kind: 'continue', message: 'Finish the order on the store’s own page.' };
  }
  const lines = (checkout?.lineItems ?? cart?.lineItems ?? []).filter((line) => line.quantity > 0);
  const permalink = lines.map((line) => {
    const variant = shopifyVariantNumber(line.itemId);
    return variant ? `${variant}:${line.quantity}` : null;
  });
  if (lines.length > 0 && permalink.every((part) => part !== null)) {
    return {
      url: new URL(`cart/${permalink.join(',')}`, withSlash(storeUrl)).toString(),
      kind: 'cart',
      message: 'The store gave no page for this order, so its cart opens with these items: finish there.',
    };
  }
  const product = lines.map((line) => pages.pageOf(storeUrl, line.itemId)).find((page) => page !== null);
  if (product) {
    return {
      url: product,
      kind: 'product',
      message: `The store gave no page for this order, so ${lines.length > 1 ? 'the first item’s' : 'the item’s'} page at the store opens: add ${lines.length > 1 ? 'the items' : 'it'} there and finish at the store.`,
    };
  }
  return {
    url: withSlash(storeUrl),
    kind: 'storefront',
    message:
      'The store gave no page for this order nor for its items, so the store’s own site opens: find the items there and finish at the store.',
  };
}
