import { PLATFORM_REGION, type PlatformId, type Region } from '@shared/contract';
import { parsePlatform } from './routingValues';

/** Checks of the values that go into paths, so a request the server would refuse is never sent. */
export type ParamCheck<T = string> = { ok: true; value: T } | { ok: false; message: string };

/** Spec 1 §7: a name parameter holds only Unicode letters, digits, space, underscore and period. */
const NAME_PATTERN = /^[0-9\p{L} _.]+$/u;
/**
 * Riot IDs follow what account-v1 takes and real accounts have, not the summoner-name rule: names of any
 * script with their combining marks (Thai vowel signs are \p{M}), and tags with inner spaces ("KR 1").
 * Refused: what no Riot ID holds (# and / or \, control and format characters) and what would break
 * the path ("." or ".." alone).
 */
const GAME_NAME_PATTERN = /^[^#/\\\p{C}]+$/u;
const TAG_PATTERN = /^[\p{L}\p{M}\p{N}](?:[\p{L}\p{M}\p{N} ]*[\p{L}\p{M}\p{N}])?$/u;
const DOTS_ONLY = /^\.+$/;
/** Riot's limits, in characters as people count them (a letter with its marks is one). */
const GAME_NAME_MAX = 16;
const TAG_MAX = 5;
const OPAQUE_ID = /^[A-Za-z0-9_-]+$/;
const MATCH_ID = /^([A-Za-z]{2,4}\d?)_(\d{1,20})$/;
const TOURNAMENT_CODE = /^[A-Za-z0-9-]{4,80}$/;

export function checkName(raw: string, what: string): ParamCheck {
  const value = raw.normalize('NFC').trim();
  if (value === '') return { ok: false, message: `Enter a ${what}.` };
  if (!NAME_PATTERN.test(value)) {
    // The rule's \p{L} leaves out combining marks (Thai vowel signs, some accents typed apart): the API
    // refuses those names by this parameter, and only a Riot ID finds such a player.
    const marks = /\p{M}/u.test(value)
      ? ' Combining marks are not letters to this rule: look the player up by Riot ID.'
      : '';
    return {
      ok: false,
      message: `The ${what} "${value}" has characters the API refuses: only letters, digits, spaces, _ and . are allowed.${marks}`,
    };
  }
  return { ok: true, value };
}

export interface RiotId {
  gameName: string;
  tagLine: string;
}

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
const characterCount = (text: string) => [...graphemes.segment(text)].length;

/**
 * "Name#TAG": the player's public reference (spec 1 §2.5), in NFC so a name typed decomposed (macOS
 * input) is the one the API knows. The name and the tag go into the path URL-encoded (a space is %20).
 */
export function checkRiotId(raw: string): ParamCheck<RiotId> {
  const value = raw.normalize('NFC').trim();
  const hash = value.indexOf('#');
  if (hash <= 0 || hash === value.length - 1) {
    return { ok: false, message: `Write the Riot ID as name#tag (for example Faker#KR1), not "${value}".` };
  }
  const gameName = value.slice(0, hash).trim();
  const tagLine = value.slice(hash + 1).trim();
  if (
    !GAME_NAME_PATTERN.test(gameName) ||
    DOTS_ONLY.test(gameName) ||
    characterCount(gameName) > GAME_NAME_MAX
  ) {
    return {
      ok: false,
      message: `The game name "${gameName}" cannot be a Riot ID's: it has 1 to ${GAME_NAME_MAX} characters, with no #, / or \\ and no control characters.`,
    };
  }
  if (!TAG_PATTERN.test(tagLine) || characterCount(tagLine) > TAG_MAX) {
    return {
      ok: false,
      message: `The tag line "${tagLine}" is not valid: after the one #, it has 1 to ${TAG_MAX} letters or digits (spaces only between them).`,
    };
  }
  return { ok: true, value: { gameName, tagLine } };
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
