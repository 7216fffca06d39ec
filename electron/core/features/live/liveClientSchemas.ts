import { z } from 'zod';
import { bool, fallback, int, list, num, str } from '../../platform/parsing/omission';

/**
 * The live client's records (spec 2 §2.5, local-apis.md §2). Loose objects: the client adds fields
 * between patches and must not be rejected for that. Absent fields follow the omission rule.
 */

export const gameStatsSchema = z.looseObject({
  gameMode: str(),
  gameTime: num(),
  mapName: str(),
  mapNumber: int(),
  mapTerrain: str(),
});

const namedRecordSchema = z.looseObject({
  displayName: str(),
  rawDisplayName: str(),
  rawDescription: str(),
});

const runeSchema = z.looseObject({
  displayName: str(),
  id: int(),
  rawDisplayName: str(),
  rawDescription: str(),
});

const itemSchema = z.looseObject({
  itemID: int(),
  slot: int(),
  count: int(),
  displayName: str(),
  price: int(),
  canUse: bool(),
  consumable: bool(),
});

/** Riot ID fields (current patches) next to the legacy summoner name (older patches). */
const identityFields = {
  riotId: str(),
  riotIdGameName: str(),
  riotIdTagLine: str(),
  summonerName: fallback(str()),
};

export const playerEntrySchema = z.looseObject({
  ...identityFields,
  championName: str(),
  rawChampionName: str(),
  isBot: bool(),
  isDead: bool(),
  items: list(itemSchema),
  level: int(),
  position: str(),
  respawnTimer: num(),
  runes: z
    .looseObject({
      keystone: runeSchema.optional(),
      primaryRuneTree: runeSchema.optional(),
      secondaryRuneTree: runeSchema.optional(),
    })
    .prefault({}),
  scores: z
    .looseObject({
      assists: int(),
      creepScore: int(),
      deaths: int(),
      kills: int(),
      wardScore: num(),
    })
    .prefault({}),
  skinID: int(),
  summonerSpells: z
    .looseObject({
      summonerSpellOne: namedRecordSchema.optional(),
      summonerSpellTwo: namedRecordSchema.optional(),
    })
    .prefault({}),
  team: str(),
});

export const playerListSchema = z.array(playerEntrySchema);

const abilitySchema = namedRecordSchema.extend({ id: str(), abilityLevel: int() });

const championStatsSchema = z.looseObject({
  abilityHaste: num(),
  abilityPower: num(),
  armor: num(),
  attackDamage: num(),
  attackRange: num(),
  attackSpeed: num(),
  critChance: num(),
  currentHealth: num(),
  lifeSteal: num(),
  magicResist: num(),
  maxHealth: num(),
  moveSpeed: num(),
  resourceMax: num(),
  resourceType: str(),
  resourceValue: num(),
  tenacity: num(),
});

export const activePlayerSchema = z.looseObject({
  ...identityFields,
  abilities: z
    .looseObject({
      Passive: namedRecordSchema.extend({ id: str() }).optional(),
      Q: abilitySchema.optional(),
      W: abilitySchema.optional(),
      E: abilitySchema.optional(),
      R: abilitySchema.optional(),
    })
    .prefault({}),
  championStats: championStatsSchema.prefault({}),
  currentGold: num(),
  fullRunes: z
    .looseObject({
      keystone: runeSchema.optional(),
      primaryRuneTree: runeSchema.optional(),
      secondaryRuneTree: runeSchema.optional(),
      generalRunes: list(runeSchema),
    })
    .prefault({}),
  level: int(),
});

/** Spectator and replay sessions: activeplayer answers 200 with this instead of a player. */
export const spectatorErrorSchema = z.looseObject({ error: z.string() });

/**
 * One event. EventID, EventName and EventTime must be readable to place it; the extra fields are read
 * leniently (a wrong type counts as absent) so an odd event is still shown rather than dropped.
 */
const extra = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined);
const text = () => extra(z.string());
const names = () => extra(z.array(z.string()));

export const liveEventSchema = z.looseObject({
  EventID: z.number().int().min(0),
  EventName: str(),
  EventTime: num(),
  KillerName: text(),
  VictimName: text(),
  Assisters: names(),
  Recipient: text(),
  Acer: text(),
  AcingTeam: text(),
  DragonType: text(),
  // The client sends the string "True"/"False"; a boolean is accepted too.
  Stolen: extra(z.union([z.string(), z.boolean()])),
  KillStreak: extra(z.number()),
  Result: text(),
  TurretKilled: text(),
  InhibKilled: text(),
  InhibRespawningSoon: text(),
  InhibRespawned: text(),
});

/** The envelope only: each event is parsed on its own so one bad event cannot hide the others. */
export const eventDataSchema = z.looseObject({ Events: list(z.unknown()) });

export type GameStats = z.output<typeof gameStatsSchema>;
export type PlayerEntry = z.output<typeof playerEntrySchema>;
export type ActivePlayerEntry = z.output<typeof activePlayerSchema>;
export type RawLiveEvent = z.output<typeof liveEventSchema>;

/** What activeplayer answered: the local player, or the spectator marker. */
export type ActivePlayerReading = { kind: 'player'; player: ActivePlayerEntry } | { kind: 'spectator' };

export function readActivePlayer(body: unknown): ActivePlayerReading | null {
  // First: the error body would also pass the loose player schema (all its fields have defaults).
  if (spectatorErrorSchema.safeParse(body).success) return { kind: 'spectator' };
  const player = activePlayerSchema.safeParse(body);
  return player.success ? { kind: 'player', player: player.data } : null;
}

/** Readable events of an eventdata body, in id order; null when the body itself is not an event list. */
export function readEvents(body: unknown): RawLiveEvent[] | null {
  const envelope = eventDataSchema.safeParse(body);
  if (!envelope.success) return null;
  const events: RawLiveEvent[] = [];
  for (const candidate of envelope.data.Events) {
    const event = liveEventSchema.safeParse(candidate);
    if (event.success) events.push(event.data);
  }
  return events.sort((a, b) => a.EventID - b.EventID);
}

export function readPlayerList(body: unknown): PlayerEntry[] | null {
  const players = playerListSchema.safeParse(body);
  return players.success ? players.data : null;
}
