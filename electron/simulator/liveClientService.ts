import { createLiveGame } from './liveGameModel';
import type { LiveGameState, LivePhase, PlayerState } from './liveGameModel';
import {
  abilityRecords,
  activePlayerRecord,
  fullRuneRecords,
  itemRecords,
  mainRuneRecords,
  playerRecord,
  scoreRecord,
  summonerSpellRecords,
} from './liveRecords';
import type { LiveScenario } from './liveScenario';
import { LOADING_RESPONSE, badRequest, methodNotAllowed, notFound, ok } from './serviceResponse';
import type { ServiceRequest, ServiceResponse } from './serviceResponse';
import { DOCUMENT_PATHS, clientDocument } from './swaggerDocuments';

/** The arena live client: https://127.0.0.1:2999/liveclientdata/* (local-apis.md §2). */

export interface LiveClientService {
  /** Phase and game time now; 'absent' means the process is not running (connection refused). */
  phase(): { phase: LivePhase; gameTime: number };
  handle(request: ServiceRequest): ServiceResponse;
}

const SPECTATOR_ERROR = { error: 'This feature is not supported in spectator mode' };

/**
 * `replayTime`: the game time a replay shows, when the live data describes a replay's game (the events and
 * scores up to that time, as a real replay's live data reports them); null or absent: the game as it runs.
 */
export function createLiveClientService(
  live: LiveScenario | undefined,
  scenarioSeconds: () => number,
  replayTime?: () => number | null,
): LiveClientService {
  const game = live ? createLiveGame(live) : null;

  function phase(): { phase: LivePhase; gameTime: number } {
    return game ? game.phaseAt(scenarioSeconds()) : { phase: 'absent', gameTime: 0 };
  }

  function activeState(state: LiveGameState): PlayerState | null {
    if (!live?.activePlayer) return null;
    return state.players.find((player) => player.player.riotId === live.activePlayer) ?? null;
  }

  function findPlayer(state: LiveGameState, query: URLSearchParams): PlayerState | ServiceResponse {
    const wanted = query.get('riotId') ?? query.get('summonerName');
    if (!wanted) return badRequest('Missing query parameter riotId or summonerName');
    const found = state.players.find(
      (player) =>
        player.player.riotId === wanted ||
        (player.player.summonerName ?? player.player.riotId) === wanted ||
        player.gameName === wanted,
    );
    return found ?? badRequest(`No player named "${wanted}" in this game`);
  }

  function gameStats(state: LiveGameState, gameData: LiveScenario['gameData']) {
    return {
      gameMode: gameData.gameMode,
      gameTime: Math.round(state.gameTime * 1e6) / 1e6,
      mapName: gameData.mapName,
      mapNumber: gameData.mapNumber,
      mapTerrain: gameData.mapTerrain,
    };
  }

  function answer(
    path: string,
    query: URLSearchParams,
    state: LiveGameState,
    scenario: LiveScenario,
  ): ServiceResponse {
    const active = activeState(state);
    const onActive = (build: (player: PlayerState) => unknown): ServiceResponse =>
      active ? ok(build(active)) : ok(SPECTATOR_ERROR);
    const onPlayer = (build: (player: PlayerState) => unknown): ServiceResponse => {
      const found = findPlayer(state, query);
      return 'status' in found ? found : ok(build(found));
    };
    const players = () => state.players.map((player) => playerRecord(player, state.gameTime));

    switch (path) {
      case '/liveclientdata/allgamedata':
        return ok({
          activePlayer: active ? activePlayerRecord(active, state.gameTime) : SPECTATOR_ERROR,
          allPlayers: players(),
          events: { Events: state.events },
          gameData: gameStats(state, scenario.gameData),
        });
      case '/liveclientdata/activeplayer':
        return onActive((player) => activePlayerRecord(player, state.gameTime));
      case '/liveclientdata/activeplayername':
        return onActive((player) => player.player.riotId);
      case '/liveclientdata/activeplayerabilities':
        return onActive(abilityRecords);
      case '/liveclientdata/activeplayerrunes':
        return onActive(fullRuneRecords);
      case '/liveclientdata/playerlist': {
        const teamID = query.get('teamID');
        return ok(players().filter((player) => !teamID || player.team === teamID));
      }
      case '/liveclientdata/playerscores':
        return onPlayer(scoreRecord);
      case '/liveclientdata/playersummonerspells':
        return onPlayer(summonerSpellRecords);
      case '/liveclientdata/playermainrunes':
        return onPlayer(mainRuneRecords);
      case '/liveclientdata/playeritems':
        return onPlayer(itemRecords);
      case '/liveclientdata/eventdata': {
        const from = Number(query.get('eventID') ?? 0);
        return ok({
          Events: state.events.filter((event) => event.EventID >= (Number.isFinite(from) ? from : 0)),
        });
      }
      case '/liveclientdata/gamestats':
        return ok(gameStats(state, scenario.gameData));
      default:
        return notFound(`No resource at ${path}`);
    }
  }

  return {
    phase,
    handle(request) {
      if (request.path === DOCUMENT_PATHS.v3) return ok(clientDocument('v3', { live: true, replay: false }));
      if (request.path === DOCUMENT_PATHS.v2) return ok(clientDocument('v2', { live: true, replay: false }));
      if (!request.path.startsWith('/liveclientdata/') || !live || !game)
        return notFound(`No resource at ${request.path}`);
      if (request.method !== 'GET') return methodNotAllowed(request);
      const now = phase();
      if (now.phase === 'loading') return LOADING_RESPONSE;
      return answer(request.path, request.query, game.stateAt(replayTime?.() ?? now.gameTime), live);
    },
  };
}
