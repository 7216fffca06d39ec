import { FAULT_KINDS, type FaultKind, type ServiceName } from '../simulator/index';
import { SIGN_ON_FAULTS, type SignOnFault } from '../simulator/signOn/signOnSimulator';

/**
 * The name-resolution failure: every name lookup fails with ENOTFOUND (the machine offline, DNS down) through
 * the lookup the app is given, never a real query. It hits every host that is not a local game client.
 */
export const DNS_DOWN = 'dns-down' as const;
export type DnsDown = typeof DNS_DOWN;

/** What the web API simulator can do to a lookup: 429s with Retry-After or without, or 503s. */
export const WEB_API_FAULTS = ['429-storm', '429-storm-without-retry-after', 'server-error'] as const;
export type WebApiFault = (typeof WEB_API_FAULTS)[number] | DnsDown;

/** What the static data hosts can do to a card bundle during a sync: a 503, or a body cut off half way. */
export const STATIC_DATA_FAULTS = ['server-error', 'cut-body'] as const;
export type StaticDataFault = (typeof STATIC_DATA_FAULTS)[number] | DnsDown;

/** What the store's tool endpoint can do to a catalog search: 429s or 503s, each naming a wait. */
export const STORE_FAULTS = ['429-storm', 'server-error'] as const;
export type StoreFault = (typeof STORE_FAULTS)[number] | DnsDown;

/** What the sign-on host's token endpoint and accounts/me can do while the linked account is read. */
export type { SignOnFault };

/** One cell of the matrix: a fault on one outside service, and how the app should take it. */
export type FaultCell =
  | {
      service: ServiceName;
      fault: FaultKind;
      /**
       * `words`: the source's row leaves "connected" and says what is wrong. `absorbed`: nothing is wrong
       * for the user to know (the game clock going back is a new game in the same client, rebuilt at once).
       */
      shows: 'words' | 'absorbed';
    }
  | { service: 'webApi'; fault: WebApiFault; shows: 'words' }
  | { service: 'staticData'; fault: StaticDataFault; shows: 'words' }
  | { service: 'store'; fault: StoreFault; shows: 'words' }
  | { service: 'signOn'; fault: SignOnFault | DnsDown; shows: 'words' };

/** The path each client is polled on first every cycle: recovery is counted in requests to it. */
export const PRIMARY_PATHS: Record<ServiceName, string> = {
  live: '/liveclientdata/gamestats',
  card: '/positional-rectangles',
  replay: '/replay/playback',
};

/**
 * The schema faults change only the API description, read once per client start: `sightline doctor` and
 * e2e/tests/schemaDrift.spec.ts cover them.
 */
const DESCRIPTION_FAULTS: readonly FaultKind[] = [
  'schema-missing-property',
  'schema-retyped-property',
  'schema-published',
];

function applies(service: ServiceName, fault: FaultKind): boolean {
  if (DESCRIPTION_FAULTS.includes(fault)) return false;
  // The card client is plain HTTP; only the live client has a game clock.
  if (fault === 'unknown-ca') return service !== 'card';
  if (fault === 'clock-back') return service === 'live';
  return true;
}

/**
 * Every fault the simulators know on every service it applies to: the local clients, the web API, the static
 * data hosts, the store, then the sign-on host; DNS down on each of the last four.
 */
export function allFaultCells(): FaultCell[] {
  const local = (['live', 'replay', 'card'] as const).flatMap((service) =>
    FAULT_KINDS.filter((fault) => applies(service, fault)).map((fault): FaultCell => ({
      service,
      fault,
      shows: fault === 'clock-back' ? 'absorbed' : 'words',
    })),
  );
  const webApi = [...WEB_API_FAULTS, DNS_DOWN].map((fault): FaultCell => ({
    service: 'webApi',
    fault,
    shows: 'words',
  }));
  const staticData = [...STATIC_DATA_FAULTS, DNS_DOWN].map((fault): FaultCell => ({
    service: 'staticData',
    fault,
    shows: 'words',
  }));
  const store = [...STORE_FAULTS, DNS_DOWN].map((fault): FaultCell => ({
    service: 'store',
    fault,
    shows: 'words',
  }));
  const signOn = [...SIGN_ON_FAULTS, DNS_DOWN].map((fault): FaultCell => ({
    service: 'signOn',
    fault,
    shows: 'words',
  }));
  return [...local, ...webApi, ...staticData, ...store, ...signOn];
}
