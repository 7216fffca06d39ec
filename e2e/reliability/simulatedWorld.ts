import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Core } from '../../electron/core/app/startCore';
import { historyPath, openHistoryStore } from '../../electron/core/history/historyStore';
import { startSimulator, type RunningSimulator, type Scenario } from '../simulator/index';
import { createStoreCatalogPages } from '../simulator/store/storeCatalogPages';
import {
  SIM_AGENT_PROFILE,
  startStoreSimulator,
  type RunningStoreSimulator,
} from '../simulator/store/storeSimulator';
import {
  SIMULATOR_API_KEY,
  startWebApiSimulator,
  type RunningWebApiSimulator,
} from '../simulator/webApi/webApiSimulator';

/**
 * The whole outside world simulated (game clients, static data hosts, web API) and the real host
 * (`sightline serve`, in process) pointed at it, with a user's data folder on disk: what the fault matrix and
 * the soak run live through.
 */
export interface SimulatedWorld {
  dataDir: string;
  sim: RunningSimulator;
  webApi: RunningWebApiSimulator;
  store: RunningStoreSimulator;
  core: Core;
  /** Errors nothing caught since the world started: each would have ended the app. */
  escaped: unknown[];
  stop(): Promise<void>;
}

/**
 * `sightline serve` in process. The CLI that runs the fault matrix and the soak passes its own, so this
 * harness never imports the CLI back.
 */
export type StartHost = (options: {
  env: NodeJS.ProcessEnv;
  rendererDir: string;
  resourcesDir: string;
  out: (line: string) => void;
}) => Promise<Core>;

export interface WorldOptions {
  serve: StartHost;
  scenario: Scenario;
  /** Scenario seconds to jump to before the app starts. */
  startAtSeconds?: number;
  /** The built renderer the host serves (its pages are not needed to measure). */
  rendererDir: string;
  /** Holds riotgames.pem. */
  resourcesDir: string;
}

const CONNECT_TIMEOUT_MS = 20_000;
const SAMPLE_MS = 50;

export async function startSimulatedWorld(options: WorldOptions): Promise<SimulatedWorld> {
  const dataDir = await mkdtemp(join(tmpdir(), 'sightline-world-'));
  const escaped: unknown[] = [];
  const onEscape = (error: unknown): void => void escaped.push(error);
  process.on('uncaughtException', onEscape);
  process.on('unhandledRejection', onEscape);
  let sim: RunningSimulator | undefined;
  let webApi: RunningWebApiSimulator | undefined;
  let store: RunningStoreSimulator | undefined;
  let core: Core | undefined;
  const stop = async (): Promise<void> => {
    await core?.stop();
    await sim?.close();
    await webApi?.close();
    await store?.close();
    process.off('uncaughtException', onEscape);
    process.off('unhandledRejection', onEscape);
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    await seedDataDir(dataDir);
    sim = await startSimulator({ scenario: options.scenario, recordingDir: join(dataDir, 'recordings') });
    if (options.startAtSeconds) await sim.control.advance(options.startAtSeconds);
    webApi = await startWebApiSimulator();
    store = await startStoreSimulator({ extraRoutes: createStoreCatalogPages().handle });
    core = await startApp({ sim, webApi, store }, dataDir, options);
    return { dataDir, sim, webApi, store, core, escaped, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

export function allConnected(core: Core): boolean {
  const { sources } = core.hub.state;
  return (['live', 'card', 'replay'] as const).every((service) => sources[service].state === 'connected');
}

/**
 * A user's data folder: past the first-run guide, a US buyer with the simulated store's agent profile, one
 * finished card game in the history.
 */
async function seedDataDir(dataDir: string): Promise<void> {
  const settings = {
    firstRun: { dismissed: true },
    store: { agentProfile: SIM_AGENT_PROFILE, country: 'US', currency: 'USD' },
  };
  await writeFile(join(dataDir, 'settings.json'), JSON.stringify(settings));
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
  {
    sim,
    webApi,
    store,
  }: { sim: RunningSimulator; webApi: RunningWebApiSimulator; store: RunningStoreSimulator },
  dataDir: string,
  options: Pick<WorldOptions, 'rendererDir' | 'resourcesDir' | 'serve'>,
): Promise<Core> {
  const caFile = join(dataDir, 'simulator-ca.pem');
  await writeFile(caFile, sim.caPem);
  const core = await options.serve({
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
      // The fake store serves plain http on loopback.
      SIGHTLINE_STORE_URL: store.url,
      SIGHTLINE_ALLOW_INSECURE_LOOPBACK: '1',
    },
    rendererDir: options.rendererDir,
    resourcesDir: options.resourcesDir,
    out: () => undefined,
  });
  if (!(await waitUntil(() => allConnected(core), CONNECT_TIMEOUT_MS))) {
    await core.stop();
    throw new Error('the app never connected to the simulated clients');
  }
  return core;
}

export interface StoredData {
  cardGames: string[];
  arenaGames: string[];
  settings: string;
}

export async function storedData(dataDir: string): Promise<StoredData> {
  const history = await openHistoryStore(historyPath(dataDir));
  try {
    const cardGames = (await history.cardGames.details({})).map((game) => `${game.startedAt} ${game.result}`);
    const arenaGames = (await history.listArenaGames()).map((game) => `${game.startedAt} ${game.result}`);
    return { cardGames, arenaGames, settings: await readFile(join(dataDir, 'settings.json'), 'utf8') };
  } finally {
    history.close();
  }
}

export function compareStored(before: StoredData, after: StoredData): string[] {
  const lost = [
    ...before.cardGames.filter((game) => !after.cardGames.includes(game)).map((game) => `card game ${game}`),
    ...before.arenaGames
      .filter((game) => !after.arenaGames.includes(game))
      .map((game) => `arena game ${game}`),
  ];
  if (after.settings !== before.settings) lost.push('settings changed');
  return lost;
}

export function answers(url: string): Promise<boolean> {
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

export async function waitUntil(check: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = performance.now() + timeoutMs;
  while (!check()) {
    if (performance.now() > deadline) return false;
    await sleep(SAMPLE_MS);
  }
  return true;
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
