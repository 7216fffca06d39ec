import {
  codeCountWarning,
  LOBBY_EVENT_LABELS,
  LOBBY_EVENT_TYPES,
  type LobbyEventType,
  type LobbyEventView,
  type MapType,
  type PickType,
  type SpectatorType,
  type TournamentApiKind,
  type TournamentCodeSettings,
  type TournamentCodeStatus,
  type TournamentCodeView,
  type TournamentResultView,
  type TournamentResultWatch,
  type TournamentView,
} from '@shared/contract';

/** How the tournament desk words codes, ages, expiry, results and lobby stages. */

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** "just now", "12 min ago", "5 h ago", "1 day ago", "40 days ago". */
export function formatAge(createdAt: number, now: number): string {
  const age = Math.max(0, now - createdAt);
  if (age < MINUTE_MS) return 'just now';
  if (age < HOUR_MS) return `${Math.floor(age / MINUTE_MS)} min ago`;
  if (age < DAY_MS) return `${Math.floor(age / HOUR_MS)} h ago`;
  const days = Math.floor(age / DAY_MS);
  return `${days} ${days === 1 ? 'day' : 'days'} ago`;
}

/** Where and how a date is shown: the reader's locale (displayLocale), and their time zone unless a test names one. */
export interface DateZone {
  locale: string;
  /** An IANA zone (Europe/Paris); the system's zone when absent. */
  timeZone?: string;
}

export function formatDay(epochMs: number, locale: string, timeZone?: string): string {
  return new Date(epochMs).toLocaleDateString(locale, { dateStyle: 'medium', timeZone });
}

export function formatTime(epochMs: number, locale: string): string {
  return new Date(epochMs).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'medium' });
}

/** The calendar date of an instant in `timeZone`, as that date's UTC midnight, so dates subtract to whole days. */
function calendarDate(epochMs: number, timeZone: string | undefined): number {
  // Read back as numbers, not shown: a fixed locale with Latin digits, whatever the reader's.
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
  }).formatToParts(epochMs);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((item) => item.type === type)?.value ?? Number.NaN);
  return Date.UTC(part('year'), part('month') - 1, part('day'));
}

/**
 * When a code becomes eligible for expiry (three calendar months after creation, spec 1 §3). The rule is
 * the UTC instant the core sends; the day and the count of days are the user's, in their time zone.
 */
export function expiryLabel(
  code: Pick<TournamentCodeView, 'expiryEligibleAt' | 'eligibleForExpiry'>,
  now: number,
  zone: DateZone,
): string {
  const day = formatDay(code.expiryEligibleAt, zone.locale, zone.timeZone);
  if (code.eligibleForExpiry || code.expiryEligibleAt <= now) return `eligible for expiry since ${day}`;
  const days = Math.round(
    (calendarDate(code.expiryEligibleAt, zone.timeZone) - calendarDate(now, zone.timeZone)) / DAY_MS,
  );
  if (days === 0) return `eligible for expiry today (${day})`;
  return `eligible for expiry in ${days} ${days === 1 ? 'day' : 'days'} (${day})`;
}

/** A tournament's win condition as players read it; older tournaments did not state one. */
export function winConditionText(winCondition: string): string {
  return winCondition.trim() === '' ? 'not stated (created before the desk asked for it)' : winCondition;
}

export const CODE_STATUS_LABELS: Record<TournamentCodeStatus, string> = {
  open: 'open',
  lobby: 'in lobby',
  'in-game': 'in game',
  ended: 'awaiting result',
  finished: 'result in',
};

/** m:ss from now until `at`; 0:00 once it has passed. */
function countdown(at: number, now: number): string {
  const left = Math.max(0, Math.ceil((at - now) / 1000));
  return `${Math.floor(left / 60)}:${String(left % 60).padStart(2, '0')}`;
}

/** m:ss until the result is fetched by code, or that it is being fetched now. */
export function fallbackLabel(fallbackAt: number, now: number): string {
  if (fallbackAt - now <= 0) return 'No callback yet: fetching the result by code now.';
  return `Waiting for the callback; the result is fetched by code in ${countdown(fallbackAt, now)} if none comes.`;
}

/** The list the end of a game shows in: games/by-code (v5), match IDs by code (v4, which has no games/by-code). */
export function gameListName(api: TournamentApiKind): string {
  return api === 'v4' || api === 'stub-v4' ? 'match IDs by code' : 'games/by-code';
}

/** A game whose end the code's game list is watched for: when the next look is, and until when. */
export function resultWatchLabel(
  watch: TournamentResultWatch,
  now: number,
  api: TournamentApiKind,
  locale: string,
): string {
  const until = new Date(watch.until).toLocaleTimeString(locale, { timeStyle: 'short' });
  return `Game on: ${gameListName(api)} is watched for its end (next look in ${countdown(watch.nextCheckAt, now)}, until ${until}); then the callback is awaited, and the result fetched by code if none comes.`;
}

/** Callbacks answered and held until games/by-code lists their game for the code. */
export function heldCallbacksLabel(gameIds: readonly number[]): string {
  const games = gameIds.length === 1 ? `game ${gameIds[0]}` : `games ${gameIds.join(', ')}`;
  return `Callback received (${games}): held until games/by-code confirms it for this code.`;
}

export const RESULT_SOURCE_LABELS: Record<TournamentResultView['source'], string> = {
  callback: 'by callback',
  fallback: 'by code (fallback)',
};

/**
 * The match page of a result, from the core's `/matches?match=…&routing=…`, as a path and the parameters
 * to set (the page's own, like the host token, are kept by the navigation). A player highlighted before
 * is cleared.
 */
export function matchLink(matchPath: string): { path: string; params: Record<string, string> } {
  const [path = '', query = ''] = matchPath.split('?', 2);
  // A code left from an earlier lookup must not follow a link that names none.
  const params: Record<string, string> = { player: '', code: '' };
  for (const [name, value] of new URLSearchParams(query)) params[name] = value;
  return { path, params };
}

/**
 * Players typed one per line or separated by commas or semicolons, without blanks or repeats. Not by spaces:
 * Riot IDs have them (Quiet Lantern#EUW, Sleep tight#z z).
 */
export function parseIdList(text: string): string[] {
  const ids = text
    .split(/[\n,;]+/)
    .map((id) => id.trim())
    .filter((id) => id !== '');
  return [...new Set(ids)];
}

/** A whole number typed in a field, or null while it is not one. */
export function parseWholeNumber(text: string): number | null {
  if (!/^\s*\d+\s*$/.test(text)) return null;
  return Number(text.trim());
}

/** A decimal amount (entry fee, percent), or null while it is not one. */
export function parseAmount(text: string): number | null {
  const normalized = text.trim().replace(',', '.');
  if (!/^\d+(\.\d+)?$/.test(normalized)) return null;
  return Number(normalized);
}

/** A `datetime-local` value as epoch ms in the user's time zone; null when empty or malformed. */
export function parseLocalDateTime(value: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value)) return null;
  const time = new Date(value).getTime();
  return Number.isNaN(time) ? null : time;
}

/** The warning before creating codes for this tournament, or null when the count fits the bracket. */
export function codeFormWarning(
  tournament: Pick<TournamentView, 'codeCount' | 'policy'>,
  count: number,
  teamSize: number,
): string | null {
  return codeCountWarning(count, tournament.codeCount, tournament.policy.participants, teamSize);
}

export const MAP_LABELS: Record<MapType, string> = {
  SUMMONERS_RIFT: 'Summoner’s Rift',
  HOWLING_ABYSS: 'Howling Abyss',
  TWISTED_TREELINE: 'Twisted Treeline',
};

export const PICK_LABELS: Record<PickType, string> = {
  BLIND_PICK: 'Blind pick',
  DRAFT_MODE: 'Draft',
  ALL_RANDOM: 'All random',
  TOURNAMENT_DRAFT: 'Tournament draft',
};

export const SPECTATOR_LABELS: Record<SpectatorType, string> = {
  NONE: 'no spectators',
  LOBBYONLY: 'spectators from the lobby',
  ALL: 'anyone may spectate',
};

const LISTED_PLAYERS = 3;

/** The first allowed players by Riot ID (an ID shortened where none is known), then how many more. */
function allowedList(players: readonly string[]): string {
  const listed = players.slice(0, LISTED_PLAYERS).map(shortId).join(', ');
  const more = players.length - LISTED_PLAYERS;
  return more > 0 ? `${listed} and ${more} more` : listed;
}

export function settingsSummary(settings: TournamentCodeSettings): string {
  const size = `${settings.teamSize}v${settings.teamSize}`;
  const allowed =
    settings.allowedParticipants.length > 0
      ? `allowed: ${allowedList(settings.allowedParticipants)}`
      : 'anyone with the code';
  return [
    MAP_LABELS[settings.mapType],
    PICK_LABELS[settings.pickType],
    size,
    SPECTATOR_LABELS[settings.spectatorType],
    allowed,
  ].join(' · ');
}

export const API_KIND_LABELS: Record<TournamentApiKind, string> = {
  v4: 'tournament v4',
  v5: 'tournament v5',
  'stub-v4': 'the tournament stub v4 (no tournament-enabled key confirmed)',
  'stub-v5': 'the tournament stub v5 (no tournament-enabled key confirmed)',
};

export function isV5(api: TournamentApiKind): boolean {
  return api === 'v5' || api === 'stub-v5';
}

export function isStub(api: TournamentApiKind): boolean {
  return api === 'stub-v4' || api === 'stub-v5';
}

/** What the allowed participants may be named by in this API version: Riot IDs, or the version's own IDs. */
export function participantIdLabel(api: TournamentApiKind): string {
  return isV5(api) ? 'Riot IDs (name#tag) or PUUIDs' : 'Riot IDs (name#tag) or summoner IDs';
}

/** A long player ID shortened for a table cell; the full value stays in the title. */
export function shortId(id: string): string {
  // A Riot ID is the player's public name: shown whole.
  if (id.includes('#')) return id;
  return id.length > 16 ? `${id.slice(0, 8)}…${id.slice(-4)}` : id;
}

export interface LobbyStage {
  eventType: LobbyEventType;
  label: string;
  count: number;
}

/** Every lobby event type of the spec in lobby order, with how many of each were seen. */
export function lobbyStages(events: readonly LobbyEventView[]): LobbyStage[] {
  return LOBBY_EVENT_TYPES.map((eventType) => ({
    eventType,
    label: LOBBY_EVENT_LABELS[eventType],
    count: events.filter((event) => event.eventType === eventType).length,
  }));
}
