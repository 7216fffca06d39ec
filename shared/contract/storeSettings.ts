import { z } from 'zod';

/**
 * The agent profile a fresh data folder names in every tool call: Shopify's published sample profile, the one
 * Shopify's own ucp-cli uses out of the box (its changeset "default-profile-url-shopify-dev"), so the store's
 * tools work before anyone has hosted a profile of their own.
 */
export const DEFAULT_STORE_AGENT_PROFILE =
  'https://shopify.dev/ucp/agent-profiles/2026-04-08/valid-with-capabilities.json';

/** The merch store the buyer shops at, and the buyer context sent with every catalog and tool call. */
export const storeSettingsFields = {
  /** The storefront's base URL (https; plain http only for loopback with SIGHTLINE_ALLOW_INSECURE_LOOPBACK=1). */
  url: z.url({ protocol: /^https?$/ }),
  /** A fetchable URL of the agent's UCP profile, sent as meta["ucp-agent"].profile; empty: none (storefront only). */
  agentProfile: z.union([z.literal(''), z.url({ protocol: /^https?$/ })]),
  /** ISO 3166-1 alpha-2, sent as context.address_country. */
  country: z.string().regex(/^[A-Z]{2}$/, 'a two-letter country code, like US'),
  /** ISO 4217, sent as context.currency. */
  currency: z.string().regex(/^[A-Z]{3}$/, 'a three-letter currency code, like USD'),
};

export const storeSettingsSchema = z
  .object({
    url: storeSettingsFields.url.default('https://merch.riotgames.com'),
    agentProfile: storeSettingsFields.agentProfile.default(DEFAULT_STORE_AGENT_PROFILE),
    country: storeSettingsFields.country.default('US'),
    currency: storeSettingsFields.currency.default('USD'),
  })
  .prefault({});

// Without defaults: a filled-in default would overwrite a saved value.
export const storeSettingsPatchSchema = z.object(storeSettingsFields).partial().strict();

export type StoreSettings = z.output<typeof storeSettingsSchema>;
