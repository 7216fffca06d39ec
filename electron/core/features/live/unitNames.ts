import { LIVE_TEAM_LABELS, type LiveTeam } from '@shared/contract';

/**
 * Killers that are not players: KillerName may be a unit (Turret_…, Minion_…, SRU_…) rather than a
 * player's name. Turn it into words for the feed, with the unit's team when its name tells it.
 */
export interface UnitInfo {
  /** "a turret", "Blue minions", "Baron Nashor", … */
  label: string;
  team: LiveTeam | null;
}

const MONSTERS: Array<[prefix: string, label: string]> = [
  ['SRU_Baron', 'Baron Nashor'],
  ['SRU_RiftHerald', 'the Rift Herald'],
  ['SRU_Horde', 'a Voidgrub'],
  ['SRU_Atakhan', 'Atakhan'],
  ['SRU_Dragon_Elder', 'the Elder Dragon'],
  ['SRU_Dragon', 'a drake'],
];

function teamCode(code: string): LiveTeam | null {
  if (code === 'T1' || code === 'T100') return 'ORDER';
  if (code === 'T2' || code === 'T200') return 'CHAOS';
  return null;
}

export function describeUnit(name: string): UnitInfo | null {
  if (name.startsWith('Turret_')) return { label: 'a turret', team: teamCode(name.split('_')[1] ?? '') };
  if (name.startsWith('Minion_')) {
    // Minion_T100L0S11N0120: the team code runs up to the lane letter.
    const team = teamCode(/^Minion_(T\d+)/.exec(name)?.[1] ?? '');
    return { label: team ? `${LIVE_TEAM_LABELS[team]} minions` : 'minions', team };
  }
  if (name.startsWith('SRU_') || name.startsWith('Sru_')) {
    const monster = MONSTERS.find(([prefix]) => name.startsWith(prefix));
    return { label: monster?.[1] ?? 'a monster', team: null };
  }
  return null;
}
