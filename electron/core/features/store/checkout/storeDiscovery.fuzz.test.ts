import fc from 'fast-check';
import { STORE_PROTOCOL_VERSIONS, type StoreMerchantProfile } from '@shared/contract';
import { describe } from 'vitest';
import { z } from 'zod';
import { jsonInputs } from '../../../tools/testkit/fuzz/fuzzInputs';
import { fuzzParser, schemaProblem, type Parsed } from '../../../tools/testkit/fuzz/parserFuzz';
import { createScriptedHttpClient, ok } from '../../../tools/testkit/scriptedHttpClient';
import { discoverStore } from './storeDiscovery';
import { StoreFailure } from './storeFailure';

const STORE = 'https://store.example';

// Both document shapes, as stores publish them (the first names a newer version and the ones it also serves).
const mapOfArrays = {
  ucp: {
    version: '2026-08-25',
    supported_versions: { '2026-04-08': `${STORE}/.well-known/ucp/2026-04-08`, '2026-01-23': '2026-01-23' },
    services: {
      'dev.ucp.shopping': [
        { version: '2026-04-08', transport: 'rest', endpoint: `${STORE}/api/ucp/rest` },
        { version: '2026-04-08', transport: 'mcp', endpoint: '/api/ucp/mcp' },
      ],
    },
    capabilities: {
      'dev.ucp.shopping.checkout': [{ version: '2026-04-08' }],
      'dev.ucp.shopping.fulfillment': [{ version: '2026-04-08', extends: 'dev.ucp.shopping.checkout' }],
    },
    payment_handlers: {
      'sim.wallet': [
        { id: 'sim.wallet', version: '2026-04-08', available_instruments: [{ type: 'wallet' }] },
      ],
    },
  },
};
const capabilityArray = {
  ucp: {
    version: '2026-04-08',
    services: { 'dev.ucp.shopping': { version: '2026-04-08', mcp: { endpoint: `${STORE}/api/ucp/mcp` } } },
    capabilities: [
      { name: 'dev.ucp.shopping.checkout', version: '2026-04-08' },
      { name: 'dev.ucp.shopping.fulfillment', version: '2026-04-08', extends: ['dev.ucp.shopping.checkout'] },
    ],
  },
  payment: {
    handlers: [{ name: 'sim.wallet', id: 'sim.wallet', available_instruments: [{ type: 'card' }] }],
  },
};

const https = z.url({ protocol: /^https$/ });
const profileSchema: z.ZodType<StoreMerchantProfile> = z.object({
  storeUrl: https,
  version: z.enum(STORE_PROTOCOL_VERSIONS),
  publishedVersion: z.string(),
  storeVersions: z.array(z.string()),
  profileShape: z.enum(['capability-array', 'map-of-arrays']),
  transport: z.literal('mcp'),
  endpoint: https,
  services: z.array(
    z.object({ name: z.string(), version: z.string(), transport: z.literal('mcp'), endpoint: https }),
  ),
  capabilities: z.array(
    z.object({ name: z.string(), version: z.string().nullable(), extends: z.array(z.string()) }),
  ),
  paymentHandlers: z.array(
    z.object({
      name: z.string(),
      id: z.string(),
      version: z.string().nullable(),
      instrumentTypes: z.array(z.string()),
      refusal: z.string().nullable(),
    }),
  ),
  discoveredAt: z.number(),
});

const documents = jsonInputs([mapOfArrays, capabilityArray]);

describe('UCP discovery, fuzzed', () => {
  fuzzParser({
    name: 'UCP discovery',
    // The well-known document, and what any other URL it points to answers.
    inputs: fc.record({ wellKnown: documents, other: documents }),
    parse: async ({ wellKnown, other }): Promise<Parsed<StoreMerchantProfile>> => {
      const { client: http } = createScriptedHttpClient((path) =>
        ok(path === '/.well-known/ucp' ? wellKnown : other),
      );
      try {
        return {
          ok: true,
          value: await discoverStore(STORE, { http, policy: { allowInsecureLoopback: false }, now: () => 1 }),
        };
      } catch (error) {
        if (error instanceof StoreFailure) return { ok: false, message: error.message };
        throw error;
      }
    },
    outputProblem: (profile) =>
      profile.storeVersions.includes(profile.version)
        ? schemaProblem(profileSchema, profile)
        : `negotiated ${profile.version}, which the store does not list`,
  });
});
