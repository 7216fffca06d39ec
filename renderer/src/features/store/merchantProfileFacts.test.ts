import { describe, expect, it } from 'vitest';
import type { StoreMerchantProfile } from '@shared/contract';
import { capabilityLabel, merchantProfileFacts } from './merchantProfileFacts';

const PROFILE: StoreMerchantProfile = {
  storeUrl: 'https://merch.example',
  version: '2026-04-08',
  publishedVersion: '2026-04-08',
  storeVersions: ['2026-04-08', '2026-01-23'],
  profileShape: 'map-of-arrays',
  transport: 'mcp',
  endpoint: 'https://merch.example/api/ucp/mcp',
  services: [
    {
      name: 'dev.ucp.shopping',
      version: '2026-04-08',
      transport: 'mcp',
      endpoint: 'https://merch.example/api/ucp/mcp',
    },
  ],
  capabilities: [
    { name: 'dev.ucp.shopping.checkout', version: '2026-04-08', extends: [] },
    { name: 'dev.ucp.shopping.fulfillment', version: '2026-04-08', extends: ['dev.ucp.shopping.checkout'] },
    { name: 'dev.shopify.catalog', version: null, extends: [] },
  ],
  paymentHandlers: [
    {
      name: 'dev.shopify.card',
      id: 'shopify_card',
      version: '2026-04-08',
      instrumentTypes: ['card'],
      refusal: null,
    },
    { name: 'sim.wallet', id: 'sim.wallet', version: null, instrumentTypes: [], refusal: null },
    {
      name: 'xyz.coinpay.stablecoin',
      id: 'coinpay',
      version: null,
      instrumentTypes: ['crypto'],
      refusal: 'crypto-currency',
    },
  ],
  discoveredAt: 0,
};

describe('merchant profile facts', () => {
  it('lists versions, shape, transport, capabilities and payment handlers as the store published them', () => {
    expect(merchantProfileFacts(PROFILE)).toEqual({
      version: '2026-04-08',
      publishedNote: null,
      storeVersions: [
        { version: '2026-04-08', negotiated: true },
        { version: '2026-01-23', negotiated: false },
      ],
      documentShape: 'Map of arrays (2026-01-23 and later)',
      transport: 'MCP',
      endpoint: 'https://merch.example/api/ucp/mcp',
      endpointElsewhere: false,
      capabilities: [
        { name: 'dev.ucp.shopping.checkout', label: 'checkout', version: '2026-04-08', extendsLabel: null },
        {
          name: 'dev.ucp.shopping.fulfillment',
          label: 'fulfillment',
          version: '2026-04-08',
          extendsLabel: 'extends checkout',
        },
        { name: 'dev.shopify.catalog', label: 'dev.shopify.catalog', version: null, extendsLabel: null },
      ],
      paymentHandlers: [
        {
          id: 'shopify_card',
          label: 'dev.shopify.card (shopify_card)',
          version: '2026-04-08',
          instruments: 'card',
          refusal: null,
        },
        { id: 'sim.wallet', label: 'sim.wallet', version: null, instruments: 'not listed', refusal: null },
        {
          id: 'coinpay',
          label: 'xyz.coinpay.stablecoin (coinpay)',
          version: null,
          instruments: 'crypto',
          refusal: 'Refused: crypto-currency',
        },
      ],
    });
  });

  it('says when the store publishes a newer version than the one spoken, and an endpoint on another host', () => {
    const facts = merchantProfileFacts({
      ...PROFILE,
      version: '2026-04-08',
      publishedVersion: '2026-08-25',
      storeVersions: ['2026-08-25', '2026-04-08'],
      profileShape: 'capability-array',
      endpoint: 'https://merch.myshopify.com/api/ucp/mcp',
    });
    expect(facts.publishedNote).toBe(
      'The store publishes 2026-08-25; Sightline follows its 2026-04-08 document.',
    );
    expect(facts.storeVersions.filter((entry) => entry.negotiated)).toEqual([
      { version: '2026-04-08', negotiated: true },
    ]);
    expect(facts.documentShape).toBe('Capability array (before 2026-01-23)');
    expect(facts.endpointElsewhere).toBe(true);
  });

  it('shortens only the shopping service’s own capability names', () => {
    expect(capabilityLabel('dev.ucp.shopping.catalog.search')).toBe('catalog.search');
    expect(capabilityLabel('dev.ucp.shopping')).toBe('dev.ucp.shopping');
    expect(capabilityLabel('com.example.loyalty')).toBe('com.example.loyalty');
  });
});
