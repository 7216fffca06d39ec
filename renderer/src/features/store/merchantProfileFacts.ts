import type { StoreMerchantProfile } from '@shared/contract';

/** The merchant profile as the panel lists it: plain rows, so what it says is tested without React. */
export interface MerchantProfileFacts {
  /** The version both sides speak. */
  version: string;
  /** Set when the store's main document publishes another (newer) version than the one spoken. */
  publishedNote: string | null;
  storeVersions: { version: string; negotiated: boolean }[];
  documentShape: string;
  transport: string;
  endpoint: string;
  /** On another host than the storefront (usual on Shopify): worth saying, as it is where calls go. */
  endpointElsewhere: boolean;
  capabilities: { name: string; label: string; version: string | null; extendsLabel: string | null }[];
  paymentHandlers: {
    id: string;
    label: string;
    version: string | null;
    instruments: string;
    /** "Refused: crypto-currency…" when Sightline never pays with it, else null. */
    refusal: string | null;
  }[];
}

const SHOPPING_PREFIX = 'dev.ucp.shopping.';

/** "dev.ucp.shopping.catalog.search" → "catalog.search"; other vendors' names stay whole. */
export function capabilityLabel(name: string): string {
  return name.startsWith(SHOPPING_PREFIX) ? name.slice(SHOPPING_PREFIX.length) : name;
}

const SHAPES: Record<StoreMerchantProfile['profileShape'], string> = {
  'map-of-arrays': 'Map of arrays (2026-01-23 and later)',
  'capability-array': 'Capability array (before 2026-01-23)',
};

export function merchantProfileFacts(profile: StoreMerchantProfile): MerchantProfileFacts {
  return {
    version: profile.version,
    publishedNote:
      profile.publishedVersion === profile.version
        ? null
        : `The store publishes ${profile.publishedVersion}; Sightline follows its ${profile.version} document.`,
    storeVersions: profile.storeVersions.map((version) => ({
      version,
      negotiated: version === profile.version,
    })),
    documentShape: SHAPES[profile.profileShape],
    transport: profile.transport.toUpperCase(),
    endpoint: profile.endpoint,
    endpointElsewhere: hostOf(profile.endpoint) !== hostOf(profile.storeUrl),
    capabilities: profile.capabilities.map((capability) => ({
      name: capability.name,
      label: capabilityLabel(capability.name),
      version: capability.version,
      extendsLabel:
        capability.extends.length > 0
          ? `extends ${capability.extends.map(capabilityLabel).join(', ')}`
          : null,
    })),
    paymentHandlers: profile.paymentHandlers.map((handler) => ({
      id: handler.id,
      label: handler.name === handler.id ? handler.id : `${handler.name} (${handler.id})`,
      version: handler.version,
      instruments: handler.instrumentTypes.length > 0 ? handler.instrumentTypes.join(', ') : 'not listed',
      refusal: handler.refusal ? `Refused: ${handler.refusal}` : null,
    })),
  };
}

function hostOf(url: string): string {
  return URL.canParse(url) ? new URL(url).host : url;
}
