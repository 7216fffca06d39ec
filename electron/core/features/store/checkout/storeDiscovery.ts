import {
  STORE_PROTOCOL_VERSIONS,
  type StoreMerchantProfile,
  type StoreProtocolVersion,
} from '@shared/contract';
import { clipped } from '@shared/contract/quoted';
import { describeFailure, type HttpClient } from '../../../platform/net/httpClient';
import { checkStoreUrl, type StoreUrlPolicy } from '../storeUrl';
import { StoreFailure } from './storeFailure';
import { parseStoreProfile, type ParsedStoreProfile } from './ucpProfile';

export interface StoreDiscoveryOptions {
  http: HttpClient;
  policy: StoreUrlPolicy;
  now: () => number;
  timeoutMs?: number;
}

const WELL_KNOWN = '/.well-known/ucp';
const SHOPPING_SERVICE = 'dev.ucp.shopping';

/**
 * Fetches `{store}/.well-known/ucp` (never following a redirect: the http client does not), negotiates
 * the best version both sides speak, following `supported_versions` when the store publishes a newer
 * one, and picks the shopping service's MCP endpoint.
 */
export async function discoverStore(
  storeUrl: string,
  options: StoreDiscoveryOptions,
): Promise<StoreMerchantProfile> {
  const store = checkStoreUrl(storeUrl, options.policy);
  if (!store.ok) throw new StoreFailure('bad-url', store.reason);
  const origin = store.url.toString().replace(/\/+$/, '');
  const wellKnown = `${origin}${WELL_KNOWN}`;

  const published = await fetchProfile(wellKnown, options);
  const storeVersions = [published.version, ...Object.keys(published.supportedVersions)];
  const version = STORE_PROTOCOL_VERSIONS.find((candidate) => storeVersions.includes(candidate));
  if (!version) {
    throw new StoreFailure(
      'version-unsupported',
      `The store speaks protocol ${unique(storeVersions).join(', ')}; Sightline speaks ${STORE_PROTOCOL_VERSIONS.join(' and ')}.`,
    );
  }
  let profile = published;
  if (published.version !== version) {
    const versionUrl = published.supportedVersions[version] ?? '';
    const checked = checkStoreUrl(versionUrl, options.policy);
    if (!checked.ok)
      throw new StoreFailure('discovery-failed', `The store's ${version} profile: ${checked.reason}`);
    profile = await fetchProfile(checked.url.toString(), options);
    if (profile.version !== version) {
      throw new StoreFailure(
        'discovery-failed',
        `The store's ${version} profile says it is version ${profile.version}.`,
      );
    }
  }

  const service = chooseMcpService(profile, version);
  if (!service) {
    throw new StoreFailure('no-endpoint', 'The store publishes no MCP endpoint for its shopping service.');
  }
  // Relative endpoints are read against the discovery document; one that is no URL at all is refused.
  if (!URL.canParse(service.endpoint, wellKnown)) {
    throw new StoreFailure(
      'no-endpoint',
      `The store's MCP endpoint "${clipped(service.endpoint)}" is not a URL.`,
    );
  }
  const endpoint = checkStoreUrl(new URL(service.endpoint, wellKnown).toString(), options.policy);
  if (!endpoint.ok) throw new StoreFailure('no-endpoint', `The store's MCP endpoint: ${endpoint.reason}`);

  return {
    storeUrl: origin,
    version,
    publishedVersion: published.version,
    storeVersions: unique(storeVersions),
    profileShape: profile.shape,
    transport: 'mcp',
    endpoint: endpoint.url.toString(),
    services: [
      {
        name: SHOPPING_SERVICE,
        // The service's entry names its own version (Shopify's 2026-04-08 profiles run a 2026-01-23 MCP service).
        version: service.version ?? version,
        transport: 'mcp',
        endpoint: endpoint.url.toString(),
      },
    ],
    capabilities: profile.capabilities,
    paymentHandlers: profile.paymentHandlers,
    discoveredAt: options.now(),
  };
}

/** The entry for the negotiated version, else the newest one not newer than it, else any. */
function chooseMcpService(
  profile: ParsedStoreProfile,
  version: StoreProtocolVersion,
): ParsedStoreProfile['mcpServices'][number] | null {
  const services = profile.mcpServices;
  const exact = services.find((service) => service.version === version);
  if (exact) return exact;
  const older = services
    .filter((service) => service.version === null || service.version <= version)
    .sort((a, b) => (b.version ?? '').localeCompare(a.version ?? ''));
  return older[0] ?? services[0] ?? null;
}

async function fetchProfile(url: string, options: StoreDiscoveryOptions): Promise<ParsedStoreProfile> {
  const outcome = await options.http.send({ url, timeoutMs: options.timeoutMs ?? 10_000 });
  if (outcome.kind !== 'ok') {
    if (outcome.kind === 'http-error' && outcome.status >= 300 && outcome.status < 400) {
      const location = clipped(outcome.headers.location ?? 'elsewhere');
      throw new StoreFailure(
        'discovery-failed',
        `The store redirected its discovery document to ${location}; Sightline does not follow redirects there. Use the store's own address.`,
      );
    }
    throw new StoreFailure(
      'discovery-failed',
      `Could not read ${clipped(url)}: ${describeFailure(outcome)}.`,
    );
  }
  const parsed = parseStoreProfile(outcome.body, url);
  if (!parsed.ok) throw new StoreFailure('discovery-failed', `${clipped(url)}: ${parsed.reason}.`);
  return parsed.profile;
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}
