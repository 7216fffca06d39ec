/**
 * The store image addresses the core may fetch for a page: only those the store's own answers listed
 * (catalog pages, search_catalog hits, cart and checkout lines), so a page cannot make the core fetch
 * arbitrary addresses. The newest `max` are kept.
 */
export interface StoreImageAllowlist {
  remember(sources: readonly (string | null | undefined)[]): void;
  has(src: string): boolean;
}

export const MAX_KNOWN_STORE_IMAGES = 2000;

export function createStoreImageAllowlist(max = MAX_KNOWN_STORE_IMAGES): StoreImageAllowlist {
  const known = new Set<string>();
  return {
    remember(sources) {
      for (const src of sources) {
        if (!src) continue;
        known.delete(src);
        known.add(src);
      }
      // Oldest first: a Set iterates in insertion order.
      for (const src of known) {
        if (known.size <= max) break;
        known.delete(src);
      }
    },
    has: (src) => known.has(src),
  };
}
