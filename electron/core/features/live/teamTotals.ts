import type { LivePlayer, LiveTeam, LiveTeamTotals } from '@shared/contract';
import type { LiveEvent, MonsterEventName } from './liveEvents';
import { creditedTeam, decodeStructure } from './structureNames';

/**
 * Team totals counted from the event list, as the game's own scoreboard counts them: a kill counts for
 * the victim's enemies (executions too), a structure for the side that did not own it, a monster for
 * the killer's team.
 */
export interface TeamTotalsContext {
  players: ReadonlyMap<string, LivePlayer>;
  mapNumber: number;
}

type Teams = Record<LiveTeam, LiveTeamTotals>;

const MONSTER_COUNTERS = {
  BaronKill: 'barons',
  HeraldKill: 'heralds',
  HordeKill: 'voidgrubs',
  AtakhanKill: 'atakhans',
} as const satisfies Record<MonsterEventName, keyof LiveTeamTotals>;

const enemyOf = (team: LiveTeam): LiveTeam => (team === 'ORDER' ? 'CHAOS' : 'ORDER');

function teamOfName(name: string, context: TeamTotalsContext): LiveTeam | null {
  const team = context.players.get(name)?.team;
  return team === 'ORDER' || team === 'CHAOS' ? team : null;
}

function credit(
  teams: Teams,
  team: LiveTeam | null,
  change: (totals: LiveTeamTotals) => LiveTeamTotals,
): Teams {
  return team ? { ...teams, [team]: change(teams[team]) } : teams;
}

export function applyToTeams(teams: Teams, event: LiveEvent, context: TeamTotalsContext): Teams {
  switch (event.name) {
    case 'ChampionKill': {
      const victim = teamOfName(event.victim, context);
      const team = victim ? enemyOf(victim) : teamOfName(event.killer, context);
      return credit(teams, team, (totals) => ({ ...totals, kills: totals.kills + 1 }));
    }
    case 'TurretKilled':
    case 'InhibKilled': {
      const team = creditedTeam(decodeStructure(event.structure, context.mapNumber));
      const key = event.name === 'TurretKilled' ? 'towers' : 'inhibitors';
      return credit(teams, team, (totals) => ({ ...totals, [key]: totals[key] + 1 }));
    }
    case 'DragonKill':
      return credit(teams, monsterTeam(event, context), (totals) => ({
        ...totals,
        dragons: [...totals.dragons, event.dragonType || 'Unknown'],
      }));
    case 'BaronKill':
    case 'HeraldKill':
    case 'HordeKill':
    case 'AtakhanKill': {
      const key = MONSTER_COUNTERS[event.name];
      return credit(teams, monsterTeam(event, context), (totals) => ({ ...totals, [key]: totals[key] + 1 }));
    }
    default:
      return teams;
  }
}

/** The killer's team, or else an assister's (a killer that is not a player, such as a pet). */
function monsterTeam(
  event: { killer: string; assisters: string[] },
  context: TeamTotalsContext,
): LiveTeam | null {
  for (const name of [event.killer, ...event.assisters]) {
    const team = teamOfName(name, context);
    if (team) return team;
  }
  return null;
}
