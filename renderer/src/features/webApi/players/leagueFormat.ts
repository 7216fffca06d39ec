import type { LeagueEntryView } from '@shared/contract';
import { tierName } from '../matches/matchFormat';

/** How the Players page writes a ranked entry: only what league-v4 sent, nothing estimated. */

/** Tiers with one division only, whose `rank` is always I: shown without it. */
const APEX_TIERS = new Set(['MASTER', 'GRANDMASTER', 'CHALLENGER']);

/** "Gold II", "Master"; a tier Sightline has never seen is written as sent. */
export function formatTier(tier: string, rank: string): string {
  if (!tier) return rank ? `Division ${rank}` : 'No tier given';
  const name = tierName(tier);
  return APEX_TIERS.has(tier) || !rank ? name : `${name} ${rank}`;
}

export const formatLeaguePoints = (points: number): string => `${points} LP`;

export const formatWinsLosses = (wins: number, losses: number): string => `${wins} W · ${losses} L`;

const FLAGS: Array<
  [keyof Pick<LeagueEntryView, 'hotStreak' | 'veteran' | 'freshBlood' | 'inactive'>, string]
> = [
  ['hotStreak', 'Hot streak'],
  ['veteran', 'Veteran'],
  ['freshBlood', 'Fresh blood'],
  ['inactive', 'Inactive'],
];

export interface LeagueEntryLine {
  /** The queue's name, or its raw queueType when Sightline has none; never blank. */
  queue: string;
  queueType: string;
  tier: string;
  points: string;
  record: string;
  /** The flags the API set, in words. */
  flags: string[];
}

export function leagueEntryLine(entry: LeagueEntryView): LeagueEntryLine {
  return {
    queue: entry.queueLabel || entry.queueType || 'Unnamed queue',
    queueType: entry.queueType,
    tier: formatTier(entry.tier, entry.rank),
    points: formatLeaguePoints(entry.leaguePoints),
    record: formatWinsLosses(entry.wins, entry.losses),
    flags: FLAGS.filter(([key]) => entry[key]).map(([, label]) => label),
  };
}
