import type { RawLiveEvent } from './liveClientSchemas';

/**
 * Events with their real quirks decoded (local-apis.md §2.2): Stolen is the string "True"/"False";
 * FirstBlood names the killer in Recipient; inhibitor events carry the structure in a field named after
 * the event; Multikill has KillStreak; Ace has Acer and AcingTeam; GameEnd has Result. Any other name is
 * kept as `unknown` with its fields, to be shown generically.
 */
type Base = { id: number; time: number };
type Takedown = { killer: string; assisters: string[] };
type Monster = Takedown & { stolen: boolean };

export type MonsterEventName = 'HeraldKill' | 'BaronKill' | 'HordeKill' | 'AtakhanKill';
const MONSTER_EVENTS: ReadonlySet<string> = new Set<MonsterEventName>([
  'HeraldKill',
  'BaronKill',
  'HordeKill',
  'AtakhanKill',
]);

export type LiveEvent = Base &
  (
    | { name: 'GameStart' }
    | { name: 'MinionsSpawning' }
    | ({ name: 'ChampionKill'; victim: string } & Takedown)
    | { name: 'FirstBlood'; recipient: string }
    | { name: 'Multikill'; killer: string; streak: number }
    | { name: 'Ace'; acer: string; acingTeam: string }
    | ({ name: 'DragonKill'; dragonType: string } & Monster)
    | ({ name: MonsterEventName } & Monster)
    | ({ name: 'TurretKilled'; structure: string } & Takedown)
    | ({ name: 'InhibKilled'; structure: string } & Takedown)
    | { name: 'InhibRespawningSoon' | 'InhibRespawned'; structure: string }
    | { name: 'FirstBrick'; killer: string }
    | { name: 'GameEnd'; result: string }
    | { name: 'unknown'; eventName: string; fields: Array<[key: string, value: string]> }
  );

const BASE_FIELDS = new Set(['EventID', 'EventName', 'EventTime']);

export function decodeLiveEvent(raw: RawLiveEvent): LiveEvent {
  const base: Base = { id: raw.EventID, time: raw.EventTime };
  const killer = raw.KillerName ?? '';
  const assisters = raw.Assisters ?? [];
  const stolen =
    raw.Stolen === true || (typeof raw.Stolen === 'string' && raw.Stolen.toLowerCase() === 'true');
  switch (raw.EventName) {
    case 'GameStart':
    case 'MinionsSpawning':
      return { ...base, name: raw.EventName };
    case 'ChampionKill':
      return { ...base, name: 'ChampionKill', killer, victim: raw.VictimName ?? '', assisters };
    case 'FirstBlood':
      return { ...base, name: 'FirstBlood', recipient: raw.Recipient ?? raw.KillerName ?? '' };
    case 'Multikill':
      return { ...base, name: 'Multikill', killer, streak: raw.KillStreak ?? 0 };
    case 'Ace':
      return { ...base, name: 'Ace', acer: raw.Acer ?? '', acingTeam: raw.AcingTeam ?? '' };
    case 'DragonKill':
      return { ...base, name: 'DragonKill', killer, assisters, stolen, dragonType: raw.DragonType ?? '' };
    case 'TurretKilled':
      return { ...base, name: 'TurretKilled', killer, assisters, structure: raw.TurretKilled ?? '' };
    case 'InhibKilled':
      return { ...base, name: 'InhibKilled', killer, assisters, structure: raw.InhibKilled ?? '' };
    case 'InhibRespawningSoon':
      return { ...base, name: 'InhibRespawningSoon', structure: raw.InhibRespawningSoon ?? '' };
    case 'InhibRespawned':
      return { ...base, name: 'InhibRespawned', structure: raw.InhibRespawned ?? '' };
    case 'FirstBrick':
      return { ...base, name: 'FirstBrick', killer };
    case 'GameEnd':
      return { ...base, name: 'GameEnd', result: raw.Result ?? '' };
  }
  if (MONSTER_EVENTS.has(raw.EventName)) {
    return { ...base, name: raw.EventName as MonsterEventName, killer, assisters, stolen };
  }
  return { ...base, name: 'unknown', eventName: raw.EventName, fields: scalarFields(raw) };
}

/** The extra fields of an unknown event that can be shown as text, in the order the client sent them. */
function scalarFields(raw: RawLiveEvent): Array<[string, string]> {
  const fields: Array<[string, string]> = [];
  for (const [key, value] of Object.entries(raw)) {
    if (BASE_FIELDS.has(key) || value === undefined) continue;
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
      fields.push([key, String(value)]);
    } else if (Array.isArray(value) && value.every((entry) => typeof entry === 'string')) {
      fields.push([key, value.join(', ')]);
    }
  }
  return fields;
}
