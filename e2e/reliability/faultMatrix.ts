import {
  describeSourceStatus,
  type Result,
  type SourceStatus,
  type StaticDataSyncOutcome,
} from '@shared/contract';
import type { Core } from '../../electron/core/app/startCore';
import type { RunningSimulator, ServiceName } from '../simulator/index';
import type { RunningStoreSimulator } from '../simulator/store/storeSimulator';
import { variantGid } from '../simulator/store/storeProducts';
import type { RunningWebApiSimulator } from '../simulator/webApi/webApiSimulator';
import {
  PRIMARY_PATHS,
  type FaultCell,
  type StaticDataFault,
  type StoreFault,
  type WebApiFault,
} from './faultCells';
import { faultMatrixScenario } from './faultMatrixScenario';
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
    default:
      return runCell(cell, context);
  }
}

interface CellContext {
  sim: RunningSimulator;
  webApi: RunningWebApiSimulator;
  store: RunningStoreSimulator;
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
const STORMS: Record<WebApiFault, { apply(webApi: RunningWebApiSimulator): void; boundMs: number }> = {
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
  const cardsKept = (core.hub.state.staticData.cache?.cards ?? []).some((locale) => locale.cards > 0);
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
  const { core, store } = context;
  const escapedBefore = context.escaped.length;
  const cell: FaultCell = { service: 'store', fault, shows: 'words' };
  const must = async (channel: Parameters<Core['router']>[0], input: unknown): Promise<void> => {
    const result = await core.router(channel, input);
    if (!result.ok) throw new Error(`${channel} failed: ${result.error.message}`);
  };
  await must('store.checkout.reset', {});
  await must('store.checkout.discover', { refresh: true });
  await must('store.checkout.createCart', { lines: [CART_LINE] });
  const started = Date.now();
  store.control.rateLimitNext({
    status: fault === '429-storm' ? 429 : 503,
    count: 2,
    retryAfterSeconds: STORE_RETRY_AFTER_SECONDS,
  });
  const { result, shown } = await watchWhile(
    core.router('store.checkout.searchCatalog', { query: 'sleeves' }),
    () => {
      const notice = core.hub.state.store.rateLimit;
      return notice
        ? `the store asked to wait ${notice.retryAfterSeconds} s before retrying ${notice.tool} (attempt ${notice.attempt})`
        : null;
    },
  );
  const calls = store.control.calls().filter((call) => call.at >= started && call.tool !== null);
  const recovery = result.ok ? recoveryAfterRefusals(calls) : null;
  const recoveryMs = recovery?.ms ?? null;
  const { escaped, hostUp, lost } = await aftermath(context, escapedBefore);
  const cart = core.hub.state.store.cart;
  const kept = cart?.lineItems.some(
    (line) => line.itemId === CART_LINE.variantId && line.quantity === CART_LINE.quantity,
  );
  if (!kept) lost.push('the cart');
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
