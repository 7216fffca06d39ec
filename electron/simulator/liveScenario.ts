import { z } from 'zod';
import { KEYSTONES, KEYSTONE_NAMES, RUNE_TREE_NAMES, SUMMONER_SPELL_NAMES } from './liveCatalog';

/** The `live` section of a scenario: the arena live client. Wire field names are kept wherever they exist. */

const seconds = z.number().nonnegative();
const riotId = z.string().regex(/^[^#]+#[^#]+$/, 'must be a Riot ID like "Sightline#EUW"');
const name = z.string().min(1);
const assisters = z.array(name).default([]);
const stolen = z.enum(['True', 'False']).default('False');
const team = z.enum(['ORDER', 'CHAOS']);

const itemSchema = z.strictObject({
  itemID: z.number().int().positive(),
  displayName: name,
  price: z.number().int().nonnegative().default(0),
  count: z.number().int().positive().default(1),
  /** Inventory slot 0-6; defaults to the item's index in the list. */
  slot: z.number().int().min(0).max(6).optional(),
  canUse: z.boolean().default(false),
  consumable: z.boolean().default(false),
});
export type ScenarioItem = z.output<typeof itemSchema>;

const abilityNamesSchema = z.strictObject({ Passive: name, Q: name, W: name, E: name, R: name });

const playerSchema = z.strictObject({
  riotId,
  /** Legacy field; defaults to the Riot ID, as current patches send. */
  summonerName: name.optional(),
  /** Champion key as in rawChampionName, e.g. "LeeSin". */
  championId: z.string().regex(/^[A-Za-z]+$/, 'must be a champion key like "LeeSin"'),
  /** Display name, e.g. "Lee Sin"; defaults to the key split at capitals. */
  championName: name.optional(),
  team,
  position: z.enum(['TOP', 'JUNGLE', 'MIDDLE', 'BOTTOM', 'UTILITY', 'NONE', '']).default(''),
  level: z.number().int().min(1).max(18).default(1),
  skinID: z.number().int().nonnegative().default(0),
  isBot: z.boolean().default(false),
  items: z.array(itemSchema).max(7).default([]),
  summonerSpells: z
    .tuple([z.enum(SUMMONER_SPELL_NAMES), z.enum(SUMMONER_SPELL_NAMES)])
    .default(['Flash', 'Ignite']),
  runes: z
    .strictObject({
      keystone: z.enum(KEYSTONE_NAMES),
      primaryRuneTree: z.enum(RUNE_TREE_NAMES),
      secondaryRuneTree: z.enum(RUNE_TREE_NAMES),
    })
    .default({ keystone: 'Conqueror', primaryRuneTree: 'Precision', secondaryRuneTree: 'Resolve' }),
  /** Ability display names for the active player's `abilities`; defaults to "<champion> Q" etc. */
  abilityNames: abilityNamesSchema.optional(),
});
export type ScenarioPlayer = z.output<typeof playerSchema>;

const at = { EventTime: seconds };
const takedown = { KillerName: name, Assisters: assisters };
const objective = { ...takedown, Stolen: stolen };

/** Timeline events, in wire shape minus EventID (assigned in time order after GameStart, which is EventID 0). */
const eventSchema = z.discriminatedUnion('EventName', [
  z.strictObject({ EventName: z.literal('MinionsSpawning'), ...at }),
  z.strictObject({ EventName: z.literal('FirstBrick'), ...at, KillerName: name }),
  z.strictObject({
    EventName: z.literal('TurretKilled'),
    ...at,
    ...takedown,
    TurretKilled: z
      .string()
      .regex(/^Turret_T[12]_[LCR]_\d{2}_A$/, 'must be a turret like "Turret_T2_L_03_A"'),
  }),
  z.strictObject({
    EventName: z.literal('InhibKilled'),
    ...at,
    ...takedown,
    InhibKilled: z.string().regex(/^Barracks_T[12]_[LCR]1$/, 'must be an inhibitor like "Barracks_T2_L1"'),
  }),
  z.strictObject({ EventName: z.literal('InhibRespawningSoon'), ...at, InhibRespawningSoon: name }),
  z.strictObject({ EventName: z.literal('InhibRespawned'), ...at, InhibRespawned: name }),
  z.strictObject({
    EventName: z.literal('DragonKill'),
    ...at,
    ...objective,
    DragonType: z.enum(['Fire', 'Earth', 'Water', 'Air', 'Hextech', 'Chemtech', 'Elder']),
  }),
  z.strictObject({ EventName: z.literal('HeraldKill'), ...at, ...objective }),
  z.strictObject({ EventName: z.literal('BaronKill'), ...at, ...objective }),
  z.strictObject({ EventName: z.literal('HordeKill'), ...at, ...objective }),
  z.strictObject({ EventName: z.literal('AtakhanKill'), ...at, ...objective }),
  z.strictObject({ EventName: z.literal('ChampionKill'), ...at, ...takedown, VictimName: name }),
  z.strictObject({ EventName: z.literal('FirstBlood'), ...at, Recipient: name }),
  z.strictObject({
    EventName: z.literal('Multikill'),
    ...at,
    KillerName: name,
    KillStreak: z.number().int().min(2).max(5),
  }),
  z.strictObject({ EventName: z.literal('Ace'), ...at, Acer: name, AcingTeam: team }),
  z.strictObject({ EventName: z.literal('GameEnd'), ...at, Result: z.enum(['Win', 'Lose']) }),
]);
export type ScenarioEvent = z.output<typeof eventSchema>;

const playerUpdateSchema = z.strictObject({
  /** Game time in seconds. */
  time: seconds,
  /** riotIdGameName or full riotId of the player. */
  player: name,
  level: z.number().int().min(1).max(18).optional(),
  /** Replaces the whole inventory. */
  items: z.array(itemSchema).max(7).optional(),
  creepScore: z.number().int().nonnegative().optional(),
  wardScore: z.number().nonnegative().optional(),
  currentGold: z.number().nonnegative().optional(),
  /** The player dies now and respawns after this many seconds (kills do this on their own). */
  deadForSeconds: z.number().positive().optional(),
});
export type ScenarioPlayerUpdate = z.output<typeof playerUpdateSchema>;

export const liveScenarioSchema = z
  .strictObject({
    /** Scenario seconds at which the game process starts (before: connection refused). */
    processStartsAt: seconds.default(0),
    /** Loading screen length in scenario seconds (404 with a loading body, no GameStart). */
    loadingSeconds: seconds.default(5),
    /** After GameEnd, the process keeps answering this long, then closes (connection refused). */
    closesAfterEndSeconds: seconds.default(10),
    gameData: z
      .strictObject({
        gameMode: name.default('CLASSIC'),
        mapName: name.default('Map11'),
        mapNumber: z.number().int().default(11),
        mapTerrain: z
          .enum(['Default', 'Infernal', 'Ocean', 'Mountain', 'Cloud', 'Hextech', 'Chemtech'])
          .default('Default'),
      })
      .default({ gameMode: 'CLASSIC', mapName: 'Map11', mapNumber: 11, mapTerrain: 'Default' }),
    /** Spectating or watching a replay: there is no active player. */
    spectator: z.boolean().default(false),
    /** Riot ID of the local player; required unless spectator. */
    activePlayer: riotId.optional(),
    players: z.array(playerSchema).min(1).max(10),
    events: z.array(eventSchema).default([]),
    playerUpdates: z.array(playerUpdateSchema).default([]),
  })
  .superRefine((live, ctx) => {
    const issue = (path: (string | number)[], message: string): void =>
      ctx.addIssue({ code: 'custom', path, message });
    const gameNames = new Set<string>();
    const riotIds = new Set<string>();
    live.players.forEach((player, index) => {
      const gameName = player.riotId.split('#')[0] ?? '';
      if (riotIds.has(player.riotId))
        issue(['players', index, 'riotId'], `duplicate Riot ID "${player.riotId}"`);
      if (gameNames.has(gameName)) issue(['players', index, 'riotId'], `duplicate game name "${gameName}"`);
      riotIds.add(player.riotId);
      gameNames.add(gameName);
      const keystoneTree = KEYSTONES[player.runes.keystone].tree;
      if (keystoneTree !== player.runes.primaryRuneTree) {
        issue(['players', index, 'runes', 'keystone'], `${player.runes.keystone} belongs to ${keystoneTree}`);
      }
      if (player.runes.secondaryRuneTree === player.runes.primaryRuneTree) {
        issue(['players', index, 'runes', 'secondaryRuneTree'], 'must differ from primaryRuneTree');
      }
    });

    if (live.spectator && live.activePlayer) issue(['activePlayer'], 'must be absent when spectator is true');
    if (!live.spectator && !live.activePlayer)
      issue(['activePlayer'], 'is required unless spectator is true');
    if (live.activePlayer && !riotIds.has(live.activePlayer)) {
      issue(['activePlayer'], `"${live.activePlayer}" is not the riotId of a player`);
    }

    const isPlayer = (value: string): boolean => gameNames.has(value) || riotIds.has(value);
    // Kills by turrets, minions and monsters name the unit instead of a player.
    const isPlayerOrUnit = (value: string): boolean => isPlayer(value) || value.includes('_');
    const notPlayer = (value: string): string =>
      `"${value}" is not a player (use the riotIdGameName, e.g. "${[...gameNames][0] ?? 'Sightline'}")`;

    let gameEndTime: number | null = null;
    live.events.forEach((event, index) => {
      const path = (field: string): (string | number)[] => ['events', index, field];
      if ('KillerName' in event && !isPlayerOrUnit(event.KillerName)) {
        issue(
          path('KillerName'),
          `${notPlayer(event.KillerName)} nor a unit name (Turret_…, SRU_…, Minion_…)`,
        );
      }
      if ('Assisters' in event) {
        event.Assisters.forEach((assister, i) => {
          if (!isPlayer(assister)) issue(['events', index, 'Assisters', i], notPlayer(assister));
        });
      }
      if (event.EventName === 'ChampionKill' && !isPlayer(event.VictimName)) {
        issue(path('VictimName'), notPlayer(event.VictimName));
      }
      if (event.EventName === 'Multikill' && !isPlayer(event.KillerName))
        issue(path('KillerName'), notPlayer(event.KillerName));
      if (event.EventName === 'FirstBlood' && !isPlayer(event.Recipient))
        issue(path('Recipient'), notPlayer(event.Recipient));
      if (event.EventName === 'Ace' && !isPlayer(event.Acer)) issue(path('Acer'), notPlayer(event.Acer));
      if (event.EventName === 'GameEnd') {
        if (gameEndTime !== null) issue(path('EventName'), 'only one GameEnd event is allowed');
        gameEndTime = event.EventTime;
      }
    });
    const endTime: number | null = gameEndTime;
    if (endTime !== null) {
      live.events.forEach((event, index) => {
        if (event.EventTime > endTime)
          issue(['events', index, 'EventTime'], `is after GameEnd (${endTime} s)`);
      });
    }
    live.playerUpdates.forEach((update, index) => {
      if (!isPlayer(update.player)) issue(['playerUpdates', index, 'player'], notPlayer(update.player));
    });
  });

export type LiveScenario = z.output<typeof liveScenarioSchema>;
