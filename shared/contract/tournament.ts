import { z } from 'zod';
import type { MatchView, PlatformId } from './webApi';

/**
 * The tournament desk (spec 1 §2.2–2.4, §3, §4, §6, §8): providers, tournaments, codes, lobby events and
 * results, with the callback receiver's status. The API key and the metaData signing secret never cross
 * this contract.
 */

// Values of the tournament API (reference §1.2–1.3). v4 knows fewer regions and one more map.
/** The regions v4 accepted; v5 added the rest. */
export const TOURNAMENT_REGIONS_V4 = [
  'BR',
  'EUNE',
  'EUW',
  'JP',
  'LAN',
  'LAS',
  'NA',
  'OCE',
  'PBE',
  'RU',
  'TR',
] as const;
export const TOURNAMENT_REGIONS = [...TOURNAMENT_REGIONS_V4, 'KR', 'PH', 'SG', 'TH', 'TW', 'VN'] as const;
export type TournamentRegion = (typeof TOURNAMENT_REGIONS)[number];

/** The platform that hosts a provider region's games (and its status); PBE has none. */
export const TOURNAMENT_REGION_PLATFORMS: Record<TournamentRegion, PlatformId | null> = {
  BR: 'br1',
  EUNE: 'eun1',
  EUW: 'euw1',
  JP: 'jp1',
  LAN: 'la1',
  LAS: 'la2',
  NA: 'na1',
  OCE: 'oc1',
  PBE: null,
  RU: 'ru',
  TR: 'tr1',
  KR: 'kr',
  PH: 'ph2',
  SG: 'sg2',
  TH: 'th2',
  TW: 'tw2',
  VN: 'vn2',
};

export const MAP_TYPES = ['SUMMONERS_RIFT', 'HOWLING_ABYSS', 'TWISTED_TREELINE'] as const;
export type MapType = (typeof MAP_TYPES)[number];
/** TWISTED_TREELINE is v4 only. */
export const MAP_TYPES_V5 = ['SUMMONERS_RIFT', 'HOWLING_ABYSS'] as const satisfies readonly MapType[];
export const PICK_TYPES = ['BLIND_PICK', 'DRAFT_MODE', 'ALL_RANDOM', 'TOURNAMENT_DRAFT'] as const;
export type PickType = (typeof PICK_TYPES)[number];
export const SPECTATOR_TYPES = ['NONE', 'LOBBYONLY', 'ALL'] as const;
export type SpectatorType = (typeof SPECTATOR_TYPES)[number];

/** Every lobby event type of spec 1 §6.2, in the order a lobby goes through them, with its meaning. */
export const LOBBY_EVENT_TYPES = [
  'PracticeGameCreatedEvent',
  'PlayerJoinedGameEvent',
  'PlayerSwitchedTeamEvent',
  'PlayerQuitGameEvent',
  'ChampSelectStartedEvent',
  'GameAllocationStartedEvent',
  'GameAllocatedToLsmEvent',
] as const;
export type LobbyEventType = (typeof LOBBY_EVENT_TYPES)[number];
export const LOBBY_EVENT_LABELS: Record<LobbyEventType, string> = {
  PracticeGameCreatedEvent: 'lobby created',
  PlayerJoinedGameEvent: 'player joined the lobby',
  PlayerSwitchedTeamEvent: 'player switched teams',
  PlayerQuitGameEvent: 'player left the lobby',
  ChampSelectStartedEvent: 'champion select began',
  GameAllocationStartedEvent: 'loading screen began',
  GameAllocatedToLsmEvent: 'game began',
};
/** Shown beside every lobby view (spec 1 §6.2). */
export const LOBBY_EVENTS_NOTE =
  'Lobby events may occasionally be dropped: they are an audit log, not a signal to advance a bracket or forfeit a team.';

// Limits and advice (spec 1 §3, §6.1, §8).
export const MAX_CODES_PER_CALL = 1000;
/**
 * Codes the desk asks for in one creation call (and the CLI and the form in one request). The API takes up to
 * MAX_CODES_PER_CALL, but 100 keeps 1,000 codes to 10 calls while the organizer sees progress every tenth, a
 * stop waits for at most one call, and a process killed mid-call leaves at most 100 codes to be adopted.
 */
export const CODES_PER_CREATION_CALL = 100;
/** Codes become eligible for expiry three calendar months after generation (UTC), not after 90 days. */
export const CODE_EXPIRY_MONTHS = 3;
export const CALLBACK_FALLBACK_MS = 5 * 60 * 1000;
export const TOURNAMENT_LEAD_TIME_MS = 7 * 24 * 60 * 60 * 1000;
export const MIN_TOURNAMENT_PARTICIPANTS = 20;
/** Percent of entry fees that must go to the prize pool when there is a fee. */
export const MIN_PRIZE_POOL_SHARE = 70;
export const CALLBACK_PATH = '/tournament/callback';
export const MAX_WIN_CONDITION_LENGTH = 500;
/** Codes beyond this multiple of what the bracket needs are refused unless confirmed (spec 1 §8). */
export const CODE_SURPLUS_FACTOR = 2;

/**
 * Which paths the desk calls: the stub unless the key is confirmed tournament-enabled
 * (`webApi.tournamentKeyConfirmed`, never for development keys); the version follows `webApi.apiVersion`.
 */
export type TournamentApiKind = 'v4' | 'v5' | 'stub-v4' | 'stub-v5';

/** Which tournament API the desk calls now, and why the stub when it is the stub (said before sending). */
export interface TournamentApiUse {
  kind: TournamentApiKind;
  /** development-key: the stub only; not-confirmed: a key not confirmed as tournament-enabled; null: the real API. */
  stubBecause: 'development-key' | 'not-confirmed' | null;
}

/**
 * Games a single-elimination bracket of `participants` needs with teams of `teamSize`: teams - 1. The
 * desk warns before creating far more codes than this (spec 1 §8: keys that over-create may be revoked).
 */
export function codesNeeded(participants: number, teamSize: number): number {
  const teams = Math.max(2, Math.floor(participants / Math.max(1, teamSize)));
  return teams - 1;
}

/** A warning before creating `count` more codes, or null when the number looks right. */
export function codeCountWarning(
  count: number,
  existing: number,
  participants: number,
  teamSize: number,
): string | null {
  const needed = codesNeeded(participants, teamSize);
  if (existing + count <= needed * CODE_SURPLUS_FACTOR) return null;
  return `The bracket needs about ${needed} codes (${participants} participants in teams of ${teamSize}) and ${existing} exist: creating ${count} more is far beyond need, and keys that over-create codes may be revoked.`;
}

// Pushed state.
export interface TournamentProviderView {
  providerId: number;
  region: TournamentRegion;
  callbackUrl: string;
  api: TournamentApiKind;
  createdAt: number;
  /** False once the API key changed: a provider is tied to the key that created it. */
  keyMatches: boolean;
}

export interface TournamentPolicyInput {
  participants: number;
  /** Per participant, in the organizer's currency; 0 for a free tournament. */
  entryFee: number;
  /** Percent (0–100) of entry fees passed to the prize pool. */
  prizePoolShare: number;
  betting: boolean;
  /**
   * How a match and the tournament are won, as the organizer states it to players (spec 1 §1: fair and
   * transparent win conditions). '' only for tournaments created before the desk asked for it.
   */
  winCondition: string;
}

export interface TournamentView {
  tournamentId: number;
  providerId: number;
  name: string;
  /** The provider's URL when the tournament was created: callbacks keep going there (spec 1 §6.1). */
  callbackUrl: string;
  api: TournamentApiKind;
  createdAt: number;
  /** Epoch ms of the first match, when the organizer gave it. */
  firstMatchAt: number | null;
  policy: TournamentPolicyInput;
  codeCount: number;
  /** Codes younger than three months. */
  activeCodeCount: number;
  /** No active code: the tournament is eligible for expiry and cleanup (spec 1 §3). */
  noActiveCode: boolean;
  resultCount: number;
}

export interface TournamentCodeSettings {
  mapType: MapType;
  pickType: PickType;
  spectatorType: SpectatorType;
  teamSize: number;
  /**
   * PUUIDs for v5, encrypted summoner IDs for v4, as sent to the API; empty: anyone with the code. In a
   * code's view, each is shown as its player's Riot ID where the desk knows it.
   */
  allowedParticipants: string[];
  /** The Riot ID (name#tag) of each allowed participant the organizer named by Riot ID, by the ID sent. */
  riotIds?: Record<string, string>;
  /** v5 only: the API checks the allowed participants make full teams. */
  enoughPlayers: boolean;
}

/**
 * open: no lobby seen; lobby: lobby events seen; in-game: the game began; ended: the game ended (the
 * organizer said so, or v5 games/by-code listed it) and the result is awaited (fallback at `fallbackAt`);
 * finished: a result is stored.
 */
export type TournamentCodeStatus = 'open' | 'lobby' | 'in-game' | 'ended' | 'finished';

/** A game being watched through v5 games/by-code, from the lobby's "game began" until it is listed. */
export interface TournamentResultWatch {
  /** When games/by-code is asked next. */
  nextCheckAt: number;
  /** The watch stops then (a bound on the calls); after it, the organizer says the game ended. */
  until: number;
}

export interface TournamentCodeView {
  code: string;
  tournamentId: number;
  createdAt: number;
  /** Three calendar months after creation in UTC (spec 1 §3), the day clamped to the month's end. */
  expiryEligibleAt: number;
  eligibleForExpiry: boolean;
  status: TournamentCodeStatus;
  settings: TournamentCodeSettings;
  /** The organizer's metadata text, without Sightline's signature. */
  metadata: string;
  gameEndedAt: number | null;
  /** When the result will be fetched by code if no callback came; null when none is pending. */
  fallbackAt: number | null;
  /**
   * v5: games/by-code is watched since the lobby showed the game begin; the game ended when it lists it
   * (then `fallbackAt` is set). null when not watched (stub and v4 codes: say the game ended by hand).
   */
  resultWatch: TournamentResultWatch | null;
  /** Games of callbacks received for this code and held until games/by-code confirms them. */
  heldCallbacks: number[];
}

export interface LobbyEventView {
  /** Epoch ms (the API sends digits in a string). */
  timestamp: number;
  /** Known types are LobbyEventType; an unknown one is kept as sent. */
  eventType: string;
  label: string;
  /** PUUID (v5) or summoner ID (v4); '' for events without a player. */
  player: string;
  /** The player's Riot ID (Name#TAG) once the desk has looked it up. */
  playerName?: string;
}

export interface TournamentLobbyState {
  /** The code whose lobby view is open, polled while it is; null when none is. */
  code: string | null;
  events: LobbyEventView[];
  lastPolledAt: number | null;
  error: string | null;
}

export interface TournamentResultView {
  code: string;
  /** 0 when the code is not one of this desk's (a standalone receiver). */
  tournamentId: number;
  gameId: number;
  /** `${region}_${gameId}`, e.g. NA1_1234567890. */
  matchId: string;
  /** Where the match page looks it up: a region for v5, a platform for v4. */
  routing: string;
  /** The match page with its params, e.g. `/matches?match=NA1_1&routing=americas&code=NA04…`. */
  matchPath: string;
  source: 'callback' | 'fallback';
  receivedAt: number;
  startTime: number;
  gameName: string;
  gameType: string;
  gameMode: string;
  gameMap: number;
  /** Platform ID as sent (NA1). */
  region: string;
  /** Player identifiers as the source gave them (names in the old callback, PUUIDs by code); may be empty. */
  winningTeam: string[];
  losingTeam: string[];
  /** The organizer's metadata text. */
  metadata: string;
  /**
   * Who won and who lost, by Riot ID (`gameName#tagLine`), and the game's length: from the game looked up
   * through its code once the result is recorded (the older callback's summoner names until then).
   */
  winners: string[];
  losers: string[];
  durationSeconds: number | null;
  /** looking-up until that lookup is done; failed keeps the row, with playersError saying why. */
  players: ResultPlayersLookup;
  playersError: string | null;
  /** True while the code has more than one game (a remake, a replayed lobby) and none is chosen yet. */
  review: boolean;
  /** Once the organizer chose a game of such a code: whether this one counts; null otherwise. */
  counts: boolean | null;
}

export type ResultPlayersLookup = 'looking-up' | 'known' | 'failed';

export interface CallbackRejection {
  at: number;
  shortCode: string;
  reason: string;
}

export interface CallbackReceiverStatus {
  path: typeof CALLBACK_PATH;
  accepted: number;
  /** Retries or replays of a result already stored: answered 200, nothing changed. */
  duplicates: number;
  rejected: number;
  /** Received, answered 200, and held until games/by-code confirms their game (v5). */
  held: number;
  lastAcceptedAt: number | null;
  /** Newest first, at most 20. */
  recentRejections: CallbackRejection[];
}

/**
 * The shared tournament database (PostgreSQL) as the Tournaments page may see it: where it is, never the
 * URL's password. Not configured: the desk keeps its data in the data folder's tournaments.db.
 */
export interface TournamentDatabaseStatus {
  configured: boolean;
  /** environment: SIGHTLINE_TOURNAMENT_DATABASE_URL (fixed for the run); stored: saved from this page. */
  source: 'environment' | 'stored' | null;
  database: { host: string; port: number; database: string; user: string } | null;
  /** Whether a URL can be saved here: not over the environment's, and only where the OS encrypts it. */
  canSave: boolean;
  /** The desk still uses the database it opened at start: the choice applies once Sightline restarts. */
  restartNeeded: boolean;
}

export interface TournamentNotice {
  /** tournament-key: a personal or production key not confirmed as tournament-enabled, so the stub is used. */
  kind: 'key-changed' | 'development-key' | 'tournament-key' | 'no-key' | 'storage' | 'fallback';
  message: string;
}

export interface TournamentState {
  /** False until the database is open. */
  ready: boolean;
  api: TournamentApiKind;
  providers: TournamentProviderView[];
  tournaments: TournamentView[];
  codes: TournamentCodeView[];
  lobby: TournamentLobbyState;
  /** Newest first. */
  results: TournamentResultView[];
  receiver: CallbackReceiverStatus;
  notices: TournamentNotice[];
}

export const INITIAL_TOURNAMENT_STATE: TournamentState = {
  ready: false,
  api: 'stub-v5',
  providers: [],
  tournaments: [],
  codes: [],
  lobby: { code: null, events: [], lastPolledAt: null, error: null },
  results: [],
  receiver: {
    path: CALLBACK_PATH,
    accepted: 0,
    duplicates: 0,
    rejected: 0,
    held: 0,
    lastAcceptedAt: null,
    recentRejections: [],
  },
  notices: [],
};

// Request answers.
export interface UrlCheckView {
  valid: boolean;
  /** Why it is invalid; null when valid. */
  reason: string | null;
  /** Advice that does not make it invalid (the https certificate rule). */
  notes: string[];
  /** The URL exactly as it is registered (scheme and host in lower case, no default port); null when invalid. */
  canonical: string | null;
}

export interface PolicyVerdict {
  allowed: boolean;
  /** Each rule broken, as a sentence. */
  reasons: string[];
  /** The spec's advice (create no more than a week before the first match). */
  advice: string[];
}

export interface TournamentCodesCreated {
  codes: TournamentCodeView[];
  warnings: string[];
  /** The win condition of the codes' tournament, shown with them. */
  winCondition: string;
}

/** A code as the API describes it (GET codes/{code}); absent values are '' or 0 (omission rule). */
export interface TournamentCodeDetailsView {
  code: string;
  id: number;
  providerId: number;
  tournamentId: number;
  region: string;
  map: string;
  teamSize: number;
  spectators: string;
  pickType: string;
  lobbyName: string;
  password: string;
  metaData: string;
  /** The metaData read as the desk's signed envelope, field by field; null when it is not one. */
  signedMetaData?: SignedMetaDataView | null;
  participants: string[];
  /** The stub of v4 cannot describe a code: the desk's own record is shown, marked as such. */
  source: 'api' | 'local';
  /** The win condition of the code's tournament, from the desk's record; '' when the desk has none. */
  winCondition: string;
}

/** A code's signed metaData, for people: its fields, never the raw JSON. */
export interface SignedMetaDataView {
  /** The organizer's own text inside. */
  text: string;
  tournamentId: number;
  /** valid: signed with this desk's secret; wrong: altered, or signed by another desk. */
  signature: 'valid' | 'wrong';
}

export interface LobbyEventsView {
  code: string;
  events: LobbyEventView[];
  /** When the API was last asked; null when only the stored log is shown. */
  fetchedAt: number | null;
  note: typeof LOBBY_EVENTS_NOTE;
}

// Requests. Numbers are checked here; URLs and policy are checked in the core so the refusal reads well.
const text = (max: number) => z.string().trim().min(1).max(max);
const empty = z.object({}).strict();
const tournamentCode = text(100);
/**
 * Riot IDs (name#tag) or PUUIDs (summoner IDs for v4); the desk resolves Riot IDs before sending. No maximum:
 * the API sets none.
 */
const participantIds = z.array(text(100));

const codeSettingsFields = {
  mapType: z.enum(MAP_TYPES).default('SUMMONERS_RIFT'),
  pickType: z.enum(PICK_TYPES).default('TOURNAMENT_DRAFT'),
  spectatorType: z.enum(SPECTATOR_TYPES).default('ALL'),
  allowedParticipants: participantIds.default([]),
};

/** What an update names; the rest is the code's current settings (PUT needs map, pick and spectators). */
const codeUpdateFields = {
  mapType: z.enum(MAP_TYPES).optional(),
  pickType: z.enum(PICK_TYPES).optional(),
  spectatorType: z.enum(SPECTATOR_TYPES).optional(),
  /** [] clears the list on purpose; absent keeps it. */
  allowedParticipants: participantIds.optional(),
};

const policyFields = {
  participants: z.number().int().min(0).max(1_000_000),
  entryFee: z.number().min(0).max(1_000_000).default(0),
  prizePoolShare: z.number().min(0).max(100).default(100),
  betting: z.boolean().default(false),
  /** Required by the policy (refused in words when empty), so the form can show why. */
  winCondition: z.string().trim().max(MAX_WIN_CONDITION_LENGTH).default(''),
};

export const tournamentRequestInputSchemas = {
  /** Where the desk's data is shared (PostgreSQL), without the password. */
  'tournament.database.status': empty,
  /** The whole URL (password included) goes to the OS-encrypted secret store; the page never reads it back. */
  'tournament.database.set': z.object({ url: z.string().trim().min(1).max(2000) }).strict(),
  'tournament.database.clear': empty,
  /** The spec's callback URL rules (port, TLD, https advice); nothing is sent. */
  'tournament.checkUrl': z.object({ url: z.string().trim().max(2000) }).strict(),
  'tournament.provider.create': z
    .object({ region: z.enum(TOURNAMENT_REGIONS), callbackUrl: z.string().trim().max(2000) })
    .strict(),
  /** The policy check alone, for the form to show before submitting. */
  'tournament.policy.check': z
    .object({ ...policyFields, firstMatchAt: z.number().int().nullable().default(null) })
    .strict(),
  'tournament.create': z
    .object({
      providerId: z.number().int().positive(),
      name: z.string().trim().max(100).default(''),
      firstMatchAt: z.number().int().nullable().default(null),
      ...policyFields,
    })
    .strict(),
  'tournament.codes.create': z
    .object({
      tournamentId: z.number().int().positive(),
      count: z.number().int().min(1).max(MAX_CODES_PER_CALL).default(1),
      ...codeSettingsFields,
      teamSize: z.number().int().min(1).max(5).default(5),
      enoughPlayers: z.boolean().default(false),
      metadata: z.string().max(500).default(''),
      /** Create even though the count is far beyond what the bracket needs. */
      confirmSurplus: z.boolean().default(false),
      /**
       * The codes of the whole run when a run is sent in several requests (createCodesInRuns): the count the
       * surplus warning judges, at the run's first request.
       */
      runCount: z.number().int().min(1).max(MAX_CODES_PER_CALL).optional(),
    })
    .strict(),
  /**
   * PUT codes/{code}: the fields named change; the others keep the code's current settings (as the API
   * describes the code, else as the desk stored them).
   */
  'tournament.code.update': z.object({ code: tournamentCode, ...codeUpdateFields }).strict(),
  'tournament.code.details': z.object({ code: tournamentCode }).strict(),
  /**
   * The organizer says the game ended: the result is fetched by code if no callback comes in 5 minutes.
   * v5 codes whose lobby was seen starting the game need not: games/by-code shows the end.
   */
  'tournament.code.gameEnded': z
    .object({ code: tournamentCode, endedAt: z.number().int().nullable().default(null) })
    .strict(),
  /** Opens the lobby view of a code: its events are polled (through the limiter) until it closes. */
  'tournament.lobby.watch': z.object({ code: tournamentCode }).strict(),
  'tournament.lobby.unwatch': empty,
  /** The audit log of a code: stored events, refreshed from the API when `refresh`. */
  'tournament.lobby.events': z.object({ code: tournamentCode, refresh: z.boolean().default(true) }).strict(),
  'tournament.results.list': z
    .object({
      tournamentId: z.number().int().positive().nullable().default(null),
      code: z.string().trim().max(100).default(''),
    })
    .strict(),
  /**
   * The game of a stored result, through its code so it is never anonymised (spec 1 §4): the result
   * with this match ID, or the newest result of the code.
   */
  'tournament.result.match': z
    .object({ code: tournamentCode, matchId: z.string().trim().max(40).default('') })
    .strict(),
  /** Fetches the result by tournament code now (what the fallback does after 5 minutes). */
  'tournament.result.fetch': z.object({ code: tournamentCode }).strict(),
  /** Which tournament API the desk calls (the command line says it before sending anything). */
  'tournament.api.use': empty,
  /**
   * Confirms (or withdraws) that the key is tournament-enabled: the setting `webApi.tournamentKeyConfirmed`,
   * refused for a development key, which may call the stub only.
   */
  'tournament.api.confirm': z.object({ confirmed: z.boolean() }).strict(),
  /**
   * A result's winners and losers by Riot ID and its length: looked up through its code now, unless known
   * (a result recorded while nothing could look it up, or whose lookup failed).
   */
  'tournament.result.players': z
    .object({ code: tournamentCode, gameId: z.number().int().positive() })
    .strict(),
  /** The organizer's choice of the game that counts, for a code with more than one game. */
  'tournament.result.choose': z
    .object({ code: tournamentCode, gameId: z.number().int().positive() })
    .strict(),
} as const satisfies Record<string, z.ZodType>;

export interface TournamentRequestOutputs {
  'tournament.database.status': TournamentDatabaseStatus;
  'tournament.database.set': TournamentDatabaseStatus;
  'tournament.database.clear': TournamentDatabaseStatus;
  'tournament.checkUrl': UrlCheckView;
  'tournament.provider.create': TournamentProviderView;
  'tournament.policy.check': PolicyVerdict;
  'tournament.create': TournamentView;
  'tournament.codes.create': TournamentCodesCreated;
  'tournament.code.update': TournamentCodeView;
  'tournament.code.details': TournamentCodeDetailsView;
  'tournament.code.gameEnded': TournamentCodeView;
  'tournament.lobby.watch': TournamentLobbyState;
  'tournament.lobby.unwatch': TournamentLobbyState;
  'tournament.lobby.events': LobbyEventsView;
  'tournament.results.list': TournamentResultView[];
  'tournament.result.match': MatchView;
  'tournament.result.fetch': TournamentResultView;
  'tournament.api.use': TournamentApiUse;
  'tournament.api.confirm': TournamentApiUse;
  'tournament.result.players': TournamentResultView;
  /** The code's games after the choice, newest first. */
  'tournament.result.choose': TournamentResultView[];
}
