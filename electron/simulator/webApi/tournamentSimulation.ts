import { createHash } from 'node:crypto';
import { readRfc3986Uri } from '../../../shared/url/rfc3986';
import { deliverCallback, type CallbackDelivery } from './tournamentCallbackSender';
import type { SimMatch, WebApiDataset } from './webApiDataset';
import type { RouteAnswer, RouteRequest, SimRoute } from './webApiRoutes';
import { notFound } from './webApiRoutes';

/**
 * The tournament API (spec 1 §4 v4, reference §1.2 v5, and both stubs) as the other side of the wire:
 * providers, tournaments, codes (POST, GET, PUT), lobby events that appear over simulated time, and a
 * callback sender that POSTs each game's result to the provider's URL and retries until it sees 200.
 * Games it plays are added to the dataset's tournament codes, so games/by-code and match-v4 by code
 * answer for them too (the fallback).
 */

type Kind = 'v4' | 'v5' | 'stub-v4' | 'stub-v5';
const KINDS: readonly Kind[] = ['v4', 'v5', 'stub-v4', 'stub-v5'];
const BASES: Record<Kind, string> = {
  v4: '/lol/tournament/v4',
  v5: '/lol/tournament/v5',
  'stub-v4': '/lol/tournament-stub/v4',
  'stub-v5': '/lol/tournament-stub/v5',
};
const REGIONS_V4 = ['BR', 'EUNE', 'EUW', 'JP', 'LAN', 'LAS', 'NA', 'OCE', 'PBE', 'RU', 'TR'];
const REGIONS_V5 = [...REGIONS_V4, 'KR', 'PH', 'SG', 'TH', 'TW', 'VN'];
const MAPS_V4 = ['SUMMONERS_RIFT', 'TWISTED_TREELINE', 'HOWLING_ABYSS'];
const MAPS_V5 = ['SUMMONERS_RIFT', 'HOWLING_ABYSS'];
const PICKS = ['BLIND_PICK', 'DRAFT_MODE', 'ALL_RANDOM', 'TOURNAMENT_DRAFT'];
const SPECTATORS = ['NONE', 'LOBBYONLY', 'ALL'];
const DEFAULT_PORTS: Record<string, string> = { http: '80', https: '443' };
const REGION_PLATFORM: Record<string, string> = {
  BR: 'br1', EUNE: 'eun1', EUW: 'euw1', JP: 'jp1', LAN: 'la1', LAS: 'la2', NA: 'na1', OCE: 'oc1',
  PBE: 'na1', RU: 'ru', TR: 'tr1', KR: 'kr', PH: 'ph2', SG: 'sg2', TH: 'th2', TW: 'tw2', VN: 'vn2',
}; // prettier-ignore

export interface SimProvider {
  id: number;
  kind: Kind;
  region: string;
  url: string;
}

export interface SimTournament {
  id: number;
  kind: Kind;
  providerId: number;
  name: string;
}

export interface SimLobbyEvent {
  timestamp: number;
  eventType: string;
  /** Index into the game's participants, or null for events without a player. */
  participant: number | null;
}

export interface SimCode {
  code: string;
  kind: Kind;
  tournamentId: number;
  providerId: number;
  region: string;
  platform: string;
  mapType: string;
  pickType: string;
  spectatorType: string;
  teamSize: number;
  participants: string[];
  metaData: string;
  /** The game this code's lobby becomes (made up from its ID, like every simulated match). */
  gameId: number;
  lobby: SimLobbyEvent[];
  played: boolean;
}

export type CallbackForm = 'current' | 'legacy';

export interface FinishGameOptions {
  /** send (default): POST to the provider's URL until 200; withhold: never (the fallback's case). */
  callback?: 'send' | 'withhold';
  /** current: no team lists (today's form); legacy: with winningTeam/losingTeam (default current). */
  form?: CallbackForm;
  /** Extra identical deliveries after the first 200, as a retrying sender may make. */
  duplicates?: number;
}

export interface TournamentSimulationControl {
  providers(): SimProvider[];
  tournaments(): SimTournament[];
  codes(): SimCode[];
  /** Every callback POST the simulator made. */
  deliveries(): CallbackDelivery[];
  /**
   * Sends callbacks to `baseUrl` instead of the provider's host (keeping the path): provider URLs must
   * pass the port and domain rules, the test receiver listens on 127.0.0.1.
   */
  redirectCallbacks(baseUrl: string | null): void;
  /** Scripts the lobby of a code: created, players join, one switches, champion select, loading, game. */
  playLobby(
    code: string,
    options?: { startAt?: number; stepMs?: number; dropEvents?: string[] },
  ): SimLobbyEvent[];
  /** The game ends: it becomes visible by code, and the callback is sent (or withheld). */
  finishGame(code: string, options?: FinishGameOptions): Promise<number | null>;
  /**
   * Another game on a code already played (a remake, a replayed lobby): a new game ID, listed by code
   * beside the first, and its callback sent as finishGame sends it.
   */
  playAgain(code: string, options?: FinishGameOptions): Promise<number | null>;
  /** The code's result callback again (a replay of a real one). */
  replayCallback(code: string, changes?: Record<string, unknown>): Promise<number | null>;
  /** A callback whose metaData was tampered with (or left unsigned), to the code's provider URL, sent once. */
  sendForgedCallback(code: string, how?: 'tampered' | 'unsigned'): Promise<number | null>;
  /** The callback body the code's game produces. */
  callbackBody(code: string, form?: CallbackForm): Record<string, unknown>;
  setCallbackRetry(retryMs: number, maxAttempts: number): void;
  reset(): void;
}

export interface TournamentSimulation {
  routes: SimRoute[];
  control: TournamentSimulationControl;
}

const ok = (body: unknown): RouteAnswer => ({ status: 200, body });
const badRequest = (message: string): RouteAnswer => ({
  status: 400,
  body: { status: { message: `Bad request - ${message}`, status_code: 400 } },
});

export function createTournamentSimulation(data: WebApiDataset, now: () => number): TournamentSimulation {
  let providers = new Map<number, SimProvider>();
  let tournaments = new Map<number, SimTournament>();
  let codes = new Map<string, SimCode>();
  let deliveries: CallbackDelivery[] = [];
  let redirect: string | null = null;
  let retry = { retryMs: 500, maxAttempts: 20 };
  let nextId = 1;
  let nextGame = 1;

  const isV5 = (kind: Kind) => kind === 'v5' || kind === 'stub-v5';
  // Stub IDs sit far from real ones, as separate systems' IDs would.
  const newId = (kind: Kind) => (kind.startsWith('stub') ? 900_000 : 1000) + nextId++;

  const makeCode = (region: string): string => {
    const hash = createHash('sha256').update(`code:${nextId++}:${now()}`).digest('hex');
    const uuid = `${hash.slice(5, 13)}-${hash.slice(13, 17)}-4${hash.slice(18, 21)}-a${hash.slice(22, 25)}-${hash.slice(25, 37)}`;
    return `${region.slice(0, 2)}${hash.slice(0, 5)}-${uuid}`;
  };

  const matchOf = (code: SimCode): SimMatch | null => data.match(code.platform, code.gameId);

  const codeRecord = (code: SimCode) => ({
    id: Number.parseInt(createHash('sha1').update(code.code).digest('hex').slice(0, 6), 16),
    providerId: code.providerId,
    tournamentId: code.tournamentId,
    code: code.code,
    region: code.region,
    map: code.mapType,
    teamSize: code.teamSize,
    // The stub's DTO has no spectators (reference §1.2).
    spectators: code.kind === 'stub-v5' ? '' : code.spectatorType,
    pickType: code.pickType,
    lobbyName: `${code.code.slice(0, 7)}-lobby`,
    password: createHash('sha1').update(`pw:${code.code}`).digest('hex').slice(0, 10),
    metaData: code.metaData,
    participants: code.participants,
  });

  const callbackBody = (code: SimCode, form: CallbackForm = 'current'): Record<string, unknown> => {
    const match = matchOf(code);
    const body: Record<string, unknown> = {
      startTime: match?.startedAt ?? now(),
      shortCode: code.code,
      metaData: code.metaData,
      gameId: code.gameId,
      gameName: `${code.code.slice(0, 8)}-game`,
      gameType: 'Practice',
      gameMap: match?.mapId ?? 11,
      gameMode: match?.gameMode ?? 'CLASSIC',
      region: code.platform.toUpperCase(),
    };
    if (form === 'legacy' && match) {
      const team = (won: boolean) =>
        match.participants
          .filter((player) => (player.teamId === match.winningTeam) === won)
          .map((player, index) => ({ summonerId: 10_000 + index, summonerName: player.player.summonerName }));
      body.winningTeam = team(true);
      body.losingTeam = team(false);
    }
    return body;
  };

  const targetUrl = (code: SimCode): string => {
    const provider = providers.get(code.providerId);
    const url = new URL(provider?.url ?? 'http://invalid.example.com/');
    return redirect ? `${redirect.replace(/\/$/, '')}${url.pathname}${url.search}` : url.href;
  };
  const sender = () => ({
    now,
    ...retry,
    log: (delivery: CallbackDelivery) => void deliveries.push(delivery),
  });

  const readBody = (request: RouteRequest): Record<string, unknown> | null =>
    typeof request.body === 'object' && request.body !== null && !Array.isArray(request.body)
      ? (request.body as Record<string, unknown>)
      : null;

  function routesFor(kind: Kind): SimRoute[] {
    const base = BASES[kind].replace(/\//g, '\\/');
    const id = (name: string) => `tournament-${kind}.${name}`;
    const common = { kind: 'region' as const, only: ['americas'], auth: 'key' as const };
    const regions = isV5(kind) ? REGIONS_V5 : REGIONS_V4;
    const maps = isV5(kind) ? MAPS_V5 : MAPS_V4;
    const participantsField = isV5(kind) ? 'allowedParticipants' : 'allowedSummonerIds';

    const checkSettings = (body: Record<string, unknown>): string | null => {
      if (!maps.includes(String(body.mapType))) return `mapType must be one of ${maps.join(', ')}`;
      if (!PICKS.includes(String(body.pickType))) return 'invalid pickType';
      if (!SPECTATORS.includes(String(body.spectatorType))) return 'invalid spectatorType';
      const allowed = body[participantsField];
      if (
        allowed !== undefined &&
        (!Array.isArray(allowed) || allowed.some((item) => typeof item !== 'string'))
      )
        return `${participantsField} must be a list of strings`;
      return null;
    };

    const routes: SimRoute[] = [
      {
        ...common,
        id: id('providers'),
        method: 'POST',
        pattern: new RegExp(`^${base}\\/providers$`),
        handle: (request) => {
          const body = readBody(request);
          if (!body || !regions.includes(String(body.region))) return badRequest('invalid region');
          const url = typeof body.url === 'string' ? body.url : '';
          // Read as a server reads it (RFC 3986), not as a browser repairs it.
          const read = readRfc3986Uri(url);
          if (!read.ok || !read.uri.authority?.host) return badRequest('url must be well formed');
          const defaultPort = DEFAULT_PORTS[read.uri.scheme.toLowerCase()];
          if (!defaultPort || (read.uri.authority.port || defaultPort) !== defaultPort)
            return badRequest('url must use http or https on the default port');
          const provider = { id: newId(kind), kind, region: String(body.region), url };
          providers.set(provider.id, provider);
          return ok(provider.id);
        },
      },
      {
        ...common,
        id: id('tournaments'),
        method: 'POST',
        pattern: new RegExp(`^${base}\\/tournaments$`),
        handle: (request) => {
          const body = readBody(request);
          const provider = providers.get(Number(body?.providerId));
          if (!provider || provider.kind !== kind) return badRequest('unknown providerId');
          const tournament = {
            id: newId(kind),
            kind,
            providerId: provider.id,
            name: String(body?.name ?? ''),
          };
          tournaments.set(tournament.id, tournament);
          return ok(tournament.id);
        },
      },
      {
        ...common,
        id: id('codes'),
        method: 'POST',
        pattern: new RegExp(`^${base}\\/codes$`),
        handle: (request) => {
          const body = readBody(request);
          const tournament = tournaments.get(Number(request.query.get('tournamentId')));
          if (!tournament || tournament.kind !== kind) return badRequest('unknown tournamentId');
          const count = Number(request.query.get('count') ?? 1);
          if (!Number.isInteger(count) || count < 1 || count > 1000)
            return badRequest('count must be 1 to 1000');
          if (!body) return badRequest('body required');
          const teamSize = Number(body.teamSize);
          if (!Number.isInteger(teamSize) || teamSize < 1 || teamSize > 5)
            return badRequest('teamSize must be 1 to 5');
          const invalid = checkSettings(body);
          if (invalid) return badRequest(invalid);
          if (isV5(kind) && typeof body.enoughPlayers !== 'boolean')
            return badRequest('enoughPlayers is required');
          const participants = (body[participantsField] as string[] | undefined) ?? [];
          if (isV5(kind) && body.enoughPlayers === true && participants.length < teamSize * 2)
            return badRequest('allowedParticipants are not enough to make full teams');
          const provider = providers.get(tournament.providerId);
          const region = provider?.region ?? 'NA';
          const platform = REGION_PLATFORM[region] ?? 'na1';
          const made: string[] = [];
          for (let index = 0; index < count; index += 1) {
            const code: SimCode = {
              code: makeCode(region),
              kind,
              tournamentId: tournament.id,
              providerId: tournament.providerId,
              region,
              platform,
              mapType: String(body.mapType),
              pickType: String(body.pickType),
              spectatorType: String(body.spectatorType),
              teamSize,
              participants,
              metaData: typeof body.metadata === 'string' ? body.metadata : '',
              gameId: 5_500_000_000 + nextGame++,
              lobby: [],
              played: false,
            };
            codes.set(code.code, code);
            made.push(code.code);
          }
          return ok(made);
        },
      },
      {
        ...common,
        id: id('lobbyEvents'),
        pattern: new RegExp(`^${base}\\/lobby-events\\/by-code\\/([^/]+)$`),
        handle: ({ params: [raw = ''] }) => {
          const code = codes.get(raw);
          if (!code || code.kind !== kind) return notFound('tournament code not found');
          const match = matchOf(code);
          const at = now();
          const eventList = code.lobby
            .filter((event) => event.timestamp <= at)
            .map((event) => {
              const player =
                event.participant === null ? null : match?.participants[event.participant]?.player;
              return {
                timestamp: String(event.timestamp),
                eventType: event.eventType,
                ...(player ? (isV5(kind) ? { puuid: player.puuid } : { summonerId: player.summonerId }) : {}),
              };
            });
          return ok({ eventList });
        },
      },
    ];
    if (kind !== 'stub-v4') {
      routes.push({
        ...common,
        id: id('codeDetails'),
        pattern: new RegExp(`^${base}\\/codes\\/([^/]+)$`),
        handle: ({ params: [raw = ''] }) => {
          const code = codes.get(raw);
          return code && code.kind === kind ? ok(codeRecord(code)) : notFound('tournament code not found');
        },
      });
    }
    if (!kind.startsWith('stub')) {
      routes.push({
        ...common,
        id: id('codeUpdate'),
        method: 'PUT',
        pattern: new RegExp(`^${base}\\/codes\\/([^/]+)$`),
        handle: (request) => {
          const code = codes.get(request.params[0] ?? '');
          if (!code || code.kind !== kind) return notFound('tournament code not found');
          const body = readBody(request);
          if (!body) return badRequest('body required');
          const invalid = checkSettings(body);
          if (invalid) return badRequest(invalid);
          code.mapType = String(body.mapType);
          code.pickType = String(body.pickType);
          code.spectatorType = String(body.spectatorType);
          code.participants = (body[participantsField] as string[] | undefined) ?? code.participants;
          return ok(null);
        },
      });
    }
    return routes;
  }

  const codeOrThrow = (raw: string): SimCode => {
    const code = codes.get(raw);
    if (!code) throw new Error(`The simulator made no code ${raw}`);
    return code;
  };

  const control: TournamentSimulationControl = {
    providers: () => [...providers.values()],
    tournaments: () => [...tournaments.values()],
    codes: () => [...codes.values()],
    deliveries: () => deliveries.map((delivery) => ({ ...delivery })),
    redirectCallbacks: (baseUrl) => {
      redirect = baseUrl;
    },
    playLobby(raw, options = {}) {
      const code = codeOrThrow(raw);
      const start = options.startAt ?? now();
      const step = options.stepMs ?? 2000;
      const players = Math.min(10, code.teamSize * 2);
      const script: Omit<SimLobbyEvent, 'timestamp'>[] = [
        { eventType: 'PracticeGameCreatedEvent', participant: 0 },
        ...Array.from({ length: players }, (_, index) => ({
          eventType: 'PlayerJoinedGameEvent',
          participant: index,
        })),
        { eventType: 'PlayerSwitchedTeamEvent', participant: players - 1 },
        { eventType: 'PlayerQuitGameEvent', participant: players - 1 },
        { eventType: 'PlayerJoinedGameEvent', participant: players - 1 },
        { eventType: 'ChampSelectStartedEvent', participant: null },
        { eventType: 'GameAllocationStartedEvent', participant: null },
        { eventType: 'GameAllocatedToLsmEvent', participant: null },
      ];
      const dropped = new Set(options.dropEvents ?? []);
      code.lobby = script
        .map((event, index) => ({ ...event, timestamp: start + index * step }))
        .filter((event) => !dropped.has(event.eventType));
      return code.lobby.map((event) => ({ ...event }));
    },
    async finishGame(raw, options = {}) {
      const code = codeOrThrow(raw);
      if (!code.played) {
        code.played = true;
        // From now on games/by-code (v5) and match-v4 by code know the game.
        data.tournamentCodes.push({
          code: code.code,
          platform: code.platform,
          gameId: code.gameId,
          metaData: code.metaData,
        });
      }
      if (options.callback === 'withhold') return null;
      const body = callbackBody(code, options.form);
      const target = { url: targetUrl(code), code: code.code };
      const status = await deliverCallback(sender(), { ...target, kind: 'result' }, body);
      for (let index = 0; index < (options.duplicates ?? 0); index += 1) {
        await deliverCallback(sender(), { ...target, kind: 'duplicate' }, body, false);
      }
      return status;
    },
    async playAgain(raw, options = {}) {
      const code = codeOrThrow(raw);
      if (!code.played) throw new Error(`The code ${raw} has no game yet: finishGame first`);
      code.played = false;
      code.gameId = 5_500_000_000 + nextGame++;
      return control.finishGame(raw, options);
    },
    async replayCallback(raw, changes = {}) {
      const code = codeOrThrow(raw);
      const body = { ...callbackBody(code), ...changes };
      return deliverCallback(
        sender(),
        { url: targetUrl(code), code: code.code, kind: 'replay' },
        body,
        false,
      );
    },
    async sendForgedCallback(raw, how = 'tampered') {
      const code = codeOrThrow(raw);
      const body = callbackBody(code);
      body.gameId = code.gameId + 77;
      if (how === 'unsigned') body.metaData = '{"title":"Final"}';
      else body.metaData = tamper(code.metaData);
      return deliverCallback(
        sender(),
        { url: targetUrl(code), code: code.code, kind: 'forged' },
        body,
        false,
      );
    },
    callbackBody: (raw, form) => callbackBody(codeOrThrow(raw), form),
    setCallbackRetry(retryMs, maxAttempts) {
      retry = { retryMs, maxAttempts };
    },
    reset() {
      providers = new Map();
      tournaments = new Map();
      codes = new Map();
      deliveries = [];
      redirect = null;
    },
  };

  return { routes: KINDS.flatMap(routesFor), control };
}

/** Changes one character of the organizer's text inside the metaData, keeping its shape. */
function tamper(metaData: string): string {
  try {
    const parsed = JSON.parse(metaData) as Record<string, unknown>;
    if (typeof parsed.m === 'string') return JSON.stringify({ ...parsed, m: `${parsed.m} (winner: red)` });
  } catch {
    // Not JSON: append instead.
  }
  return `${metaData}x`;
}
