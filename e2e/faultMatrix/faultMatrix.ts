import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describeSourceStatus, type SourceStatus } from '@shared/contract';
import { serve } from '../../electron/cli/commands/serveCommand';
import type { Core } from '../../electron/core/app/startCore';
import { historyPath, openHistoryStore } from '../../electron/core/history/historyStore';
import { startSimulator, type RunningSimulator, type ServiceName } from '../simulator/index';
import {
  SIMULATOR_API_KEY,
  startWebApiSimulator,
  type RunningWebApiSimulator,
} from '../simulator/webApi/webApiSimulator';
import { PRIMARY_PATHS, type FaultCell, type WebApiFault } from './faultCells';
import { faultMatrixScenario } from './faultMatrixScenario';

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

/**
 * Runs each cell against one app, as a user's app lives through one fault after another: the real host
 * (`sightline serve`, in process) pointed at the simulator, with a history and settings on disk that no
 * fault may cost.
 */
export async function runFaultMatrix(options: FaultMatrixOptions): Promise<CellResult[]> {
  const dataDir = await mkdtemp(join(tmpdir(), 'sightline-faults-'));
  const escaped: unknown[] = [];
  const onEscape = (error: unknown): void => void escaped.push(error);
  process.on('uncaughtException', onEscape);
  process.on('unhandledRejection', onEscape);
  let sim: RunningSimulator | undefined;
  let webApi: RunningWebApiSimulator | undefined;
  let core: Core | undefined;
  try {
    await seedDataDir(dataDir);
    sim = await startSimulator({
      scenario: faultMatrixScenario(),
      recordingDir: join(dataDir, 'recordings'),
    });
    // Minutes into the game, so that a clock set back is still in it.
    await sim.control.advance(MATRIX_GAME_START_SECONDS);
    webApi = await startWebApiSimulator();
    core = await startApp({ sim, webApi }, dataDir, options);
    const stored = await storedData(dataDir);
    const results: CellResult[] = [];
    for (const cell of options.cells) {
      const context = { sim, webApi, core, dataDir, stored, escaped, faultMs: options.faultMs };
      const result =
        cell.service === 'webApi' ? await runWebApiCell(cell.fault, context) : await runCell(cell, context);
      options.onCell?.(result);
      results.push(result);
    }
    return results;
  } finally {
    await core?.stop();
    await sim?.close();
    await webApi?.close();
    process.off('uncaughtException', onEscape);
    process.off('unhandledRejection', onEscape);
    await rm(dataDir, { recursive: true, force: true });
  }
}

interface CellContext {
  sim: RunningSimulator;
  webApi: RunningWebApiSimulator;
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
  let shown: string | null = null;
  let settled = false;
  const lookup = core
    .router('webApi.account.byRiotId', { riotId: 'Quiet Lantern#EUW', region: 'europe' })
    .finally(() => (settled = true));
  while (!settled) {
    shown ??= webApiNotice(core);
    await sleep(SAMPLE_MS);
  }
  const result = await lookup;
  if (!result.ok) shown ??= result.error.message;
  const log = webApi.control.requests().filter((request) => request.at >= started);
  const lastFault = log.findLast((request) => request.status !== 200);
  const success = log.find((request) => request.status === 200);
  const recovered = result.ok && lastFault !== undefined && success !== undefined;
  const recoveryMs = recovered ? success.at - lastFault.at : null;
  const recoveryPolls = recovered ? log.filter((request) => request.at > lastFault.at).length : null;
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

function allConnected(core: Core): boolean {
  const { sources } = core.hub.state;
  return (['live', 'card', 'replay'] as const).every((service) => sources[service].state === 'connected');
}

function primaryRequests(sim: RunningSimulator, service: ServiceName): number {
  return sim.control.requests()[service][PRIMARY_PATHS[service]]?.count ?? 0;
}

/** A user's data folder: past the first-run guide, one finished card game in the history. */
async function seedDataDir(dataDir: string): Promise<void> {
  await writeFile(join(dataDir, 'settings.json'), JSON.stringify({ firstRun: { dismissed: true } }));
  const history = await openHistoryStore(historyPath(dataDir));
  try {
    await history.cardGames.record({
      startedAt: Date.UTC(2026, 10, 20, 19, 0),
      endedAt: Date.UTC(2026, 10, 20, 19, 20),
      clientGameId: 7,
      deckCode: 'CEAQCAIABQAQCAICBEAA',
      deck: { '01DE012': 3, '01IO009': 2 },
      playerName: 'Sightline',
      opponentName: 'decks_are_fun',
      result: 'win',
      plays: [{ code: '01DE012', at: Date.UTC(2026, 10, 20, 19, 2) }],
      opponentCards: [],
    });
  } finally {
    history.close();
  }
}

async function startApp(
  { sim, webApi }: { sim: RunningSimulator; webApi: RunningWebApiSimulator },
  dataDir: string,
  options: FaultMatrixOptions,
): Promise<Core> {
  const caFile = join(dataDir, 'simulator-ca.pem');
  await writeFile(caFile, sim.caPem);
  const core = await serve({
    env: {
      SIGHTLINE_DATA_DIR: dataDir,
      SIGHTLINE_HOST_PORT: '0',
      SIGHTLINE_LIVE_URL: sim.urls.live,
      SIGHTLINE_LIVE_CA: caFile,
      SIGHTLINE_REPLAY_URL: sim.urls.replay,
      SIGHTLINE_CARD_URL: sim.urls.card,
      SIGHTLINE_DDRAGON_URL: sim.urls.ddragon,
      SIGHTLINE_CARD_DATA_URL: sim.urls.cardData,
      SIGHTLINE_GAME_CONSTANTS_URL: sim.urls.constants,
      SIGHTLINE_WEB_API_BASE: webApi.baseTemplate,
      SIGHTLINE_API_KEY: SIMULATOR_API_KEY,
    },
    rendererDir: options.rendererDir,
    resourcesDir: options.resourcesDir,
    out: () => undefined,
  });
  if (!(await waitUntil(() => allConnected(core), RECOVERY_TIMEOUT_MS))) {
    await core.stop();
    throw new Error('the app never connected to the simulated clients');
  }
  return core;
}

interface StoredData {
  cardGames: string[];
  arenaGames: string[];
  settings: string;
}

async function storedData(dataDir: string): Promise<StoredData> {
  const history = await openHistoryStore(historyPath(dataDir));
  try {
    const cardGames = (await history.cardGames.details({})).map((game) => `${game.startedAt} ${game.result}`);
    const arenaGames = (await history.listArenaGames()).map((game) => `${game.startedAt} ${game.result}`);
    return { cardGames, arenaGames, settings: await readFile(join(dataDir, 'settings.json'), 'utf8') };
  } finally {
    history.close();
  }
}

function compareStored(before: StoredData, after: StoredData): string[] {
  const lost = [
    ...before.cardGames.filter((game) => !after.cardGames.includes(game)).map((game) => `card game ${game}`),
    ...before.arenaGames
      .filter((game) => !after.arenaGames.includes(game))
      .map((game) => `arena game ${game}`),
  ];
  if (after.settings !== before.settings) lost.push('settings changed');
  return lost;
}

function answers(url: string): Promise<boolean> {
  return new Promise((resolve) => {
    const call = request(url, { timeout: 2000 }, (response) => {
      response.resume();
      resolve(true);
    });
    call.on('timeout', () => call.destroy());
    call.on('error', () => resolve(false));
    call.end();
  });
}

async function waitUntil(check: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = performance.now() + timeoutMs;
  while (!check()) {
    if (performance.now() > deadline) return false;
    await sleep(SAMPLE_MS);
  }
  return true;
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
