import type { LookupFunction } from 'node:net';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Core } from '../core/app/startCore';
import { historyPath, openHistoryStore } from '../core/features/history/historyStore';
import { SIGN_ON_SECRET_NAMES } from '../core/features/signOn/signOnSecrets';
import { startSimulator, type RunningSimulator, type Scenario } from '../simulator/index';
import { startSignOnSimulator, type RunningSignOnSimulator } from '../simulator/signOn/signOnSimulator';
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
import { byName, createSimulatedNames, SIMULATED_HOST_NAME, type SimulatedNames } from './simulatedNames';

/**
 * The whole outside world simulated (game clients, static data hosts, web API, store, sign-on) and the real
 * host (`sightline serve`, in process) pointed at it, with a user's data folder on disk: what the fault matrix
 * and the soak run live through. The hosts that are not local game clients are reached by name, through
 * `names`, so that DNS can go down without a query ever leaving the machine.
 */
export interface SimulatedWorld {
  dataDir: string;
  sim: RunningSimulator;
  webApi: RunningWebApiSimulator;
  store: RunningStoreSimulator;
  signOn: RunningSignOnSimulator;
  names: SimulatedNames;
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
  /** How host names are resolved: the matrix's fake resolver, so "DNS down" never leaves 127.0.0.1. */
  lookup?: LookupFunction;
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

/** The organizer's sign-on client as the seeded data folder names it. */
export const SIGN_ON_CLIENT = {
  clientId: 'sightline-cup',
  clientSecret: 'cup-client-secret-7f3a9c',
} as const;
/** The player who signs on: a player the web API simulator knows, whose accounts/me it answers. */
export const SIGN_ON_PLAYER = { gameName: 'Quiet Lantern', tagLine: 'EUW' } as const;
/**
 * Shorter than the app's refresh margin (a minute), so every use of the sign-on refreshes the token first: a
 * read of the linked account goes to both the token endpoint and accounts/me.
 */
const SIGN_ON_TOKEN_SECONDS = 30;
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
  let signOn: RunningSignOnSimulator | undefined;
  let core: Core | undefined;
  const names = createSimulatedNames();
  const stop = async (): Promise<void> => {
    await core?.stop();
    await sim?.close();
    await webApi?.close();
    await store?.close();
    await signOn?.close();
    process.off('uncaughtException', onEscape);
    process.off('unhandledRejection', onEscape);
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    await seedDataDir(dataDir);
    sim = await startSimulator({ scenario: options.scenario, recordingDir: join(dataDir, 'recordings') });
    if (options.startAtSeconds) await sim.control.advance(options.startAtSeconds);
    webApi = await startWebApiSimulator();
    store = await startStoreSimulator({
      extraRoutes: createStoreCatalogPages().handle,
      hostName: SIMULATED_HOST_NAME,
    });
    signOn = await startSignOnSimulatorFor(webApi);
    const named = [sim.staticHosts.control, webApi.control, store.control, signOn.control];
    // Going offline ends the connections the app keeps open too: only new ones need a name looked up.
    names.onDown(() => {
      for (const host of named) host.dropConnections();
    });
    core = await startApp({ sim, webApi, store, signOn, names }, dataDir, options);
    return { dataDir, sim, webApi, store, signOn, names, core, escaped, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

export function allConnected(core: Core): boolean {
  const { sources } = core.hub.state;
  return (['live', 'card', 'replay'] as const).every((service) => sources[service].state === 'connected');
}

/** The sign-on host, its tokens good for accounts/me on the web API simulator. */
function startSignOnSimulatorFor(webApi: RunningWebApiSimulator): Promise<RunningSignOnSimulator> {
  const player = webApi.control.dataset.playerByRiotId(SIGN_ON_PLAYER.gameName, SIGN_ON_PLAYER.tagLine);
  if (!player) throw new Error('the web API simulator does not know the sign-on player');
  return startSignOnSimulator({
    clients: [SIGN_ON_CLIENT],
    account: { puuid: player.puuid, gameName: player.gameName, tagLine: player.tagLine },
    accessTokenSeconds: SIGN_ON_TOKEN_SECONDS,
    onAccessToken: (token, puuid) => webApi.control.addAccessToken(token, puuid),
  });
}

/**
 * A user's data folder: past the first-run guide, a US buyer with the simulated store's agent profile, a
 * production API key with the organizer's sign-on client set up, one finished card game in the history.
 */
async function seedDataDir(dataDir: string): Promise<void> {
  const settings = {
    firstRun: { dismissed: true },
    store: { agentProfile: SIM_AGENT_PROFILE, country: 'US', currency: 'USD' },
    webApi: { keyKind: 'production' },
    signOn: { clientId: SIGN_ON_CLIENT.clientId, authMethod: 'client_secret_basic' },
  };
  await writeFile(join(dataDir, 'settings.json'), JSON.stringify(settings));
  // The headless host keeps sign-on secrets in a file only this user may read.
  await writeFile(
    join(dataDir, 'sign-on-secrets.json'),
    JSON.stringify({ [SIGN_ON_SECRET_NAMES.client_secret_basic]: SIGN_ON_CLIENT.clientSecret }),
    { mode: 0o600 },
  );
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
    signOn,
    names,
  }: {
    sim: RunningSimulator;
    webApi: RunningWebApiSimulator;
    store: RunningStoreSimulator;
    signOn: RunningSignOnSimulator;
    names: SimulatedNames;
  },
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
      // Hosts out on the internet for a user are reached by name here (see SimulatedNames).
      SIGHTLINE_DDRAGON_URL: byName(sim.urls.ddragon),
      SIGHTLINE_CARD_DATA_URL: byName(sim.urls.cardData),
      SIGHTLINE_GAME_CONSTANTS_URL: byName(sim.urls.constants),
      SIGHTLINE_WEB_API_BASE: byName(webApi.baseTemplate),
      SIGHTLINE_API_KEY: SIMULATOR_API_KEY,
      // The fake store serves plain http on loopback.
      SIGHTLINE_STORE_URL: store.url,
      SIGHTLINE_ALLOW_INSECURE_LOOPBACK: '1',
      SIGHTLINE_SIGN_ON_BASE: byName(signOn.url),
    },
    lookup: names.lookup,
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
    const arenaGames = (await history.arenaGames.list()).map((game) => `${game.startedAt} ${game.result}`);
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
