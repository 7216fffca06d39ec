/**
 * Test documents shaped like the arena client's own published API descriptions, not like the simulator's.
 * Shape source (read through the code search, 2026-11-27):
 * - live: `AlsoSylv/Irelia:schemas/game_schema.json` (OpenAPI 3.0.0, info "LoLClient"), the client's
 *   /swagger/v3/openapi.json during a game with the bodies typed (partly by hand: some descriptions are
 *   Irelia's own; the client's raw dump, `schemas/replay.json`, leaves them bare objects). The event envelope is `events` (responses send `Events`), the
 *   abilities are `passive`, `q`, `w`, `e`, `r` (responses send `Passive`, `Q`…), neither the active player
 *   nor a player lists `summonerName`, `mapName`/`mapTerrain` are enums without a type, arrays are written
 *   `type: array, additionalProperties: {$ref}`, fields `nullable`, and Event has a `oneOf` with an empty
 *   alternative.
 * - replay: `AlsoSylv/Irelia:schemas/replay.json`, the same document served while a replay runs: the
 *   /liveclientdata bodies are bare objects, there is no /liveclientdata/activeplayer, and Render lacks
 *   cameraLockX/Y/Z, champions, minions and simulateAllParticlesWhileOffScreen (which League Director's
 *   `leaguedirector/api.py` reads and writes).
 * Only the components and paths Sightline touches are kept; their spelling and form are the dumps'. The
 * simulator serves them under the `schema-published` fault (swaggerDocuments.ts); the unit tests edit them.
 */

type Schema = Record<string, unknown>;

const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });
const typed = (name: string, extra: Schema = {}): Schema => ({
  type: 'object',
  additionalProperties: ref(name),
  ...extra,
});
const arrayOf = (name: string, extra: Schema = {}): Schema => ({
  type: 'array',
  additionalProperties: ref(name),
  ...extra,
});
const string: Schema = { type: 'string' };
const nullableString: Schema = { type: 'string', nullable: true };
const integer: Schema = { type: 'integer' };
const boolean: Schema = { type: 'boolean' };
const float: Schema = { type: 'number', format: 'float' };
const json = (schema: Schema) => ({
  '200': { content: { 'application/json': { schema } }, description: 'Successful response' },
});
const get = (schema: Schema): Schema => ({ get: { responses: json(schema) } });
const getAndPost = (name: string): Schema => ({
  get: { responses: json(ref(name)) },
  post: {
    requestBody: { content: { 'application/json': { schema: ref(name) } } },
    responses: json(ref(name)),
  },
});
const BARE: Schema = { additionalProperties: true, type: 'object' };
const INFO = { description: 'League of Legends Game Client', title: 'LoLClient', version: '1.0.0' };
const fields = <T>(names: readonly string[], value: T): Record<string, T> =>
  Object.fromEntries(names.map((name) => [name, value]));

const RIOT_ID = { riotId: nullableString, riotIdGameName: nullableString, riotIdTagLine: nullableString };

const CHAMPION_STATS = [
  'abilityPower',
  'armor',
  'armorPenetrationFlat',
  'armorPenetrationPercent',
  'abilityHaste',
  'attackDamage',
  'attackRange',
  'attackSpeed',
  'bonusArmorPenetrationPercent',
  'bonusMagicPenetrationPercent',
  'critChance',
  'critDamage',
  'currentHealth',
  'healShieldPower',
  'healthRegenRate',
  'lifeSteal',
  'magicLethality',
  'magicPenetrationFlat',
  'magicPenetrationPercent',
  'magicResist',
  'maxHealth',
  'moveSpeed',
  'omnivamp',
  'physicalLethality',
  'physicalVamp',
  'resourceMax',
  'resourceRegenRate',
  'resourceValue',
  'spellVamp',
  'tenacity',
];

const LIVE_COMPONENTS: Record<string, Schema> = {
  AbilityResource: {
    enum: ['MANA', 'ENERGY', 'NONE', 'SHIELD', 'RAGE', 'HEAT', 'OTHER', 'MAX'],
    type: 'string',
  },
  TeamID: { enum: ['ALL', 'UNKNOWN', 'ORDER', 'CHAOS', 'NEUTRAL'], type: 'string' },
  Position: { type: 'string', enum: ['TOP', 'JUNGLE', 'MIDDLE', 'BOTTOM', 'UTILITY', 'NONE', 'UNKNOWN'] },
  GameMode: {
    type: 'string',
    enum: ['CLASSIC', 'ARAM', 'URF', 'PRACTICETOOL', 'CHERRY', 'STRAWBERRY', 'Other'],
  },
  MapName: { enum: ['Map3', 'Map10', 'Map11', 'Map12', 'Map21', 'Map22', 'Map30', 'map33', 'Other'] },
  MapTerrain: { default: 'Default', enum: ['Default', 'Infernal', 'Ocean', 'Mountain', 'Cloud', 'Hextech'] },
  GameData: {
    properties: {
      gameMode: ref('GameMode'),
      gameTime: { description: 'The current time of the game, in seconds', type: 'number', format: 'float' },
      mapName: ref('MapName'),
      mapNumber: { type: 'integer', format: 'int32' },
      mapTerrain: ref('MapTerrain'),
    },
  },
  ActivePlayer: {
    properties: {
      abilities: typed('Abilities', { nullable: true }),
      championStats: typed('ChampionStats', { nullable: true }),
      currentGold: { nullable: true, type: 'number', format: 'float' },
      fullRunes: typed('Runes', { nullable: true }),
      level: { nullable: true, type: 'integer' },
      ...RIOT_ID,
    },
  },
  AllPlayer: {
    properties: {
      championName: string,
      isBot: boolean,
      isDead: boolean,
      items: arrayOf('Item'),
      level: integer,
      position: ref('Position'),
      rawChampionName: string,
      respawnTimer: float,
      scores: ref('Scores'),
      runes: ref('Runes'),
      skinID: integer,
      summonerSpells: ref('SummonerSpells'),
      team: ref('TeamID'),
      skinName: nullableString,
      rawSkinName: nullableString,
      ...RIOT_ID,
    },
  },
  Item: {
    properties: {
      canUse: boolean,
      consumable: boolean,
      count: integer,
      displayName: string,
      itemID: integer,
      price: integer,
      rawDescription: string,
      rawDisplayName: string,
      slot: integer,
    },
  },
  Runes: {
    properties: {
      keystone: ref('Rune'),
      primaryRuneTree: ref('Rune'),
      secondaryRuneTree: ref('Rune'),
      generalRunes: arrayOf('Rune', { maxLength: 6, nullable: true }),
      statRunes: arrayOf('Rune', { maxLength: 2, nullable: true }),
    },
  },
  Rune: {
    properties: {
      displayName: nullableString,
      id: integer,
      rawDescription: string,
      rawDisplayName: nullableString,
    },
  },
  SummonerSpells: {
    properties: { summonerSpellOne: ref('SummonerSpell'), summonerSpellTwo: ref('SummonerSpell') },
  },
  SummonerSpell: { properties: { displayName: string, rawDescription: string, rawDisplayName: string } },
  Abilities: { properties: fields(['passive', 'q', 'w', 'e', 'r'], ref('Ability')) },
  Ability: {
    properties: {
      displayName: string,
      id: string,
      rawDescription: string,
      rawDisplayName: string,
      abilityLevel: { type: 'integer', nullable: true, minimum: 0, maximum: 5 },
    },
  },
  ChampionStats: {
    properties: { ...fields(CHAMPION_STATS, float), resourceType: ref('AbilityResource') },
  },
  Scores: {
    properties: { assists: integer, creepScore: integer, deaths: integer, kills: integer, wardScore: float },
  },
  Events: { properties: { events: arrayOf('Event') } },
  Event: {
    properties: {
      EventID: { nullable: false, type: 'integer' },
      EventTime: { nullable: false, minimum: 0.0, type: 'number', format: 'float' },
      EventName: {
        nullable: false,
        type: 'string',
        enum: ['GameStart', 'MinionsSpawning', 'ChampionKill', 'GameEnd'],
      },
    },
    required: ['EventID', 'EventName', 'EventTime'],
    oneOf: [{}, ref('ChampionKill')],
  },
  ChampionKill: { properties: { VictimName: string, KillerName: string } },
};

/** The live client's document during a game (game_schema.json's shape). */
export function publishedLiveDocument(): Schema {
  return {
    components: { schemas: structuredClone(LIVE_COMPONENTS) },
    info: INFO,
    openapi: '3.0.0',
    paths: {
      '/liveclientdata/activeplayer': get(ref('ActivePlayer')),
      '/liveclientdata/activeplayerabilities': get(ref('Abilities')),
      '/liveclientdata/activeplayername': get(string),
      '/liveclientdata/eventdata': get(ref('Events')),
      '/liveclientdata/gamestats': get(ref('GameData')),
      '/liveclientdata/playerlist': get({ type: 'array', items: ref('AllPlayer') }),
      '/swagger/v3/openapi.json': get(BARE),
    },
  };
}

const RENDER_BOOLEANS = [
  'banners',
  'cameraAttached',
  'characters',
  'depthFogEnabled',
  'depthOfFieldDebug',
  'depthOfFieldEnabled',
  'environment',
  'floatingText',
  'fogOfWar',
  'healthBarChampions',
  'healthBarMinions',
  'healthBarPets',
  'healthBarStructures',
  'healthBarWards',
  'heightFogEnabled',
  'interfaceAll',
  'interfaceAnnounce',
  'interfaceChat',
  'interfaceFrames',
  'interfaceKillCallouts',
  'interfaceMinimap',
  'interfaceNeutralTimers',
  'interfaceQuests',
  'interfaceReplay',
  'interfaceScore',
  'interfaceScoreboard',
  'interfaceTarget',
  'interfaceTimeline',
  'outlineHover',
  'outlineSelect',
  'particles',
];
const RENDER_FLOATS = [
  'cameraLookSpeed',
  'cameraMoveSpeed',
  'depthFogEnd',
  'depthFogIntensity',
  'depthFogStart',
  'depthOfFieldCircle',
  'depthOfFieldFar',
  'depthOfFieldMid',
  'depthOfFieldNear',
  'depthOfFieldWidth',
  'farClip',
  'fieldOfView',
  'heightFogEnd',
  'heightFogIntensity',
  'heightFogStart',
  'navGridOffset',
  'nearClip',
  'skyboxOffset',
  'skyboxRadius',
  'skyboxRotation',
];
const TRACKS: Record<string, string> = {
  ...fields(
    [
      'depthFogEnd',
      'depthFogIntensity',
      'depthFogStart',
      'depthOfFieldCircle',
      'depthOfFieldFar',
      'depthOfFieldMid',
      'depthOfFieldNear',
      'depthOfFieldWidth',
      'farClip',
      'fieldOfView',
      'heightFogEnd',
      'heightFogIntensity',
      'heightFogStart',
      'navGridOffset',
      'nearClip',
      'playbackSpeed',
      'skyboxOffset',
      'skyboxRadius',
      'skyboxRotation',
    ],
    'KeyFrameFloat',
  ),
  ...fields(['cameraPosition', 'cameraRotation', 'selectionOffset', 'sunDirection'], 'KeyFrameVector3'),
  ...fields(['depthFogColor', 'heightFogColor'], 'KeyFrameColor'),
  ...fields(['depthFogEnabled', 'heightFogEnabled', 'depthOfFieldEnabled'], 'KeyFrameBool'),
  selectionName: 'KeyFrameAString',
};

const keyframe = (value: Schema): Schema => ({
  properties: {
    blend: typed('EasingType', { description: 'Keyframe blending' }),
    time: { description: 'Game time in seconds of keyframe', format: 'float', type: 'number' },
    value,
  },
  type: 'object',
});
const vector = (axes: readonly string[]): Schema => ({ properties: fields(axes, float), type: 'object' });

const REPLAY_COMPONENTS: Record<string, Schema> = {
  AVContainer: { enum: ['webm', 'png', 'pngAndDepth'], type: 'string' },
  ColorValue: { description: 'Color', ...vector(['a', 'b', 'g', 'r']) },
  EasingType: { enum: ['linear', 'snap', 'smoothStep', 'smootherStep', 'bounceEaseInOut'], type: 'string' },
  Game: { properties: { processID: { format: 'int32', type: 'integer' } }, type: 'object' },
  HudCameraMode: { enum: ['top', 'fps', 'tps', 'focus', 'path'], type: 'string' },
  KeyFrameAString: keyframe(string),
  KeyFrameBool: keyframe(boolean),
  KeyFrameColor: keyframe(typed('ColorValue')),
  KeyFrameFloat: keyframe(float),
  KeyFrameVector3: keyframe(typed('Vector3f')),
  Playback: {
    properties: { length: float, paused: boolean, seeking: boolean, speed: float, time: float },
    type: 'object',
  },
  Recording: {
    properties: {
      codec: typed('AVContainer'),
      currentTime: float,
      endTime: float,
      enforceFrameRate: boolean,
      framesPerSecond: { format: 'int32', type: 'integer' },
      height: { format: 'int32', type: 'integer' },
      lossless: boolean,
      path: string,
      recording: boolean,
      replaySpeed: float,
      startTime: float,
      width: { format: 'int32', type: 'integer' },
    },
    type: 'object',
  },
  Render: {
    properties: {
      ...fields(RENDER_BOOLEANS, boolean),
      ...fields(RENDER_FLOATS, float),
      cameraMode: typed('HudCameraMode'),
      ...fields(['cameraPosition', 'cameraRotation', 'selectionOffset', 'sunDirection'], typed('Vector3f')),
      ...fields(['depthFogColor', 'heightFogColor'], typed('ColorValue')),
      selectionName: string,
      skyboxPath: string,
    },
    type: 'object',
  },
  Sequence: {
    properties: Object.fromEntries(
      Object.entries(TRACKS).map(([track, frame]) => [track, { items: ref(frame), type: 'array' }]),
    ),
    type: 'object',
  },
  Vector3f: { description: '3D vector', ...vector(['x', 'y', 'z']) },
};

/** The client's document while a replay runs (replay.json's shape): replay paths and bare live bodies. */
export function publishedReplayDocument(): Schema {
  return {
    components: { schemas: structuredClone(REPLAY_COMPONENTS) },
    info: INFO,
    openapi: '3.0.0',
    paths: {
      '/liveclientdata/allgamedata': get(BARE),
      '/liveclientdata/eventdata': get(BARE),
      '/liveclientdata/gamestats': get(BARE),
      '/liveclientdata/playerlist': get(BARE),
      '/replay/game': get(ref('Game')),
      '/replay/particles': {
        get: { responses: json(BARE) },
        post: { requestBody: { content: { 'application/json': { schema: BARE } } }, responses: json(BARE) },
      },
      '/replay/playback': getAndPost('Playback'),
      '/replay/recording': getAndPost('Recording'),
      '/replay/render': getAndPost('Render'),
      '/replay/sequence': getAndPost('Sequence'),
      '/swagger/v3/openapi.json': get(BARE),
    },
  };
}
