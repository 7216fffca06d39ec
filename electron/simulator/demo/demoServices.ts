import {
  ENVIRONMENT_VARIABLES,
  INSECURE_LOOPBACK_VARIABLE,
  SIGN_ON_BASE_VARIABLE,
  WEB_API_ENVIRONMENT_VARIABLES,
} from '../../../shared/environment/environmentVariables';
import type { SettingsPatch } from '../../../shared/contract';
import { startSignOnSimulator } from '../signOn/signOnSimulator';
import { createStoreCatalogPages } from '../store/storeCatalogPages';
import { SIM_AGENT_PROFILE, startStoreSimulator } from '../store/storeSimulator';
import type { Scenario } from '../scenario';
import type { SimulatorControl } from '../simulatorControl';
import { startTournamentAutoplay } from '../webApi/tournamentAutoplay';
import { feedPlayedGames } from './playedGames';
import { SIMULATOR_API_KEY, startWebApiSimulator } from '../webApi/webApiSimulator';

/** The sign-on client the demo registers (a stand-in: the real one comes from the developer portal). */
export const DEMO_SIGN_ON_CLIENT = { clientId: 'sightline-demo', clientSecret: 'demo-secret-4f1c' };

export interface DemoServices {
  /** Environment variables that point the app at these services. */
  env: Record<string, string>;
  /** First-run settings that make the demo usable at once (a production key, the sign-on client…). */
  settings: SettingsPatch;
  /** What the person running the demo needs to know, one line each. */
  lines: string[];
  /** Where each service listens, for `sightline simulate`'s `name: url` lines. */
  urls: { webApi: string; signOn: string; store: string };
  /** Tournament results are called back to the app's host at this origin. */
  receiveCallbacksAt(origin: string): void;
  close(): Promise<void>;
}

/**
 * The web-facing services beside the local-client simulator: the web API (with tournaments whose
 * lobbies play themselves), the sign-on server and the merch store, all on 127.0.0.1.
 */
export async function startDemoServices(
  /** The local-client simulator: its arena games become the local player's matches on the web API. */
  localGames?: { world: Pick<SimulatorControl, 'state'>; scenario: Scenario },
): Promise<DemoServices> {
  const webApi = await startWebApiSimulator();
  const played = localGames
    ? feedPlayedGames(localGames.world, localGames.scenario, (game) => webApi.control.dataset.playGame(game))
    : null;
  const player = webApi.control.dataset.players[0];
  if (!player) throw new Error('the web API simulator has no players');
  const signOn = await startSignOnSimulator({
    clients: [DEMO_SIGN_ON_CLIENT],
    account: { puuid: player.puuid, gameName: player.gameName, tagLine: player.tagLine },
    onAccessToken: (token, puuid) => webApi.control.addAccessToken(token, puuid),
  });
  const catalog = createStoreCatalogPages();
  const store = await startStoreSimulator({ extraRoutes: catalog.handle });
  const autoplay = startTournamentAutoplay(webApi.control.tournament);

  return {
    env: {
      [WEB_API_ENVIRONMENT_VARIABLES.hostTemplate]: webApi.baseTemplate,
      [WEB_API_ENVIRONMENT_VARIABLES.apiKey]: SIMULATOR_API_KEY,
      [SIGN_ON_BASE_VARIABLE]: signOn.url,
      [ENVIRONMENT_VARIABLES.storeUrl]: store.url,
      [INSECURE_LOOPBACK_VARIABLE]: '1',
    },
    settings: {
      // The simulator serves the real tournament paths: the demo's key counts as tournament-enabled.
      webApi: { keyKind: 'production', tournamentKeyConfirmed: true },
      signOn: { clientId: DEMO_SIGN_ON_CLIENT.clientId },
      store: { agentProfile: SIM_AGENT_PROFILE },
    },
    lines: [
      `simulated web API: ${webApi.url} (key set for this run)`,
      `simulated sign-on: ${signOn.url} (client secret: ${DEMO_SIGN_ON_CLIENT.clientSecret})`,
      `simulated store: ${store.url}`,
      'tournament codes you create play their lobby and game by themselves',
    ],
    urls: { webApi: webApi.url, signOn: signOn.url, store: store.url },
    receiveCallbacksAt: (origin) => webApi.control.tournament.redirectCallbacks(origin),
    close: async () => {
      autoplay.stop();
      played?.stop();
      await Promise.all([webApi.close(), signOn.close(), store.close()]);
    },
  };
}
