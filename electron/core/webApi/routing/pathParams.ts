import { PLATFORM_REGION, type PlatformId, type Region } from '@shared/contract';
import { parsePlatform } from './routingValues';

/** Checks of the values that go into paths, so a request the server would refuse is never sent. */
export type ParamCheck<T = string> = { ok: true; value: T } | { ok: false; message: string };

/** Spec 1 §7: a name parameter holds only Unicode letters, digits, space, underscore and period. */
const NAME_PATTERN = /^[0-9\p{L} _.]+$/u;
const TAG_PATTERN = /^[0-9\p{L}]{2,5}$/u;
const OPAQUE_ID = /^[A-Za-z0-9_-]+$/;
const MATCH_ID = /^([A-Za-z]{2,4}\d?)_(\d{1,20})$/;
const TOURNAMENT_CODE = /^[A-Za-z0-9-]{4,80}$/;

export function checkName(raw: string, what: string): ParamCheck {
  const value = raw.trim();
  if (value === '') return { ok: false, message: `Enter a ${what}.` };
  if (!NAME_PATTERN.test(value)) {
    return {
      ok: false,
      message: `The ${what} "${value}" has characters the API refuses: only letters, digits, spaces, _ and . are allowed.`,
    };
  }
  return { ok: true, value };
}

export interface RiotId {
  gameName: string;
  tagLine: string;
}

/** "Name#TAG": the player's public reference (spec 1 §2.5). */
export function checkRiotId(raw: string): ParamCheck<RiotId> {
  const value = raw.trim();
  const hash = value.lastIndexOf('#');
  if (hash <= 0 || hash === value.length - 1) {
    return { ok: false, message: `Write the Riot ID as name#tag (for example Faker#KR1), not "${value}".` };
  }
  const gameName = checkName(value.slice(0, hash), 'game name');
  if (!gameName.ok) return gameName;
  const tagLine = value.slice(hash + 1).trim();
  if (!TAG_PATTERN.test(tagLine)) {
    return {
      ok: false,
      message: `The tag line "${tagLine}" is not valid: it has 2 to 5 letters or digits, after the #.`,
    };
  }
  return { ok: true, value: { gameName: gameName.value, tagLine } };
}

export function checkOpaqueId(raw: string, what: string): ParamCheck {
  const value = raw.trim();
  if (value.length < 8 || value.length > 100 || !OPAQUE_ID.test(value)) {
    return { ok: false, message: `That is not a ${what}: it is 8 to 100 letters, digits, - and _.` };
  }
  return { ok: true, value };
}

export function checkTournamentCode(raw: string): ParamCheck {
  const value = raw.trim();
  if (!TOURNAMENT_CODE.test(value)) {
    return { ok: false, message: `"${value}" is not a tournament code (letters, digits and -).` };
  }
  return { ok: true, value };
}

export interface MatchId {
  /** The canonical form, PLATFORM_GAMEID in upper case. */
  id: string;
  platform: PlatformId;
  region: Region;
  gameId: string;
}

/** "EUW1_7123456789": the platform that played the match, then its game ID. */
export function checkMatchId(raw: string): ParamCheck<MatchId> {
  const value = raw.trim();
  const match = MATCH_ID.exec(value);
  const platform = match?.[1] ? parsePlatform(match[1]) : null;
  if (!match?.[2] || !platform) {
    return {
      ok: false,
      message: `"${value}" is not a match ID: it looks like EUW1_7123456789 (a platform, _, the game number).`,
    };
  }
  return {
    ok: true,
    value: {
      id: `${platform.toUpperCase()}_${match[2]}`,
      platform,
      region: PLATFORM_REGION[platform],
      gameId: match[2],
    },
  };
}
