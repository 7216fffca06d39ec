import { z } from 'zod';
import type { SecretStorage } from './secretStorage';

/**
 * The game's web API (spec 1): routing values, the user's own key, and the player and match pages.
 * The key itself never crosses this contract: views learn only whether one is set and its kind.
 */

// Routing (spec 1 §2.1). Platforms are hosts of one shard; regions are the regional clusters.
export const PLATFORM_IDS = [
  'br1',
  'eun1',
  'euw1',
  'jp1',
  'kr',
  'la1',
  'la2',
  'na1',
  'oc1',
  'tr1',
  'ru',
  'ph2',
  'sg2',
  'th2',
  'tw2',
  'vn2',
] as const;
export type PlatformId = (typeof PLATFORM_IDS)[number];

export const REGIONS = ['americas', 'asia', 'europe', 'sea'] as const;
export type Region = (typeof REGIONS)[number];
export type RoutingValue = PlatformId | Region;

/** The regional cluster that holds a platform's matches. */
export const PLATFORM_REGION: Record<PlatformId, Region> = {
  br1: 'americas',
  la1: 'americas',
  la2: 'americas',
  na1: 'americas',
  eun1: 'europe',
  euw1: 'europe',
  tr1: 'europe',
  ru: 'europe',
  jp1: 'asia',
  kr: 'asia',
  oc1: 'sea',
  ph2: 'sea',
  sg2: 'sea',
  th2: 'sea',
  tw2: 'sea',
  vn2: 'sea',
};

/** Account lookups are served by three clusters only; all three return the same data. */
export const ACCOUNT_REGIONS = ['americas', 'asia', 'europe'] as const satisfies readonly Region[];

/** The account cluster closest to a platform (sea platforms use asia). */
export function accountRegionOf(platform: PlatformId): Region {
  const region = PLATFORM_REGION[platform];
  return region === 'sea' ? 'asia' : region;
}

export const PLATFORM_LABELS: Record<PlatformId, string> = {
  br1: 'Brazil',
  eun1: 'Europe Nordic & East',
  euw1: 'Europe West',
  jp1: 'Japan',
  kr: 'Korea',
  la1: 'Latin America North',
  la2: 'Latin America South',
  na1: 'North America',
  oc1: 'Oceania',
  tr1: 'Türkiye',
  ru: 'Russia',
  ph2: 'Philippines',
  sg2: 'Singapore',
  th2: 'Thailand',
  tw2: 'Taiwan',
  vn2: 'Vietnam',
};

export const KEY_KINDS = ['development', 'personal', 'production'] as const;
export type KeyKind = (typeof KEY_KINDS)[number];
export const AUTH_MODES = ['header', 'query'] as const;
export type AuthMode = (typeof AUTH_MODES)[number];
export const API_VERSIONS = ['v4', 'v5'] as const;
export type ApiVersion = (typeof API_VERSIONS)[number];

const webApiSettingsFields = {
  /**
   * The platform last picked on the lookup page, whose account cluster the page asks first. The page finds
   * each player's own platform from the account (account-v1's region lookup) unless one is picked.
   */
  platform: z.enum(PLATFORM_IDS),
  /** The cluster for account lookups. */
  region: z.enum(REGIONS),
  keyKind: z.enum(KEY_KINDS),
  /** header: X-Riot-Token (default); query: the spec's api_key parameter (URLs are redacted in logs). */
  authMode: z.enum(AUTH_MODES),
  /** v5: today's paths (default); v4: the spec's paths. */
  apiVersion: z.enum(API_VERSIONS),
  /**
   * The user confirmed the key is enabled for the tournament API. A personal or production key is not a
   * tournament key by itself (spec 1 §5), so the desk calls the tournament stub until this is on.
   */
  tournamentKeyConfirmed: z.boolean(),
};

/** The settings section (shared/contract/settings.ts embeds it). */
export const webApiSettingsSchema = z.object({
  platform: webApiSettingsFields.platform.default('na1'),
  region: webApiSettingsFields.region.default('americas'),
  keyKind: webApiSettingsFields.keyKind.default('development'),
  authMode: webApiSettingsFields.authMode.default('header'),
  apiVersion: webApiSettingsFields.apiVersion.default('v5'),
  tournamentKeyConfirmed: webApiSettingsFields.tournamentKeyConfirmed.default(false),
});
/** Without defaults, so a patch of one field does not reset the others. */
export const webApiSettingsPatchSchema = z.object(webApiSettingsFields).partial().strict();
export type WebApiSettings = z.output<typeof webApiSettingsSchema>;

// Pushed state.
export interface WebApiKeyStatus {
  present: boolean;
  kind: KeyKind;
  /** stored: the OS-encrypted secret store; file: a plain file only this user can read; environment: SIGHTLINE_API_KEY. */
  source: 'stored' | 'file' | 'environment' | null;
  /** Something the user should know about where the key is kept, or null. */
  warning: string | null;
  /** Where a key entered now would be kept; null until the core has said. */
  storage: SecretStorage | null;
}

/** A pause the rate limiter is honouring, shown as "rate limited: retrying in 4 s". */
export interface WebApiPause {
  /** application: the key's limit on this host; method: one endpoint's; service: the endpoint's backend; backoff: a 429 without headers. */
  scope: 'application' | 'method' | 'service' | 'backoff';
  routing: string;
  /** What is paused, for people ("match lookups"). */
  label: string;
  /** Epoch ms when requests resume. */
  until: number;
}

/** A call the web API failed (5xx, a dropped connection), waiting to try again. */
export interface WebApiRetry {
  routing: string;
  /** What waits, for people ("account lookups"). */
  label: string;
  /** What went wrong, in words ("HTTP 503"). */
  reason: string;
  /** Epoch ms of the next attempt. */
  until: number;
}

/** Set when requests kept failing with client errors: nothing is sent until the user acts. */
export interface WebApiGuardState {
  paused: boolean;
  message: string | null;
  since: number | null;
}

export interface WebApiState {
  key: WebApiKeyStatus;
  pauses: WebApiPause[];
  retries: WebApiRetry[];
  guard: WebApiGuardState;
}

export const INITIAL_WEB_API_STATE: WebApiState = {
  key: { present: false, kind: 'development', source: null, warning: null, storage: null },
  pauses: [],
  retries: [],
  guard: { paused: false, message: null, since: null },
};

// Records as the views see them (parsed with the omission rule: absent numbers are 0, strings '').
export interface AccountView {
  puuid: string;
  gameName: string;
  tagLine: string;
  /** The cluster that answered. */
  region: Region;
}

/** Where a player plays League (account-v1's region by game, a platform ID), so nobody has to pick it. */
export interface PlayerPlatformView {
  puuid: string;
  platform: PlatformId;
}

export interface SummonerView {
  puuid: string;
  /** Encrypted summoner ID. */
  id: string;
  accountId: string;
  /** Legacy name; for new accounts a random UUID, never shown as a player's name. */
  name: string;
  profileIconId: number;
  summonerLevel: number;
  revisionDate: number;
  platform: PlatformId;
}

export interface RecentMatchesView {
  /** Where the matches were listed: a region for v5, a platform for v4. */
  routing: RoutingValue;
  matchIds: string[];
}

/** One ranked queue of a player, as league-v4 returns it; nothing is estimated. */
export interface LeagueEntryView {
  leagueId: string;
  /** The raw value: RANKED_SOLO_5x5, RANKED_TEAM_5x5 (spec 2 §2.3), or one Sightline does not name. */
  queueType: string;
  /** A name for people; an unknown queueType is shown as it came, never blank. */
  queueLabel: string;
  /** IRON … CHALLENGER, as sent. */
  tier: string;
  /** The division, I … IV ('' when the record leaves it out). */
  rank: string;
  leaguePoints: number;
  wins: number;
  losses: number;
  hotStreak: boolean;
  veteran: boolean;
  freshBlood: boolean;
  inactive: boolean;
}

export interface LeagueEntriesView {
  platform: PlatformId;
  /** Empty when the player has no ranked entry on that platform this season. */
  entries: LeagueEntryView[];
}

export interface MatchParticipantView {
  /** "name#tag", or null when the endpoint hides who played (never guessed). */
  riotId: string | null;
  /** The player's PUUID when the endpoint gives it, to mark the looked-up player; '' when hidden. */
  puuid: string;
  championId: number;
  /** '' when the record has only the ID (v4); the page asks static data. */
  championName: string;
  champLevel: number;
  spells: [number, number];
  /** The keystone rune and the secondary tree, by rune ID (8112, 8300); 0 when the record has none. */
  runes: { keystone: number; secondaryTree: number };
  /** Seven slots, item 0-5 then the trinket; 0 is an empty slot. */
  items: number[];
  kills: number;
  deaths: number;
  assists: number;
  /** Lane minions plus neutral monsters. */
  cs: number;
  damageToChampions: number;
  gold: number;
  visionScore: number;
  /** TOP, JUNGLE, MIDDLE, BOTTOM, UTILITY or ''. */
  position: string;
  /**
   * Last season's highest ending tier (spec 2 §2.3 `highestTierAchieved`), as sent; '' when the record
   * does not carry it (match-v5 never does).
   */
  highestTierAchieved: string;
}

export interface MatchObjectivesView {
  towers: number;
  inhibitors: number;
  dragons: number;
  barons: number;
  heralds: number;
  voidGrubs: number;
}

export interface MatchTeamView {
  teamId: number;
  side: 'blue' | 'red';
  win: boolean;
  kills: number;
  gold: number;
  objectives: MatchObjectivesView;
  participants: MatchParticipantView[];
}

/**
 * One Arena team (gameMode CHERRY): the players of one `playerSubteamId`, two in 8-team modes and three in
 * 6-team modes, and where the team finished (1 is first; 0 when the record leaves it out).
 */
export interface MatchSubteamView {
  subteamId: number;
  placement: number;
  kills: number;
  gold: number;
  participants: MatchParticipantView[];
}

export interface MatchView {
  matchId: string;
  platform: string;
  queueId: number;
  queueLabel: string;
  mapId: number;
  mapLabel: string;
  gameMode: string;
  durationSeconds: number;
  /** Epoch ms, null when the record does not say. */
  startedAt: number | null;
  gameVersion: string;
  tournamentCode: string;
  apiVersion: ApiVersion;
  /**
   * standard: /matches/{id}; tournament-code: through the code that made the game, one the desk created,
   * so its players are named (v4 match-by-code; v5 the match, whose record names the code).
   */
  source: 'standard' | 'tournament-code';
  /** True when the endpoint withheld who played (standard endpoint, non-ranked game). */
  anonymised: boolean;
  /**
   * The game did not complete (match-v5 `endOfGameResult` other than GameComplete, e.g. Abort_Unexpected):
   * the record holds no game data. False when the record does not say (v4, older records).
   */
  aborted: boolean;
  /** Two sides; empty for Arena, whose players are in `subteams`. */
  teams: MatchTeamView[];
  /** Arena's teams ordered by placement (first place first); empty for a game of two sides. */
  subteams: MatchSubteamView[];
}

/** match-v5's match types (the `type` filter of the match list). */
export const MATCH_TYPES = ['ranked', 'normal', 'tourney', 'tutorial'] as const;
export type MatchType = (typeof MATCH_TYPES)[number];

/** lol-status-v4: one incident or maintenance, its title in the asked locale (English when it lacks one). */
export interface PlatformNoticeView {
  kind: 'incident' | 'maintenance';
  /** info, warning or critical for incidents; '' when not sent. */
  severity: string;
  /** scheduled, in_progress or complete for maintenances; '' when not sent. */
  maintenanceStatus: string;
  title: string;
  /** The latest update's text in the same locale, '' without one. */
  latestUpdate: string;
}

/** A platform's status: no notices means the platform reports nothing wrong. */
export interface PlatformStatusView {
  platform: PlatformId;
  /** The platform's name as the API gives it ("EU West"). */
  name: string;
  notices: PlatformNoticeView[];
}

/**
 * Why a web API call gave no data, as a sentence that says what to do. `refused`, `no-key` and `paused` are
 * decided locally: nothing was sent.
 */
export type WebApiProblemKind =
  | 'refused'
  | 'no-key'
  | 'paused'
  | 'key-rejected'
  /** A 403 from one route while the key works elsewhere: the route was removed or is closed to this key. */
  | 'route-refused'
  | 'not-found'
  | 'bad-request'
  | 'rate-limited'
  | 'unavailable'
  | 'untrusted'
  | 'cancelled';

export interface WebApiProblem {
  kind: WebApiProblemKind;
  message: string;
  /** The HTTP status that ended the call, null when none did. */
  status: number | null;
}

export type WebApiResult<T> = { ok: true; value: T } | { ok: false; problem: WebApiProblem };

/**
 * A lookup of `sightline api`, made by the running Sightline for the command line (one key, one limiter per
 * machine). Arguments go as typed: the core refuses what cannot be right with the same sentence either way.
 */
const commandLineArgument = z.string().max(1000);
export const webApiServiceCallSchema = z.discriminatedUnion('method', [
  z.strictObject({
    method: z.literal('accountByRiotId'),
    riotId: commandLineArgument,
    region: commandLineArgument,
  }),
  z.strictObject({
    method: z.literal('summonerByName'),
    name: commandLineArgument,
    platform: commandLineArgument,
  }),
  z.strictObject({ method: z.literal('match'), matchId: commandLineArgument, routing: commandLineArgument }),
  /** A game of one of the desk's tournament codes: the desk's own tournaments.db decides (deskMatchByCode). */
  z.strictObject({
    method: z.literal('matchByDeskCode'),
    matchId: commandLineArgument,
    code: commandLineArgument,
    routing: commandLineArgument,
  }),
]);
export type WebApiServiceCall = z.output<typeof webApiServiceCallSchema>;

/** The answer to a WebApiServiceCall as the service gave it, problems included, under the method asked. */
export type WebApiServiceAnswer =
  | { method: 'accountByRiotId'; result: WebApiResult<AccountView> }
  | { method: 'summonerByName'; result: WebApiResult<SummonerView> }
  | { method: 'match'; result: WebApiResult<MatchView> }
  | { method: 'matchByDeskCode'; result: WebApiResult<MatchView> };

// Requests. Routing values and names are plain strings here so the core can refuse them with a clear
// message (wrong kind, unknown value, bad characters) instead of a schema error.
const text = (max: number) => z.string().trim().min(1).max(max);
const empty = z.object({}).strict();

export const webApiRequestInputSchemas = {
  'webApi.key.status': empty,
  'webApi.key.set': z.object({ key: text(200), kind: z.enum(KEY_KINDS) }).strict(),
  'webApi.key.clear': empty,
  /**
   * Whether the key in use has this fingerprint (keyFingerprint): the command line hands its lookups over only
   * when it would use the same key. The key's fingerprint never leaves the core.
   */
  'webApi.key.sameAs': z.strictObject({ fingerprint: z.string().regex(/^[0-9a-f]{32}$/) }),
  /** Lifts the pause that repeated client errors set, after the user checked the key. */
  'webApi.resume': empty,
  'webApi.account.byRiotId': z.object({ riotId: text(64), region: text(16) }).strict(),
  /** The platform the player plays League on, from any account cluster (spec 1 §2.1: they hold the same data). */
  'webApi.account.platform': z.object({ puuid: text(100), region: text(16) }).strict(),
  'webApi.summoner.byPuuid': z.object({ puuid: text(100), platform: text(16) }).strict(),
  'webApi.summoner.byName': z.object({ name: text(64), platform: text(16) }).strict(),
  /** By PUUID, or by summoner ID when the PUUID is not known (spec 1 §2.5: either names a player). */
  'webApi.league.entries': z
    .object({
      platform: text(16),
      puuid: z.string().trim().max(100).default(''),
      summonerId: z.string().trim().max(100).default(''),
    })
    .strict(),
  'webApi.matches.recent': z
    .object({
      puuid: text(100),
      platform: text(16),
      /** Needed by the v4 match list, which is keyed by account ID. */
      accountId: z.string().max(100).default(''),
      /** Paging as match-v5 takes it: newest first, `count` from `start` (at most 100 a page). */
      start: z.number().int().min(0).max(10_000).default(0),
      count: z.number().int().min(1).max(100).default(10),
      /** Filters, left out when not set: a queue ID, a match type, a time span in epoch seconds. */
      queue: z.number().int().min(0).max(100_000).optional(),
      type: z.enum(MATCH_TYPES).optional(),
      startTime: z.number().int().min(0).optional(),
      endTime: z.number().int().min(0).optional(),
    })
    .strict()
    .refine(
      (input) =>
        input.startTime === undefined || input.endTime === undefined || input.startTime <= input.endTime,
      {
        message: 'The time filter ends before it starts: pick an end time after the start time.',
      },
    ),
  /** lol-status-v4 for one platform; `locale` picks the titles' language (English when it has none). */
  'webApi.status.platform': z
    .object({ platform: text(16), locale: z.string().trim().max(20).default('en_US') })
    .strict(),
  'webApi.match.get': z
    .object({ matchId: text(40), routing: z.string().trim().max(16).default('') })
    .strict(),
  /**
   * Games of your tournament codes: a game played with a code this desk created, fetched through that code
   * so its players are named (spec 1 §4); any other code is refused (not-found) before anything is sent.
   */
  'webApi.match.byCode': z
    .object({ matchId: text(40), code: text(80), routing: z.string().trim().max(16).default('') })
    .strict(),
  /** `sightline api` beside the running Sightline (companion audience only, like every channel not for overlays). */
  'webApi.service.call': webApiServiceCallSchema,
} as const;

export interface WebApiRequestOutputs {
  'webApi.key.status': WebApiKeyStatus;
  'webApi.key.set': WebApiKeyStatus;
  'webApi.key.clear': WebApiKeyStatus;
  'webApi.key.sameAs': boolean;
  'webApi.resume': WebApiGuardState;
  'webApi.account.byRiotId': AccountView;
  'webApi.account.platform': PlayerPlatformView;
  'webApi.summoner.byPuuid': SummonerView;
  'webApi.summoner.byName': SummonerView;
  'webApi.league.entries': LeagueEntriesView;
  'webApi.matches.recent': RecentMatchesView;
  'webApi.status.platform': PlatformStatusView;
  'webApi.match.get': MatchView;
  'webApi.match.byCode': MatchView;
  'webApi.service.call': WebApiServiceAnswer;
}
