import type { FeatureContext } from '../../../platform/feature/feature';
import type { RequestHandlers } from '../../../platform/router/requestRouter';
import type { StoreImageAllowlist } from '../storeImageAllowlist';
import { checkStoreUrl, type StoreUrlPolicy } from '../storeUrl';
import { createStoreCatalogService, type StoreLocation } from './storeCatalogService';
import { createStorefrontFetcher } from './storefrontFetcher';

type StoreCatalogChannels =
  | 'store.catalog.collections'
  | 'store.catalog.collectionProducts'
  | 'store.catalog.product'
  | 'store.catalog.search'
  | 'store.catalog.policy'
  | 'store.catalog.agents'
  | 'store.catalog.sitemap'
  | 'store.catalog.image';

export interface StoreCatalogOptions {
  /** Whether plain http to a loopback store is allowed (SIGHTLINE_ALLOW_INSECURE_LOOPBACK=1). */
  urlPolicy: StoreUrlPolicy;
  /** Shared with the checkout, whose search hits and cart lines carry images too. */
  images?: StoreImageAllowlist;
}

/** The merch store's read-only catalog, answered on request; nothing runs in the background. */
export function createStoreCatalogHandlers(
  context: FeatureContext,
  options: StoreCatalogOptions,
): Pick<RequestHandlers, StoreCatalogChannels> {
  const location = (): StoreLocation => {
    const { url, country, currency } = context.settings.effective.store;
    const checked = checkStoreUrl(url, options.urlPolicy);
    if (!checked.ok) return { ok: false, reason: `Store address not usable: ${checked.reason}.` };
    return { ok: true, url: checked.url, buyer: { country, currency } };
  };
  const service = createStoreCatalogService({
    fetcher: createStorefrontFetcher({ http: context.http, scheduler: context.scheduler }),
    location,
    now: () => context.scheduler.now(),
    ...(options.images ? { images: options.images } : {}),
  });
  return {
    'store.catalog.collections': () => service.collections(),
    'store.catalog.collectionProducts': ({ handle, page }) => service.collectionProducts(handle, page),
    'store.catalog.product': ({ handle }) => service.product(handle),
    'store.catalog.search': ({ query }) => service.search(query),
    'store.catalog.policy': ({ kind }) => service.policy(kind),
    'store.catalog.agents': () => service.agents(),
    'store.catalog.sitemap': () => service.sitemap(),
    'store.catalog.image': ({ src }) => service.image(src),
  };
}
