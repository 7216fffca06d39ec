import { LIVE_TEAM_LABELS, type LiveTeam } from '@shared/contract';
import { ownEntry } from '../../platform/parsing/ownEntry';

/**
 * Structure names as the live client sends them in TurretKilled / InhibKilled events:
 * Turret_T{1|2}_{L|C|R}_{nn}_A and Barracks_T{1|2}_{L|C|R}1, where T1 is ORDER and T2 CHAOS, L the top
 * lane, C the middle, R the bottom. The number gives the tier, and differs between maps.
 */
export type StructureKind = 'turret' | 'inhibitor';
export type Lane = 'top' | 'mid' | 'bot';
export type TurretTier = 'outer' | 'inner' | 'inhibitor' | 'nexus' | 'fountain';

export interface StructureInfo {
  kind: StructureKind;
  /** The team that owned the structure. */
  team: LiveTeam | null;
  lane: Lane | null;
  tier: TurretTier | null;
}

const HOWLING_ABYSS = 12;

const TEAMS: Record<string, LiveTeam> = { T1: 'ORDER', T100: 'ORDER', T2: 'CHAOS', T200: 'CHAOS' };
const LANES: Record<string, Lane> = { L: 'top', C: 'mid', R: 'bot' };

export function decodeStructure(name: string, mapNumber: number): StructureInfo | null {
  const parts = name.split('_');
  const [type, teamCode = '', laneCode = '', place = ''] = parts;
  if (type === 'Barracks' || type === 'Inhib') {
    return {
      kind: 'inhibitor',
      team: ownEntry(TEAMS, teamCode) ?? null,
      lane: ownEntry(LANES, laneCode.charAt(0)) ?? null,
      tier: null,
    };
  }
  if (type !== 'Turret') return null;
  // The fountain turrets: Turret_OrderTurretShrine_A, Turret_ChaosTurretShrine_A.
  if (teamCode.endsWith('TurretShrine')) {
    const team = teamCode.startsWith('Order') ? 'ORDER' : teamCode.startsWith('Chaos') ? 'CHAOS' : null;
    return { kind: 'turret', team, lane: null, tier: 'fountain' };
  }
  const team = ownEntry(TEAMS, teamCode) ?? null;
  const lane = ownEntry(LANES, laneCode) ?? null;
  const number = Number.parseInt(place, 10);
  if (!Number.isFinite(number)) return { kind: 'turret', team, lane, tier: null };
  return { kind: 'turret', team, ...placeTurret(lane, number, mapNumber) };
}

function placeTurret(
  lane: Lane | null,
  number: number,
  mapNumber: number,
): Pick<StructureInfo, 'lane' | 'tier'> {
  if (mapNumber === HOWLING_ABYSS) {
    // One lane; red numbers 1-4 and blue 7-10 from the outside in.
    const tiers: Record<number, TurretTier> = { 1: 'outer', 8: 'outer', 2: 'inhibitor', 7: 'inhibitor' };
    return { lane: 'mid', tier: tiers[number] ?? (number >= 1 && number <= 10 ? 'nexus' : null) };
  }
  if (lane === 'mid') {
    // Summoner's Rift mid: 05 outer, 04 inner, 03 inhibitor, 01-02 nexus. ORDER's top and bottom
    // inhibitor turrets are named C_06 and C_07.
    if (number === 6) return { lane: 'top', tier: 'inhibitor' };
    if (number === 7) return { lane: 'bot', tier: 'inhibitor' };
    const tiers: Record<number, TurretTier> = {
      5: 'outer',
      4: 'inner',
      3: 'inhibitor',
      2: 'nexus',
      1: 'nexus',
    };
    const tier = tiers[number] ?? null;
    return { lane: tier === 'nexus' ? null : 'mid', tier };
  }
  const tiers: Record<number, TurretTier> = { 3: 'outer', 2: 'inner', 1: 'inhibitor' };
  return { lane, tier: tiers[number] ?? null };
}

/** "the Red bot outer turret", "the Blue mid inhibitor", "a turret" when the name says too little. */
export function describeStructure(info: StructureInfo | null): string {
  if (!info) return 'a structure';
  const team = info.team ? `${LIVE_TEAM_LABELS[info.team]} ` : '';
  if (info.kind === 'inhibitor') {
    const lane = info.lane ? `${info.lane} ` : '';
    return team || lane ? `the ${team}${lane}inhibitor` : 'an inhibitor';
  }
  if (info.tier === 'fountain') return `the ${team}fountain turret`;
  if (info.tier === 'nexus') return `a ${team}nexus turret`;
  const lane = info.lane ? `${info.lane} ` : '';
  const tier = info.tier ? `${info.tier} ` : '';
  return team || lane || tier ? `the ${team}${lane}${tier}turret` : 'a turret';
}

/** The team credited for destroying a structure: the other side. */
export function creditedTeam(info: StructureInfo | null): LiveTeam | null {
  if (!info?.team) return null;
  return info.team === 'ORDER' ? 'CHAOS' : 'ORDER';
}
