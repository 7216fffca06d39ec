import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  describeSourceStatus,
  type Result,
  type SignOnRequestOutputs,
  type SourceStatus,
  type StaticDataSyncOutcome,
} from '@shared/contract';
import type { Core } from '../core/app/startCore';
import { SIGN_ON_SECRET_NAMES } from '../core/features/signOn/signOnSecrets';
import type { RunningSimulator, ServiceName } from '../simulator/index';
import type { RunningSignOnSimulator } from '../simulator/signOn/signOnSimulator';
import type { RunningStoreSimulator } from '../simulator/store/storeSimulator';
import { variantGid } from '../simulator/store/storeProducts';
import type { RunningWebApiSimulator } from '../simulator/webApi/webApiSimulator';
import {
  DNS_DOWN,
  PRIMARY_PATHS,
  type FaultCell,
  type SignOnFault,
  type StaticDataFault,
  type StoreFault,
  type WebApiFault,
} from './faultCells';
import { faultMatrixScenario } from './faultMatrixScenario';
import type { SimulatedNames } from './simulatedNames';
import {
  allConnected,
  answers,
  compareStored,
  sleep,
  startSimulatedWorld,
  type StartHost,
  storedData,
  waitUntil,
  type StoredData,
} from './simulatedWorld';

/** What one cell measured, and whether it meets the goal. */
export interface CellResult {
  cell: FaultCell;
  /** The host answered HTTP after the cell and nothing escaped as an uncaught error. */
  hostUp: boolean;
  /** Errors nothing caught during the cell (each would have ended the app). */
  escaped: string[];
  /** The source's row as the user read it while the fault lasted; null if it never left "connected". */
  shown: string | null;
  /** Requests to the client's first path from the fault's end until it was back; null: never back. */
  recoveryPolls: number | null;
  recoveryMs: number | null;
  /** What was stored before the cell and is not there after it. */
  lost: string[];
  passed: boolean;
}

export interface FaultMatrixOptions {
  cells: readonly FaultCell[];
  /** The built renderer the host serves (its pages are not needed to measure). */
  serve: StartHost;
  rendererDir: string;
  /** Holds riotgames.pem. */
  resourcesDir: string;
  /** How long each fault lasts, in ms. */
  faultMs?: number;
  onCell?: (result: CellResult) => void;
}

/** The goal for the local clients: back within this many polls after a fault ends. */
export const MAX_RECOVERY_POLLS = 2;
const DEFAULT_FAULT_MS = 5000;
const MATRIX_GAME_START_SECONDS = 180;
const RECOVERY_TIMEOUT_MS = 20_000;
const SAMPLE_MS = 50;
const SYNC_TIMEOUT_MS = 60_000;
/** How soon a user tries again after being told something failed. */
const RETRY_BY_USER_MS = 200;
/** Long enough for the app to see a connection the server closed (its FIN) before it sends on it again. */
const CONNECTIONS_SETTLE_MS = 200;

/**
 * Runs each cell against one app, as a user's app lives through one fault after another: the real host
 * (`sightline serve`, in process) pointed at the simulator, with a history and settings on disk that no
 * fault may cost.
 */
export async function runFaultMatrix(options: FaultMatrixOptions): Promise<CellResult[]> {
  const world = await startSimulatedWorld({
    scenario: faultMatrixScenario(),
    // Minutes into the game, so that a clock set back is still in it.
    startAtSeconds: MATRIX_GAME_START_SECONDS,
    serve: options.serve,
    rendererDir: options.rendererDir,
    resourcesDir: options.resourcesDir,
  });
  try {
    const stored = await storedData(world.dataDir);
    const results: CellResult[] = [];
    for (const cell of options.cells) {
      const context = { ...world, stored, faultMs: options.faultMs };
      const result = await runAnyCell(cell, context);
      options.onCell?.(result);
      results.push(result);
    }
    return results;
  } finally {
    await world.stop();
  }
}

function runAnyCell(cell: FaultCell, context: CellContext): Promise<CellResult> {
  switch (cell.service) {
    case 'webApi':
      return runWebApiCell(cell.fault, context);
    case 'staticData':
      return runStaticDataCell(cell.fault, context);
    case 'store':
      return runStoreCell(cell.fault, context);
    case 'signOn':
      return runSignOnCell(cell.fault, context);
    default:
      return runCell(cell, context);
  }
}

interface CellContext {
  sim: RunningSimulator;
  webApi: RunningWebApiSimulator;
  store: RunningStoreSimulator;
  signOn: RunningSignOnSimulator;
  names: SimulatedNames;
  core: Core;
  dataDir: string;
  stored: StoredData;
  escaped: unknown[];
  faultMs?: number;
}

async function runCell(
  cell: Extract<FaultCell, { service: ServiceName }>,
  context: CellContext,
): Promise<CellResult> {
  const { sim, core } = context;
  const status = (): SourceStatus => core.hub.state.sources[cell.service];
  const healthy = (): boolean => allConnected(core) && core.hub.state.live.phase === 'in-game';
  const escapedBefore = context.escaped.length;
  await waitUntil(healthy, RECOVERY_TIMEOUT_MS);

  await sim.control.setFault(cell.service, cell.fault);
  let shown: string | null = null;
  const faultEnds = performance.now() + (context.faultMs ?? DEFAULT_FAULT_MS);
  while (performance.now() < faultEnds) {
    if (shown === null && status().state !== 'connected') shown = describeSourceStatus(status());
    await sleep(SAMPLE_MS);
  }
  await sim.control.setFault(cell.service, null);
  const clearedAt = performance.now();
  const pollsBefore = primaryRequests(sim, cell.service);

  const back = await waitUntil(healthy, RECOVERY_TIMEOUT_MS);
  const recoveryMs = back ? Math.round(performance.now() - clearedAt) : null;
  const recoveryPolls = back ? primaryRequests(sim, cell.service) - pollsBefore : null;
  const { escaped, hostUp, lost } = await aftermath(context, escapedBefore);
  const passed =
    hostUp &&
    (cell.shows === 'absorbed' || shown !== null) &&
    recoveryPolls !== null &&
    recoveryPolls <= MAX_RECOVERY_POLLS &&
    lost.length === 0;
  return { cell, hostUp, escaped, shown, recoveryPolls, recoveryMs, lost, passed };
}

/** Whether the host still serves and nothing escaped since `escapedBefore`, and what stored data is gone. */
async function aftermath(context: CellContext, escapedBefore: number) {
  const escaped = context.escaped
    .slice(escapedBefore)
    .map((error) => (error instanceof Error ? (error.stack ?? error.message) : String(error)));
  const hostUp = escaped.length === 0 && (await answers(context.core.host.url('/')));
  const lost = compareStored(context.stored, await storedData(context.dataDir));
  return { escaped, hostUp, lost };
}

/** Three answers in a row that are not the record; each cell's bound on the wait after the last one. */
const STORMS: Record<
  Exclude<WebApiFault, typeof DNS_DOWN>,
  { apply(webApi: RunningWebApiSimulator): void; boundMs: number }
> = {
  // Retry-After 2 s: the lookup goes again at most a second after the server said it may.
  '429-storm': {
    apply: (webApi) => webApi.control.rateLimitNext({ type: 'service', retryAfterSeconds: 2, count: 3 }),
    boundMs: 3000,
  },
  // No headers: the client's own backoff (1, 2, 4 s) stands in for Retry-After.
  '429-storm-without-retry-after': {
    apply: (webApi) => webApi.control.rateLimitNext({ type: null, count: 3 }),
    boundMs: 5000,
  },
  // Retried after 1, 2 and 4 s, like the 429s without headers.
  'server-error': { apply: (webApi) => webApi.control.failNext(3, 503), boundMs: 5000 },
};

/**
 * A player lookup while the web API answers three times with what `fault` says: the lookup must end with
 * the record, the wait must be shown in words meanwhile, and the last wait must keep to its bound.
 */
async function runWebApiCell(fault: WebApiFault, context: CellContext): Promise<CellResult> {
  if (fault === DNS_DOWN) return runDnsCell({ service: 'webApi', fault, shows: 'words' }, context);
  const { core, webApi } = context;
  const escapedBefore = context.escaped.length;
  webApi.control.reset();
  STORMS[fault].apply(webApi);
  const started = Date.now();
  const { result, shown } = await watchWhile(
    core.router('webApi.account.byRiotId', { riotId: 'Quiet Lantern#EUW', region: 'europe' }),
    () => webApiNotice(core),
  );
  const log = webApi.control.requests().filter((request) => request.at >= started);
  const recovery = result.ok ? recoveryAfterRefusals(log) : null;
  const recoveryMs = recovery?.ms ?? null;
  const recoveryPolls = recovery?.requests ?? null;
  const { escaped, hostUp, lost } = await aftermath(context, escapedBefore);
  const passed =
    hostUp &&
    shown !== null &&
    recoveryMs !== null &&
    recoveryMs <= STORMS[fault].boundMs &&
    lost.length === 0;
  const cell: FaultCell = { service: 'webApi', fault, shows: 'words' };
  return { cell, hostUp, escaped, shown, recoveryPolls, recoveryMs, lost, passed };
}

/** Words that say the host's name could not be resolved, as the HTTP client puts it. */
const NAME_NOT_RESOLVED = /the host's name could not be resolved \(offline or DNS down: ENOTFOUND\)/;
/** Longest a service may take after DNS is back: the web API's longest backoff (4 s) plus 1 s. */
const DNS_RECOVERY_BOUND_MS = 5000;

/** What a user does with a service that lives on a named host, and what shows it went wrong. */
interface NamedServiceUse {
  /** Once, before DNS goes down: what the cell must not lose (a cart) is made here. */
  prepare?(): Promise<void>;
  /** What the user does: a lookup, a search, a sync, a read of the linked account. */
  use(): Promise<Result<unknown>>;
  /** What the user reads while `use` is under way, in the app's words; null when nothing is shown. */
  notice(): string | null;
  /** What is stored for this service and no longer there after the cell. */
  lost?(): Promise<string[]>;
}

function namedServiceUse(
  service: 'webApi' | 'staticData' | 'store' | 'signOn',
  context: CellContext,
): NamedServiceUse {
  const { core } = context;
  switch (service) {
    case 'webApi':
      return {
        use: () => core.router('webApi.account.byRiotId', { riotId: 'Quiet Lantern#EUW', region: 'europe' }),
        notice: () => webApiNotice(core),
      };
    case 'staticData':
      return {
        prepare: async () => void (await syncBundle(core)),
        use: async () => {
          const outcome = await syncBundle(core);
          return outcome.ok
            ? { ok: true, value: outcome }
            : { ok: false, error: { code: 'io', message: outcome.problems[0] ?? 'the sync failed' } };
        },
        notice: () => null,
        lost: async () => (cachedCards(core) ? [] : ['cached cards']),
      };
    case 'store':
      return {
        prepare: () => prepareCart(core),
        use: () => core.router('store.checkout.searchCatalog', { query: 'sleeves' }),
        notice: () => storeNotice(core),
        lost: async () => cartLost(core),
      };
    case 'signOn':
      return signOnUse(context);
  }
}

/**
 * DNS down for the fault's length while the user uses a service on a named host: the use must end saying in
 * words that the name could not be resolved, nothing stored may be lost, and once DNS is back the service must
 * be back within DNS_RECOVERY_BOUND_MS (the use still under way, retrying, or the user's next one).
 */
async function runDnsCell(
  cell: Extract<FaultCell, { service: 'webApi' | 'staticData' | 'store' | 'signOn' }>,
  context: CellContext,
): Promise<CellResult> {
  const { names } = context;
  const escapedBefore = context.escaped.length;
  const service = namedServiceUse(cell.service, context);
  await service.prepare?.();
  const failedBefore = names.failed();
  names.setDown(true);
  const faultEnds = performance.now() + (context.faultMs ?? DEFAULT_FAULT_MS);
  // The connections dropped with DNS are seen closed before the user acts, as they would be by then.
  await sleep(CONNECTIONS_SETTLE_MS);
  // Everything the user reads while DNS is down; the cell shows the words about the name, if any came.
  const seen: string[] = [];
  const see = (text: string | null): void => {
    if (text !== null && !seen.includes(text)) seen.push(text);
  };
  let first: Promise<Result<unknown>> | null = service.use();
  let settled = false;
  void first.finally(() => (settled = true));
  while (performance.now() < faultEnds || seen.length === 0) {
    see(service.notice());
    if (settled && first) {
      const result = await first;
      if (!result.ok) see(result.error.message);
      first = null;
    }
    if (performance.now() > faultEnds + RECOVERY_TIMEOUT_MS) break;
    await sleep(SAMPLE_MS);
  }
  const shown = seen.find((text) => NAME_NOT_RESOLVED.test(text)) ?? seen[0] ?? null;
  names.setDown(false);
  // The use must have needed a name: a connection kept open from before would prove nothing.
  const lookedUp = names.failed() > failedBefore;
  const recovery = await backAfterFault(service, first);
  const { escaped, hostUp, lost } = await aftermath(context, escapedBefore);
  lost.push(...((await service.lost?.()) ?? []));
  const passed =
    hostUp &&
    lookedUp &&
    shown !== null &&
    NAME_NOT_RESOLVED.test(shown) &&
    recovery !== null &&
    recovery.ms <= DNS_RECOVERY_BOUND_MS &&
    lost.length === 0;
  return {
    cell,
    hostUp,
    escaped,
    shown,
    recoveryPolls: recovery?.uses ?? null,
    recoveryMs: recovery?.ms ?? null,
    lost,
    passed,
  };
}

/**
 * From the fault's end: the use still under way if there is one (it may be retrying on its own), then the
 * user's next uses until one works. How long that took and how many uses; null when it never came back.
 */
async function backAfterFault(
  service: Pick<NamedServiceUse, 'use'>,
  underWay: Promise<Result<unknown>> | null,
): Promise<{ ms: number; uses: number } | null> {
  const clearedAt = performance.now();
  const deadline = clearedAt + RECOVERY_TIMEOUT_MS;
  let uses = 0;
  if (underWay) {
    const result = await underWay;
    if (result.ok) return { ms: Math.round(performance.now() - clearedAt), uses: 1 };
  }
  while (performance.now() < deadline) {
    uses += 1;
    const result = await service.use();
    if (result.ok) return { ms: Math.round(performance.now() - clearedAt), uses };
    await sleep(RETRY_BY_USER_MS);
  }
  return null;
}

/**
 * Runs `work` while sampling what the user is shown (`notice`); the first thing shown, or else the words
 * `work` failed with.
 */
async function watchWhile<T>(
  work: Promise<Result<T>>,
  notice: () => string | null,
): Promise<{ result: Result<T>; shown: string | null }> {
  let shown: string | null = null;
  let settled = false;
  const done = work.finally(() => (settled = true));
  while (!settled) {
    shown ??= notice();
    await sleep(SAMPLE_MS);
  }
  const result = await done;
  if (!result.ok) shown ??= result.error.message;
  return { result, shown };
}

/**
 * From a service's log of one call's requests: the wait from the last refusal to the answer that came after
 * it, and how many requests that took; null when no refusal was followed by an answer.
 */
function recoveryAfterRefusals(
  log: readonly { at: number; status: number }[],
): { ms: number; requests: number } | null {
  const lastRefusal = log.findLast((entry) => entry.status !== 200);
  if (!lastRefusal) return null;
  const answer = log.find((entry) => entry.status === 200 && entry.at >= lastRefusal.at);
  if (!answer) return null;
  return {
    ms: answer.at - lastRefusal.at,
    requests: log.filter((entry) => entry.at > lastRefusal.at).length,
  };
}

/** The card bundle the cells sync; the one a fault hits. */
const BUNDLE = 'set1';

/**
 * A sync of the card bundle while its host fails it as `fault` says: the sync must end saying what failed,
 * keep what was cached before, and the next sync (the user's retry, or the background one) must bring the
 * bundle once the host is well.
 */
async function runStaticDataCell(fault: StaticDataFault, context: CellContext): Promise<CellResult> {
  if (fault === DNS_DOWN) return runDnsCell({ service: 'staticData', fault, shows: 'words' }, context);
  const { core, sim } = context;
  const escapedBefore = context.escaped.length;
  const cell: FaultCell = { service: 'staticData', fault, shows: 'words' };
  const before = await syncBundle(core);
  sim.staticHosts.control.setFaults([
    fault === 'server-error'
      ? { kind: 'status', match: BUNDLE, status: 503 }
      : { kind: 'cut-body', match: BUNDLE },
  ]);
  const failed = await syncBundle(core);
  const shown = failed.ok ? null : (failed.problems[0] ?? null);
  const cardsKept = cachedCards(core);
  sim.staticHosts.control.setFaults([]);
  const clearedAt = performance.now();
  const retried = await syncBundle(core);
  const recovered = retried.ok;
  const { escaped, hostUp, lost } = await aftermath(context, escapedBefore);
  if (before.ok && !cardsKept) lost.push('cached cards');
  const passed = hostUp && shown !== null && recovered && lost.length === 0;
  return {
    cell,
    hostUp,
    escaped,
    shown,
    recoveryPolls: recovered ? 1 : null,
    recoveryMs: recovered ? Math.round(performance.now() - clearedAt) : null,
    lost,
    passed,
  };
}

function cachedCards(core: Core): boolean {
  return (core.hub.state.staticData.cache?.cards ?? []).some((locale) => locale.cards > 0);
}

/** Starts a sync of the card bundle and waits for its outcome. */
async function syncBundle(core: Core): Promise<StaticDataSyncOutcome> {
  const previous = core.hub.state.staticData.lastSync;
  const started = await core.router('staticData.sync', { sets: [BUNDLE] });
  if (!started.ok) throw new Error(`the sync did not start: ${started.error.message}`);
  const done = await waitUntil(() => {
    const last = core.hub.state.staticData.lastSync;
    return last !== null && last !== previous && core.hub.state.staticData.sync === null;
  }, SYNC_TIMEOUT_MS);
  const outcome = core.hub.state.staticData.lastSync;
  if (!done || !outcome) throw new Error('the sync did not end in time');
  return outcome;
}

/** A product the store's cart holds through the store cells: the data a fault there must not cost. */
const CART_LINE = { variantId: variantGid(4510000031), quantity: 2 };
const STORE_RETRY_AFTER_SECONDS = 1;

/**
 * A search_catalog call (the store page's search) while the store's tool endpoint refuses twice (429, or 503) naming a 1 s wait: the search
 * must come back with products, the wait must be shown while it lasts, and the cart must still be there.
 */
async function runStoreCell(fault: StoreFault, context: CellContext): Promise<CellResult> {
  if (fault === DNS_DOWN) return runDnsCell({ service: 'store', fault, shows: 'words' }, context);
  const { core, store } = context;
  const escapedBefore = context.escaped.length;
  const cell: FaultCell = { service: 'store', fault, shows: 'words' };
  await prepareCart(core);
  const started = Date.now();
  store.control.rateLimitNext({
    status: fault === '429-storm' ? 429 : 503,
    count: 2,
    retryAfterSeconds: STORE_RETRY_AFTER_SECONDS,
  });
  const { result, shown } = await watchWhile(
    core.router('store.checkout.searchCatalog', { query: 'sleeves' }),
    () => storeNotice(core),
  );
  const calls = store.control.calls().filter((call) => call.at >= started && call.tool !== null);
  const recovery = result.ok ? recoveryAfterRefusals(calls) : null;
  const recoveryMs = recovery?.ms ?? null;
  const { escaped, hostUp, lost } = await aftermath(context, escapedBefore);
  lost.push(...cartLost(core));
  const boundMs = STORE_RETRY_AFTER_SECONDS * 1000 + 1000;
  const passed =
    hostUp && shown !== null && recoveryMs !== null && recoveryMs <= boundMs && lost.length === 0;
  return {
    cell,
    hostUp,
    escaped,
    shown,
    recoveryPolls: recovery?.requests ?? null,
    recoveryMs,
    lost,
    passed,
  };
}

/** A fresh store session with the cart the store cells must keep. */
async function prepareCart(core: Core): Promise<void> {
  const must = async (channel: Parameters<Core['router']>[0], input: unknown): Promise<void> => {
    const result = await core.router(channel, input);
    if (!result.ok) throw new Error(`${channel} failed: ${result.error.message}`);
  };
  await must('store.checkout.reset', {});
  await must('store.checkout.discover', { refresh: true });
  await must('store.checkout.createCart', { lines: [CART_LINE] });
}

function cartLost(core: Core): string[] {
  const kept = core.hub.state.store.cart?.lineItems.some(
    (line) => line.itemId === CART_LINE.variantId && line.quantity === CART_LINE.quantity,
  );
  return kept ? [] : ['the cart'];
}

/** What the store page shows while a call waits out the store's Retry-After. */
function storeNotice(core: Core): string | null {
  const notice = core.hub.state.store.rateLimit;
  return notice
    ? `the store asked to wait ${notice.retryAfterSeconds} s before retrying ${notice.tool} (attempt ${notice.attempt})`
    : null;
}

/**
 * The user's linked account read while the sign-on host fails as `fault` says (every read refreshes the token
 * first: the world's tokens last less than the app's refresh margin): the read must end saying what is wrong
 * in words, the link (account and tokens) must survive, and the next read once the host is well must work.
 */
async function runSignOnCell(
  fault: SignOnFault | typeof DNS_DOWN,
  context: CellContext,
): Promise<CellResult> {
  const cell: FaultCell = { service: 'signOn', fault, shows: 'words' };
  if (fault === DNS_DOWN) return runDnsCell(cell as Extract<FaultCell, { service: 'signOn' }>, context);
  const { signOn } = context;
  const escapedBefore = context.escaped.length;
  const service = signOnUse(context);
  await service.prepare?.();
  signOn.control.setFault(fault);
  const faultEnds = performance.now() + (context.faultMs ?? DEFAULT_FAULT_MS);
  const { result, shown } = await watchWhile(service.use(), service.notice);
  await sleep(Math.max(0, faultEnds - performance.now()));
  signOn.control.setFault(null);
  const recovery = await backAfterFault(service, null);
  const { escaped, hostUp, lost } = await aftermath(context, escapedBefore);
  lost.push(...((await service.lost?.()) ?? []));
  const passed =
    hostUp &&
    !result.ok &&
    shown !== null &&
    recovery !== null &&
    recovery.uses <= MAX_RECOVERY_POLLS &&
    lost.length === 0;
  return {
    cell,
    hostUp,
    escaped,
    shown,
    recoveryPolls: recovery?.uses ?? null,
    recoveryMs: recovery?.ms ?? null,
    lost,
    passed,
  };
}

/** Reading the linked account on the sign-on page ("Refresh"); linked first, through the browser flow, if need be. */
function signOnUse(context: CellContext): NamedServiceUse {
  const { core, dataDir } = context;
  let linked: string | null = null;
  return {
    prepare: async () => {
      linked = core.hub.state.signOn.account?.puuid ?? (await linkAccount(core));
    },
    use: () => core.router('signOn.refresh', {}),
    notice: () => core.hub.state.signOn.lastError,
    lost: async () => {
      const lost: string[] = [];
      if (core.hub.state.signOn.account?.puuid !== linked) lost.push('the linked account');
      if (!(await storedSignOnSession(dataDir))) lost.push('the sign-on tokens');
      return lost;
    },
  };
}

/** What the player's browser does: the authorize page, then its redirect back to the host. */
async function linkAccount(core: Core): Promise<string> {
  const begun = await core.router('signOn.begin', { consent: true });
  if (!begun.ok) throw new Error(`signOn.begin failed: ${begun.error.message}`);
  // The router answers untyped values (it is the renderer's transport): this one is signOn.begin's.
  const { authorizeUrl } = begun.value as SignOnRequestOutputs['signOn.begin'];
  const authorize = await fetch(authorizeUrl, { redirect: 'manual' });
  const back = authorize.headers.get('location');
  if (!back) throw new Error(`the sign-on host did not redirect (HTTP ${authorize.status})`);
  const callback = await fetch(back);
  await callback.text();
  const puuid = core.hub.state.signOn.account?.puuid;
  if (!callback.ok || !puuid) throw new Error(`the account was not linked (HTTP ${callback.status})`);
  return puuid;
}

/** Whether the headless host's secrets file still holds the player's session. */
async function storedSignOnSession(dataDir: string): Promise<boolean> {
  try {
    const secrets = JSON.parse(await readFile(join(dataDir, 'sign-on-secrets.json'), 'utf8')) as unknown;
    return typeof secrets === 'object' && secrets !== null && SIGN_ON_SECRET_NAMES.session in secrets;
  } catch {
    return false;
  }
}

/** What the players page shows about the web API while a lookup waits, in the core's words. */
function webApiNotice(core: Core): string | null {
  const { pauses, retries, guard } = core.hub.state.webApi;
  const pause = pauses[0];
  const retry = retries[0];
  const seconds = (until: number): number => Math.max(0, Math.ceil((until - Date.now()) / 1000));
  if (pause) return `rate limited (${pause.scope}): ${pause.label}, retrying in ${seconds(pause.until)} s`;
  if (retry) return `failed (${retry.reason}): ${retry.label}, retrying in ${seconds(retry.until)} s`;
  return guard.paused ? guard.message : null;
}

function primaryRequests(sim: RunningSimulator, service: ServiceName): number {
  return sim.control.requests()[service][PRIMARY_PATHS[service]]?.count ?? 0;
}
