import {
  MAP_TYPES_V5,
  TOURNAMENT_REGIONS_V4,
  type TournamentApiKind,
  type TournamentCodeDetailsView,
  type TournamentCodeSettings,
  type TournamentRegion,
} from '@shared/contract';
import type { z } from 'zod';
import type { WebApiCall, WebApiClient } from '../../webApi/client/webApiClient';
import { problem, type WebApiResult } from '../../webApi/client/webApiProblem';
import { tournamentGamesV5Schema } from '../../webApi/records/recordSchemas';
import { ENDPOINTS, type Endpoint } from '../../webApi/routing/endpoints';
import { checkTournamentCode } from '../../webApi/routing/pathParams';
import type { WebApiService } from '../../webApi/webApiService';
import type { StoredLobbyEvent } from '../storage/tournamentStore';
import { tournamentEndpoints } from './tournamentEndpoints';
import {
  codeDetailsSchema,
  codeListSchema,
  lobbyEventsSchema,
  providerIdSchema,
  tournamentIdSchema,
} from './tournamentRecords';

/** A finished game as a source reports it (the callback, or a lookup by code). */
export interface GameFacts {
  gameId: number;
  startTime: number;
  gameName: string;
  gameType: string;
  gameMode: string;
  gameMap: number;
  /** Platform ID in upper case (NA1). */
  region: string;
  winningTeam: string[];
  losingTeam: string[];
  metaData: string;
}

export type CodeSettingsUpdate = Pick<
  TournamentCodeSettings,
  'mapType' | 'pickType' | 'spectatorType' | 'allowedParticipants'
>;

/** The tournament API of whichever kind is in use (v4, v5 or a stub), behind one interface. */
export interface TournamentApi {
  kind(): TournamentApiKind;
  createProvider(region: TournamentRegion, url: string, signal?: AbortSignal): Promise<WebApiResult<number>>;
  createTournament(providerId: number, name: string, signal?: AbortSignal): Promise<WebApiResult<number>>;
  createCodes(
    tournamentId: number,
    count: number,
    settings: TournamentCodeSettings,
    metaData: string,
    signal?: AbortSignal,
  ): Promise<WebApiResult<string[]>>;
  updateCode(code: string, settings: CodeSettingsUpdate, signal?: AbortSignal): Promise<WebApiResult<null>>;
  /** What the API says of a code; the win condition is the desk's own and is added by the desk. */
  codeDetails(
    code: string,
    signal?: AbortSignal,
  ): Promise<WebApiResult<Omit<TournamentCodeDetailsView, 'winCondition'>>>;
  lobbyEvents(code: string, signal?: AbortSignal): Promise<WebApiResult<StoredLobbyEvent[]>>;
  /** The newest game played with a code, for when no callback came (spec 1 §6.1). */
  gameByCode(code: string, platform: string, signal?: AbortSignal): Promise<WebApiResult<GameFacts>>;
  /**
   * v5 games/by-code, as listed: empty while no game was recorded. "If the endpoint returns the game, it
   * means a callback was attempted" (reference §1.2). Refused by the other kinds, which have no such path.
   */
  gamesByCode(code: string, signal?: AbortSignal): Promise<WebApiResult<GameFacts[]>>;
}

export interface TournamentApiOptions {
  client: WebApiClient;
  /** For v4's match lookups by code, which the service already wraps. */
  service: WebApiService;
  kind: () => TournamentApiKind;
}

const isStub = (kind: TournamentApiKind): boolean => kind.startsWith('stub');
const AMERICAS = 'americas';

export function createTournamentApi(options: TournamentApiOptions): TournamentApi {
  const { client, service } = options;

  async function read<S extends z.ZodType>(
    call: WebApiCall,
    schema: S,
    notFound?: string,
  ): Promise<WebApiResult<z.output<S>>> {
    const result = await client.call(call);
    if (!result.ok) {
      return notFound && result.problem.kind === 'not-found' ? problem('not-found', notFound, 404) : result;
    }
    const parsed = schema.safeParse(result.value);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return problem(
        'unavailable',
        `The API answered ${call.endpoint.label} with something Sightline cannot read (${issue?.path.join('.') || 'top'}: ${issue?.message}).`,
      );
    }
    return { ok: true, value: parsed.data };
  }

  const checkedCode = (code: string) => {
    const checked = checkTournamentCode(code);
    return checked.ok ? checked : problem('refused', checked.message);
  };

  /** What v4 cannot take, refused before sending (reference §1.3). */
  function refuseForVersion(kind: TournamentApiKind, settings: { mapType: string }): string | null {
    const v5 = kind === 'v5' || kind === 'stub-v5';
    if (v5 && !(MAP_TYPES_V5 as readonly string[]).includes(settings.mapType)) {
      return `The map ${settings.mapType} exists only in tournament v4; choose SUMMONERS_RIFT or HOWLING_ABYSS.`;
    }
    return null;
  }

  async function gamesByCode(code: string, signal?: AbortSignal): Promise<WebApiResult<GameFacts[]>> {
    if (options.kind() !== 'v5') {
      return problem('refused', 'Only tournament v5 with a tournament key lists games by code.');
    }
    const checked = checkedCode(code);
    if (!checked.ok) return checked;
    const games = await read(
      gamesByCodeCall(ENDPOINTS.tournamentGamesV5, checked.value, signal),
      tournamentGamesV5Schema,
    );
    if (!games.ok) return games.problem.kind === 'not-found' ? { ok: true, value: [] } : games;
    return {
      ok: true,
      value: games.value.map((game) => ({
        gameId: game.gameId,
        startTime: game.startTime,
        gameName: game.gameName,
        gameType: game.gameType,
        gameMode: game.gameMode,
        gameMap: game.gameMap,
        region: game.region.toUpperCase(),
        winningTeam: game.winningTeam.map((member) => member.puuid),
        losingTeam: game.losingTeam.map((member) => member.puuid),
        metaData: game.metaData,
      })),
    };
  }

  const participantsField = (kind: TournamentApiKind, ids: string[]) =>
    kind === 'v5' || kind === 'stub-v5' ? { allowedParticipants: ids } : { allowedSummonerIds: ids };

  return {
    kind: options.kind,
    gamesByCode,

    async createProvider(region, url, signal) {
      const kind = options.kind();
      if (
        (kind === 'v4' || kind === 'stub-v4') &&
        !(TOURNAMENT_REGIONS_V4 as readonly string[]).includes(region)
      ) {
        return problem('refused', `Tournament v4 has no region ${region}; it is v5 only.`);
      }
      return read(
        { endpoint: tournamentEndpoints(kind).providers, routing: AMERICAS, json: { region, url }, signal },
        providerIdSchema,
      );
    },

    async createTournament(providerId, name, signal) {
      const kind = options.kind();
      const json = name ? { providerId, name } : { providerId };
      return read(
        { endpoint: tournamentEndpoints(kind).tournaments, routing: AMERICAS, json, signal },
        tournamentIdSchema,
        `Provider ${providerId} is unknown to the API: it may belong to another key. Register a provider again.`,
      );
    },

    async createCodes(tournamentId, count, settings, metaData, signal) {
      const kind = options.kind();
      const refused = refuseForVersion(kind, settings);
      if (refused) return problem('refused', refused);
      const v5 = kind === 'v5' || kind === 'stub-v5';
      const json = {
        mapType: settings.mapType,
        pickType: settings.pickType,
        spectatorType: settings.spectatorType,
        teamSize: settings.teamSize,
        metadata: metaData,
        ...participantsField(kind, settings.allowedParticipants),
        ...(v5 ? { enoughPlayers: settings.enoughPlayers } : {}),
      };
      return read(
        {
          endpoint: tournamentEndpoints(kind).codes,
          routing: AMERICAS,
          query: { tournamentId, count },
          json,
          signal,
        },
        codeListSchema,
        `Tournament ${tournamentId} is unknown to the API.`,
      );
    },

    async updateCode(code, settings, signal) {
      const kind = options.kind();
      const checked = checkedCode(code);
      if (!checked.ok) return checked;
      const endpoint = tournamentEndpoints(kind).codeUpdate;
      if (!endpoint) {
        return problem(
          'refused',
          'The tournament stub cannot update codes (it has no PUT): use a tournament key.',
        );
      }
      const refused = refuseForVersion(kind, settings);
      if (refused) return problem('refused', refused);
      const result = await client.call({
        endpoint,
        routing: AMERICAS,
        params: { tournamentCode: checked.value },
        json: {
          mapType: settings.mapType,
          pickType: settings.pickType,
          spectatorType: settings.spectatorType,
          ...participantsField(kind, settings.allowedParticipants),
        },
        signal,
      });
      if (!result.ok) {
        return result.problem.kind === 'not-found'
          ? problem('not-found', `The API knows no code ${checked.value}.`, 404)
          : result;
      }
      return { ok: true, value: null };
    },

    async codeDetails(code, signal) {
      const kind = options.kind();
      const checked = checkedCode(code);
      if (!checked.ok) return checked;
      const endpoint = tournamentEndpoints(kind).codeDetails;
      if (!endpoint) return problem('refused', 'The v4 tournament stub cannot describe a code.');
      const details = await read(
        { endpoint, routing: AMERICAS, params: { tournamentCode: checked.value }, signal },
        codeDetailsSchema,
        `The API knows no code ${checked.value}.`,
      );
      if (!details.ok) return details;
      return {
        ok: true,
        value: { ...details.value, code: details.value.code || checked.value, source: 'api' },
      };
    },

    async lobbyEvents(code, signal) {
      const kind = options.kind();
      const checked = checkedCode(code);
      if (!checked.ok) return checked;
      const events = await read(
        {
          endpoint: tournamentEndpoints(kind).lobbyEvents,
          routing: AMERICAS,
          params: { tournamentCode: checked.value },
          signal,
        },
        lobbyEventsSchema,
        `No lobby events for ${checked.value}: the API knows no such code.`,
      );
      if (!events.ok) return events;
      return {
        ok: true,
        value: events.value.eventList.map((event) => ({
          timestamp: event.timestamp,
          eventType: event.eventType,
          player: event.puuid || event.summonerId,
        })),
      };
    },

    async gameByCode(code, platform, signal) {
      const kind = options.kind();
      const checked = checkedCode(code);
      if (!checked.ok) return checked;
      if (isStub(kind)) {
        return problem(
          'refused',
          'The tournament stub has no results by code: with a development key only the callback brings results.',
        );
      }
      const none = `No game recorded for the code ${checked.value} yet.`;
      if (kind === 'v5') {
        const games = await gamesByCode(checked.value, signal);
        if (!games.ok) return games;
        const game = [...games.value].sort((a, b) => b.startTime - a.startTime)[0];
        if (!game) return problem('not-found', none, 404);
        return { ok: true, value: { ...game, region: game.region || platform.toUpperCase() } };
      }
      const matches = await service.matchesByTournamentCode(checked.value, platform, signal);
      if (!matches.ok) return matches;
      const match = [...matches.value].sort((a, b) => (b.startedAt ?? 0) - (a.startedAt ?? 0))[0];
      if (!match) return problem('not-found', none, 404);
      const team = (win: boolean) =>
        match.teams
          .filter((side) => side.win === win)
          .flatMap((side) => side.participants.map((player) => player.riotId ?? player.puuid))
          .filter((id) => id !== '');
      return {
        ok: true,
        value: {
          gameId: Number(match.matchId.split('_')[1] ?? 0),
          startTime: match.startedAt ?? 0,
          gameName: '',
          gameType: '',
          gameMode: match.gameMode,
          gameMap: match.mapId,
          region: match.platform.toUpperCase(),
          winningTeam: team(true),
          losingTeam: team(false),
          metaData: '',
        },
      };
    },
  };
}

const gamesByCodeCall = (endpoint: Endpoint, code: string, signal?: AbortSignal): WebApiCall => ({
  endpoint,
  routing: AMERICAS,
  params: { tournamentCode: code },
  signal,
});
