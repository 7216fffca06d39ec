import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describeSourceStatus, type SourceStatus } from '@shared/contract';
import { serve } from '../../electron/cli/commands/serveCommand';
import type { Core } from '../../electron/core/app/startCore';
import { historyPath, openHistoryStore } from '../../electron/core/history/historyStore';
import { startSimulator, type RunningSimulator, type ServiceName } from '../simulator/index';
import { PRIMARY_PATHS, type FaultCell } from './faultCells';
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
  let core: Core | undefined;
  try {
    await seedDataDir(dataDir);
    sim = await startSimulator({
      scenario: faultMatrixScenario(),
      recordingDir: join(dataDir, 'recordings'),
    });
    // Minutes into the game, so that a clock set back is still in it.
    await sim.control.advance(MATRIX_GAME_START_SECONDS);
    core = await startApp(sim, dataDir, options);
    const stored = await storedData(dataDir);
    const results: CellResult[] = [];
    for (const cell of options.cells) {
      const result = await runCell(cell, { sim, core, dataDir, stored, escaped, faultMs: options.faultMs });
      options.onCell?.(result);
      results.push(result);
    }
    return results;
  } finally {
    await core?.stop();
    await sim?.close();
    process.off('uncaughtException', onEscape);
    process.off('unhandledRejection', onEscape);
    await rm(dataDir, { recursive: true, force: true });
  }
}

interface CellContext {
  sim: RunningSimulator;
  core: Core;
  dataDir: string;
  stored: StoredData;
  escaped: unknown[];
  faultMs?: number;
}

async function runCell(cell: FaultCell, context: CellContext): Promise<CellResult> {
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
  const escaped = context.escaped
    .slice(escapedBefore)
    .map((error) => (error instanceof Error ? (error.stack ?? error.message) : String(error)));
  const hostUp = escaped.length === 0 && (await answers(core.host.url('/')));
  const lost = compareStored(context.stored, await storedData(context.dataDir));
  const passed =
    hostUp &&
    (cell.shows === 'absorbed' || shown !== null) &&
    recoveryPolls !== null &&
    recoveryPolls <= MAX_RECOVERY_POLLS &&
    lost.length === 0;
  return { cell, hostUp, escaped, shown, recoveryPolls, recoveryMs, lost, passed };
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

async function startApp(sim: RunningSimulator, dataDir: string, options: FaultMatrixOptions): Promise<Core> {
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
