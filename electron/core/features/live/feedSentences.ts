import {
  LIVE_TEAM_LABELS,
  type LiveFeedActor,
  type LiveFeedEntry,
  type LiveFeedKind,
  type LivePlayer,
  type LivePlayerTeam,
} from '@shared/contract';
import type { LiveEvent } from './liveEvents';
import { creditedTeam, decodeStructure, describeStructure } from './structureNames';
import { describeUnit } from './unitNames';
import { ownEntry } from '../../platform/parsing/ownEntry';

/** The event feed: each event as a sentence a player reads at a glance, with who did it to whom. */

export interface FeedContext {
  players: ReadonlyMap<string, LivePlayer>;
  mapNumber: number;
  spectator: boolean;
}

const DRAGONS: Record<string, string> = {
  Fire: 'the Infernal Drake',
  Water: 'the Ocean Drake',
  Earth: 'the Mountain Drake',
  Air: 'the Cloud Drake',
  Hextech: 'the Hextech Drake',
  Chemtech: 'the Chemtech Drake',
  Elder: 'the Elder Dragon',
};

const MONSTERS = {
  HeraldKill: { kind: 'herald', label: 'the Rift Herald' },
  BaronKill: { kind: 'baron', label: 'Baron Nashor' },
  HordeKill: { kind: 'voidgrub', label: 'a Voidgrub' },
  AtakhanKill: { kind: 'atakhan', label: 'Atakhan' },
} as const satisfies Record<string, { kind: LiveFeedKind; label: string }>;

const MULTIKILLS: Record<number, string> = {
  2: 'a double kill',
  3: 'a triple kill',
  4: 'a quadra kill',
  5: 'a penta kill',
};

export function actorOf(name: string, players: ReadonlyMap<string, LivePlayer>): LiveFeedActor | null {
  if (!name) return null;
  const player = players.get(name);
  if (player) {
    return {
      name: player.name,
      championKey: player.championKey || null,
      championName: player.championName || null,
      team: player.team,
      isLocal: player.isLocal,
    };
  }
  const unit = describeUnit(name);
  return {
    name: unit?.label ?? name,
    championKey: null,
    championName: null,
    team: unit?.team ?? null,
    isLocal: false,
  };
}

/** How a sentence names an actor: the champion for players (what the game's feed shows), else the unit. */
const called = (actor: LiveFeedActor): string => actor.championName ?? actor.name;

function listed(actors: LiveFeedActor[]): string {
  const names = actors.map(called);
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

const capitalized = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

const humanized = (name: string): string =>
  capitalized(name.replace(/(?<=[a-z0-9])(?=[A-Z])/g, ' ').toLowerCase()) || 'Unnamed event';

const assistedBy = (assists: LiveFeedActor[]): string =>
  assists.length > 0 ? `, assisted by ${listed(assists)}` : '';

const isPlayer = (actor: LiveFeedActor | null): actor is LiveFeedActor => actor?.championName != null;

export function describeEvent(event: LiveEvent, context: FeedContext): LiveFeedEntry {
  const entry = (
    kind: LiveFeedKind,
    text: string,
    fields: Partial<Pick<LiveFeedEntry, 'team' | 'actor' | 'victim' | 'assists' | 'detail' | 'stolen'>> = {},
  ): LiveFeedEntry => ({
    id: event.id,
    time: event.time,
    kind,
    team: fields.team ?? null,
    text: capitalized(text),
    actor: fields.actor ?? null,
    victim: fields.victim ?? null,
    assists: fields.assists ?? [],
    detail: fields.detail ?? null,
    stolen: fields.stolen ?? false,
  });
  const actor = (name: string) => actorOf(name, context.players);
  const assistsOf = (names: string[]) =>
    names.map(actor).filter((value): value is LiveFeedActor => value !== null);

  switch (event.name) {
    case 'GameStart':
      return entry('game', 'the game has started');
    case 'MinionsSpawning':
      return entry('game', 'minions have spawned');
    case 'ChampionKill': {
      const killer = actor(event.killer);
      const victim = actor(event.victim);
      const assists = assistsOf(event.assisters);
      const victimTeam = victim?.team;
      const team: LivePlayerTeam | null =
        victimTeam === 'ORDER' ? 'CHAOS' : victimTeam === 'CHAOS' ? 'ORDER' : (killer?.team ?? null);
      const victimName = victim ? called(victim) : 'a champion';
      const text = isPlayer(killer)
        ? `${called(killer)} killed ${victimName}${assistedBy(assists)}`
        : `${victimName} was executed${killer ? ` by ${called(killer)}` : ''}${assistedBy(assists)}`;
      return entry('kill', text, { team, actor: killer, victim, assists });
    }
    case 'FirstBlood': {
      const killer = actor(event.recipient);
      const who = killer ? called(killer) : 'someone';
      return entry('first-blood', `${who} drew first blood`, { team: killer?.team ?? null, actor: killer });
    }
    case 'Multikill': {
      const killer = actor(event.killer);
      const streak = MULTIKILLS[event.streak] ?? `a ${event.streak}-kill streak`;
      const who = killer ? called(killer) : 'someone';
      return entry('multikill', `${who} scored ${streak}`, { team: killer?.team ?? null, actor: killer });
    }
    case 'Ace': {
      const acer = actor(event.acer);
      const team = event.acingTeam === 'ORDER' || event.acingTeam === 'CHAOS' ? event.acingTeam : null;
      const enemy = team === 'ORDER' ? 'CHAOS' : team === 'CHAOS' ? 'ORDER' : null;
      const aced = enemy ? `the ${LIVE_TEAM_LABELS[enemy]} team` : 'the enemy team';
      const text = acer ? `${called(acer)} aced ${aced}` : `${aced} was aced`;
      return entry('ace', text, { team: team ?? acer?.team ?? null, actor: acer });
    }
    case 'DragonKill': {
      const killer = actor(event.killer);
      const dragon =
        ownEntry(DRAGONS, event.dragonType) ??
        (event.dragonType ? `the ${event.dragonType} Drake` : 'a drake');
      return monster(
        'dragon',
        killer,
        dragon,
        event.stolen,
        assistsOf(event.assisters),
        event.dragonType || null,
      );
    }
    case 'HeraldKill':
    case 'BaronKill':
    case 'HordeKill':
    case 'AtakhanKill': {
      const { kind, label } = MONSTERS[event.name];
      return monster(kind, actor(event.killer), label, event.stolen, assistsOf(event.assisters), null);
    }
    case 'TurretKilled':
    case 'InhibKilled': {
      const structure = decodeStructure(event.structure, context.mapNumber);
      const described = describeStructure(structure);
      const killer = actor(event.killer);
      const assists = assistsOf(event.assisters);
      const text = killer
        ? `${called(killer)} destroyed ${described}${assistedBy(assists)}`
        : `${described} was destroyed`;
      const kind = event.name === 'TurretKilled' ? 'turret' : 'inhibitor';
      return entry(kind, text, {
        team: creditedTeam(structure) ?? killer?.team ?? null,
        actor: killer,
        assists,
        detail: described,
      });
    }
    case 'InhibRespawningSoon':
    case 'InhibRespawned': {
      const structure = decodeStructure(event.structure, context.mapNumber);
      const described = describeStructure(structure);
      const text =
        event.name === 'InhibRespawned' ? `${described} has respawned` : `${described} respawns soon`;
      return entry('inhibitor-respawn', text, { team: structure?.team ?? null, detail: described });
    }
    case 'FirstBrick': {
      const killer = actor(event.killer);
      const who = killer ? called(killer) : 'someone';
      return entry('first-brick', `${who} took the first turret`, {
        team: killer?.team ?? null,
        actor: killer,
      });
    }
    case 'GameEnd': {
      const result = event.result.toLowerCase();
      const text =
        context.spectator || (result !== 'win' && result !== 'lose')
          ? 'the game has ended'
          : result === 'win'
            ? 'victory: the game has ended'
            : 'defeat: the game has ended';
      return entry('game', text);
    }
    case 'unknown': {
      const fields = event.fields
        .slice(0, 3)
        .map(([key, value]) => `${key} ${value}`)
        .join(', ');
      return entry('other', fields ? `${humanized(event.eventName)}: ${fields}` : humanized(event.eventName));
    }
  }

  function monster(
    kind: LiveFeedKind,
    killer: LiveFeedActor | null,
    label: string,
    stolen: boolean,
    assists: LiveFeedActor[],
    detail: string | null,
  ): LiveFeedEntry {
    const verb = stolen ? 'stole' : 'slew';
    const text = killer ? `${called(killer)} ${verb} ${label}${assistedBy(assists)}` : `${label} was slain`;
    return entry(kind, text, { team: killer?.team ?? null, actor: killer, assists, detail, stolen });
  }
}
