import type { MatchTeamView, MatchView } from '@shared/contract';
import { formatDateTime } from '../../../ui/locale/dateFormat';

/** How the match pages write numbers, times and positions. */

export function formatDuration(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const rest = String(whole % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`;
}

/** 12345 → "12.3k"; small numbers as they are. */
export function formatThousands(value: number): string {
  if (Math.abs(value) < 1000) return String(value);
  const thousands = value / 1000;
  return `${thousands >= 100 ? Math.round(thousands) : thousands.toFixed(1)}k`;
}

export function formatKda(player: { kills: number; deaths: number; assists: number }): string {
  return `${player.kills} / ${player.deaths} / ${player.assists}`;
}

export function formatPerMinute(value: number, seconds: number): string {
  return seconds > 0 ? (value / (seconds / 60)).toFixed(1) : '0.0';
}

export function formatMatchDate(epochMs: number | null, locale: string): string {
  return epochMs === null ? '' : formatDateTime(epochMs, locale);
}

const POSITIONS: Record<string, string> = {
  TOP: 'Top',
  JUNGLE: 'Jungle',
  MIDDLE: 'Mid',
  MID: 'Mid',
  BOTTOM: 'Bot',
  BOT: 'Bot',
  UTILITY: 'Support',
};

export function positionLabel(position: string): string {
  return POSITIONS[position] ?? '';
}

/** "Patch 15.17" from "15.17.702.6397". */
export function patchLabel(gameVersion: string): string {
  const [major, minor] = gameVersion.split('.');
  return major && minor ? `Patch ${major}.${minor}` : '';
}

export function sideLabel(team: MatchTeamView): string {
  return `${team.side === 'blue' ? 'Blue' : 'Red'} side`;
}

/** An Arena team's finish: "1st place" … "8th place"; "Not placed" when the record leaves it out. */
export function placementLabel(placement: number): string {
  if (placement <= 0) return 'Not placed';
  const suffix =
    placement % 100 >= 11 && placement % 100 <= 13
      ? 'th'
      : (['th', 'st', 'nd', 'rd'][placement % 10] ?? 'th');
  return `${placement}${suffix} place`;
}

/**
 * The looked-up player's line in a match and how it ended for them: their side's win or loss, or their
 * Arena team's placement. Null when the record hides players.
 */
export function findPlayer(match: MatchView, puuid: string) {
  if (!puuid) return null;
  for (const team of match.teams) {
    const player = team.participants.find((participant) => participant.puuid === puuid);
    if (player) return { player, win: team.win, outcome: team.win ? 'Win' : 'Loss' };
  }
  for (const team of match.subteams) {
    const player = team.participants.find((participant) => participant.puuid === puuid);
    // First place is Arena's only win.
    if (player) return { player, win: team.placement === 1, outcome: placementLabel(team.placement) };
  }
  return null;
}

/** "GOLD" → "Gold"; a value not in the API's upper-case form is written as sent. */
export function tierName(tier: string): string {
  return /^[A-Z]+$/.test(tier) ? tier.charAt(0) + tier.slice(1).toLowerCase() : tier;
}

/** Summoner's Rift, the main map of spec 2 §2.3's highestTierAchieved rule. */
const MAIN_MAP_ID = 11;

/**
 * Last season's highest tier as the match record sent it (spec 2 §2.3 `highestTierAchieved`), with
 * the spec's meaning for the tooltip; null when the record does not carry it.
 */
export function highestTierLine(
  highestTierAchieved: string,
  mapId: number,
): { text: string; tooltip: string } | null {
  if (!highestTierAchieved) return null;
  const which =
    mapId === MAIN_MAP_ID
      ? "counting the group of ranked queues of this game's queue type"
      : 'counting any ranked queue, as this game was not played on the main map';
  return {
    text: `Last season's highest tier: ${tierName(highestTierAchieved)}`,
    tooltip: `The highest tier this player ended the previous season with, ${which}. As the match record gives it.`,
  };
}

/** A record whose game did not complete (endOfGameResult other than GameComplete) holds no game data. */
export const ABORTED_LABEL = 'Aborted, no game data';
