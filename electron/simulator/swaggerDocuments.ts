import { publishedLiveDocument, publishedReplayDocument } from './publishedDocuments';
import { DEFAULT_RENDER } from './replayDefaults';
import type { FaultKind, ServiceName } from './scenario';

/**
 * The API descriptions the game client serves at /swagger/v2/swagger.json and /swagger/v3/openapi.json,
 * modelled on a dump of the real one (info "LoLClient", components with properties). Like the real
 * generator, a property of an enum or struct type is written `type: object, additionalProperties: {$ref}`
 * (cameraMode → HudCameraMode, cameraPosition → Vector3f). Unlike the real client, which describes every
 * /liveclientdata body as a bare object, the live bodies are described in full, so a drift can be seen.
 */

export type DocumentVersion = 'v2' | 'v3';
export const DOCUMENT_PATHS: Record<DocumentVersion, string> = {
  v2: '/swagger/v2/swagger.json',
  v3: '/swagger/v3/openapi.json',
};

/** Which APIs a document describes: the live data API always, the replay API when enabled. */
export interface DescribedApis {
  live: boolean;
  replay: boolean;
}

type Schema = Record<string, unknown>;
type Ref = (name: string) => Schema;

const INFO = { title: 'LoLClient', description: 'League of Legends Game Client', version: '1.0.0' };

const string: Schema = { type: 'string' };
const boolean: Schema = { type: 'boolean' };
const integer: Schema = { type: 'integer', format: 'int32' };
const float: Schema = { type: 'number', format: 'float' };
const object = (properties: Record<string, Schema>): Schema => ({ type: 'object', properties });
const arrayOf = (items: Schema): Schema => ({ type: 'array', items });
/** The client generator's way of typing a field with a named enum or struct. */
const typed = (ref: Ref, name: string): Schema => ({ type: 'object', additionalProperties: ref(name) });
const named = (names: readonly string[]): Record<string, Schema> =>
  Object.fromEntries(names.map((name) => [name, string]));
const numbers = (names: readonly string[]): Record<string, Schema> =>
  Object.fromEntries(names.map((name) => [name, float]));

const CHAMPION_STATS = [
  'abilityHaste',
  'abilityPower',
  'armor',
  'armorPenetrationFlat',
  'armorPenetrationPercent',
  'attackDamage',
  'attackRange',
  'attackSpeed',
  'bonusArmorPenetrationPercent',
  'bonusMagicPenetrationPercent',
  'cooldownReduction',
  'critChance',
  'critDamage',
  'currentHealth',
  'healthRegenRate',
  'lifeSteal',
  'magicLethality',
  'magicPenetrationFlat',
  'magicPenetrationPercent',
  'magicResist',
  'maxHealth',
  'moveSpeed',
  'physicalLethality',
  'resourceMax',
  'resourceRegenRate',
  'resourceValue',
  'spellVamp',
  'tenacity',
];
const DESCRIBED = ['displayName', 'rawDescription', 'rawDisplayName'];
const IDENTITY = ['riotId', 'riotIdGameName', 'riotIdTagLine', 'summonerName'];

function liveComponents(ref: Ref): Record<string, Schema> {
  return {
    TeamID: {
      description: 'Team identification',
      type: 'string',
      enum: ['ALL', 'UNKNOWN', 'ORDER', 'CHAOS', 'NEUTRAL'],
    },
    Position: { type: 'string', enum: ['TOP', 'JUNGLE', 'MIDDLE', 'BOTTOM', 'UTILITY', 'NONE', ''] },
    AbilityResource: { type: 'string', enum: ['MANA', 'ENERGY', 'NONE', 'SHIELD', 'RAGE', 'HEAT', 'OTHER'] },
    GameData: object({
      gameMode: string,
      gameTime: { ...float, description: 'The current time of the game, in seconds' },
      mapName: string,
      mapNumber: integer,
      mapTerrain: string,
    }),
    Ability: object({ ...named(DESCRIBED), id: string, abilityLevel: { ...integer, nullable: true } }),
    Abilities: object(
      Object.fromEntries(['Passive', 'Q', 'W', 'E', 'R'].map((key) => [key, ref('Ability')])),
    ),
    ChampionStats: object({ ...numbers(CHAMPION_STATS), resourceType: typed(ref, 'AbilityResource') }),
    Rune: object({ ...named(DESCRIBED), id: integer }),
    StatRune: object({ id: integer, rawDescription: string }),
    MainRunes: object({
      keystone: ref('Rune'),
      primaryRuneTree: ref('Rune'),
      secondaryRuneTree: ref('Rune'),
    }),
    FullRunes: object({
      generalRunes: arrayOf(ref('Rune')),
      keystone: ref('Rune'),
      primaryRuneTree: ref('Rune'),
      secondaryRuneTree: ref('Rune'),
      statRunes: arrayOf(ref('StatRune')),
    }),
    ActivePlayer: object({
      abilities: typed(ref, 'Abilities'),
      championStats: typed(ref, 'ChampionStats'),
      currentGold: { ...float, description: 'Current gold of the summoner' },
      fullRunes: typed(ref, 'FullRunes'),
      level: integer,
      ...named(IDENTITY),
      teamRelativeColors: boolean,
    }),
    Item: object({
      canUse: boolean,
      consumable: boolean,
      count: integer,
      ...named(DESCRIBED),
      itemID: integer,
      price: integer,
      slot: integer,
    }),
    Scores: object({
      assists: integer,
      creepScore: integer,
      deaths: integer,
      kills: integer,
      wardScore: float,
    }),
    SummonerSpell: object(named(DESCRIBED)),
    SummonerSpells: object({
      summonerSpellOne: ref('SummonerSpell'),
      summonerSpellTwo: ref('SummonerSpell'),
    }),
    Player: object({
      championName: string,
      isBot: boolean,
      isDead: boolean,
      items: arrayOf(ref('Item')),
      level: integer,
      position: typed(ref, 'Position'),
      rawChampionName: string,
      respawnTimer: float,
      ...named(IDENTITY),
      runes: ref('MainRunes'),
      scores: ref('Scores'),
      skinID: integer,
      summonerSpells: ref('SummonerSpells'),
      team: typed(ref, 'TeamID'),
    }),
    Event: {
      ...object({
        EventID: integer,
        EventName: string,
        EventTime: { ...float, description: 'Time the event took place, in float formatted seconds' },
        KillerName: string,
        VictimName: string,
        Assisters: arrayOf(string),
      }),
      required: ['EventID', 'EventName', 'EventTime'],
      additionalProperties: true,
    },
    Events: object({ Events: arrayOf(ref('Event')) }),
    AllGameData: object({
      activePlayer: ref('ActivePlayer'),
      allPlayers: arrayOf(ref('Player')),
      events: ref('Events'),
      gameData: ref('GameData'),
    }),
  };
}

const VECTOR_FIELDS = new Set(['cameraPosition', 'cameraRotation', 'selectionOffset', 'sunDirection']);
const COLOR_FIELDS = new Set(['depthFogColor', 'heightFogColor']);

/** Render's fields typed from the simulator's own defaults, so the description matches what it serves. */
function renderProperties(ref: Ref): Record<string, Schema> {
  return Object.fromEntries(
    Object.entries(DEFAULT_RENDER).map(([name, value]): [string, Schema] => {
      if (name === 'cameraMode') return [name, typed(ref, 'HudCameraMode')];
      if (VECTOR_FIELDS.has(name)) return [name, typed(ref, 'Vector3f')];
      if (COLOR_FIELDS.has(name)) return [name, typed(ref, 'ColorValue')];
      if (typeof value === 'boolean') return [name, boolean];
      if (typeof value === 'number') return [name, float];
      return [name, string];
    }),
  );
}

const EASING_TYPES = [
  'linear',
  'snap',
  'smoothStep',
  'smootherStep',
  ...[
    'quadratic',
    'cubic',
    'quartic',
    'quintic',
    'sine',
    'circular',
    'exponential',
    'elastic',
    'back',
    'bounce',
  ].flatMap((curve) => ['EaseIn', 'EaseOut', 'EaseInOut'].map((ease) => `${curve}${ease}`)),
];

const KEYFRAME_TRACKS: Record<string, string> = {
  playbackSpeed: 'KeyFrameFloat',
  cameraPosition: 'KeyFrameVector3',
  cameraRotation: 'KeyFrameVector3',
  fieldOfView: 'KeyFrameFloat',
  nearClip: 'KeyFrameFloat',
  farClip: 'KeyFrameFloat',
  selectionName: 'KeyFrameAString',
  selectionOffset: 'KeyFrameVector3',
  navGridOffset: 'KeyFrameFloat',
  skyboxRotation: 'KeyFrameFloat',
  skyboxRadius: 'KeyFrameFloat',
  skyboxOffset: 'KeyFrameFloat',
  sunDirection: 'KeyFrameVector3',
  depthFogEnabled: 'KeyFrameBool',
  depthFogStart: 'KeyFrameFloat',
  depthFogEnd: 'KeyFrameFloat',
  depthFogIntensity: 'KeyFrameFloat',
  depthFogColor: 'KeyFrameColor',
  heightFogEnabled: 'KeyFrameBool',
  heightFogStart: 'KeyFrameFloat',
  heightFogEnd: 'KeyFrameFloat',
  heightFogIntensity: 'KeyFrameFloat',
  heightFogColor: 'KeyFrameColor',
  depthOfFieldEnabled: 'KeyFrameBool',
  depthOfFieldCircle: 'KeyFrameFloat',
  depthOfFieldWidth: 'KeyFrameFloat',
  depthOfFieldNear: 'KeyFrameFloat',
  depthOfFieldMid: 'KeyFrameFloat',
  depthOfFieldFar: 'KeyFrameFloat',
};

function replayComponents(ref: Ref): Record<string, Schema> {
  const keyframe = (value: Schema): Schema => object({ blend: typed(ref, 'EasingType'), time: float, value });
  return {
    AVContainer: { type: 'string', enum: ['webm', 'png', 'pngAndDepth'] },
    HudCameraMode: { type: 'string', enum: ['top', 'fps', 'tps', 'focus', 'path'] },
    EasingType: {
      description: 'Blending options for interpolating time between keyframes',
      type: 'string',
      enum: EASING_TYPES,
    },
    Vector3f: { description: '3D vector', ...object({ x: float, y: float, z: float }) },
    ColorValue: { description: 'Color', ...object({ a: float, b: float, g: float, r: float }) },
    Game: object({ processID: { ...integer, description: 'Process identifier for this game' } }),
    Playback: object({ length: float, paused: boolean, seeking: boolean, speed: float, time: float }),
    Render: object(renderProperties(ref)),
    Recording: object({
      codec: typed(ref, 'AVContainer'),
      currentTime: float,
      endTime: float,
      enforceFrameRate: boolean,
      framesPerSecond: integer,
      height: integer,
      lossless: boolean,
      path: string,
      recording: boolean,
      replaySpeed: float,
      startTime: float,
      width: integer,
    }),
    KeyFrameAString: keyframe(string),
    KeyFrameBool: keyframe(boolean),
    KeyFrameFloat: keyframe(float),
    KeyFrameVector3: keyframe(typed(ref, 'Vector3f')),
    KeyFrameColor: keyframe(typed(ref, 'ColorValue')),
    Sequence: object(
      Object.fromEntries(
        Object.entries(KEYFRAME_TRACKS).map(([track, frame]) => [track, arrayOf(ref(frame))]),
      ),
    ),
  };
}

interface Operation {
  summary: string;
  response: Schema;
  /** The JSON body a POST takes. */
  body?: Schema;
  query?: Array<{ name: string; required: boolean; schema: Schema }>;
}

type PathOperations = Record<string, Partial<Record<'get' | 'post', Operation>>>;

const BARE: Schema = { type: 'object', additionalProperties: true };

function livePaths(ref: Ref): PathOperations {
  const player = [{ name: 'summonerName', required: true, schema: string }];
  const eventID = [{ name: 'eventID', required: false, schema: integer }];
  const get = (summary: string, response: Schema, query?: Operation['query']) => ({
    get: { summary, response, query },
  });
  return {
    '/liveclientdata/allgamedata': get('Get all available data', ref('AllGameData'), eventID),
    '/liveclientdata/activeplayer': get('Get all data about the active player', ref('ActivePlayer')),
    '/liveclientdata/activeplayername': get('Returns the player name', string),
    '/liveclientdata/activeplayerabilities': get('Get Abilities for the active player', ref('Abilities')),
    '/liveclientdata/activeplayerrunes': get(
      'Retrieve the full list of runes for the active player',
      ref('FullRunes'),
    ),
    '/liveclientdata/playerlist': get(
      'Retrieve the list of heroes in the game and their stats',
      arrayOf(ref('Player')),
      [{ name: 'teamID', required: false, schema: typed(ref, 'TeamID') }],
    ),
    '/liveclientdata/playerscores': get(
      'Retrieve the list of the current scores for the player',
      ref('Scores'),
      player,
    ),
    '/liveclientdata/playersummonerspells': get(
      'Retrieve the list of the summoner spells for the player',
      ref('SummonerSpells'),
      player,
    ),
    '/liveclientdata/playermainrunes': get(
      'Retrieve the basic runes of any player',
      ref('MainRunes'),
      player,
    ),
    '/liveclientdata/playeritems': get(
      'Retrieve the list of items for the player',
      arrayOf(ref('Item')),
      player,
    ),
    '/liveclientdata/eventdata': get(
      'Get a list of events that have occurred in the game',
      ref('Events'),
      eventID,
    ),
    '/liveclientdata/gamestats': get('Basic data about the game', ref('GameData')),
  };
}

function replayPaths(ref: Ref): PathOperations {
  const resource = (name: string, read: string, write: string) => ({
    get: { summary: read, response: ref(name) },
    post: { summary: write, response: ref(name), body: ref(name) },
  });
  return {
    '/replay/game': { get: { summary: 'Information about the game client process.', response: ref('Game') } },
    '/replay/playback': resource(
      'Playback',
      'Returns the current replay playback state such as pause and current time.',
      'Allows modifying the playback state such as play / pause and the game time to seek to. All values are optional.',
    ),
    '/replay/render': resource(
      'Render',
      'Returns the current render properties.',
      'Allows modifying the current render properties. All values are optional.',
    ),
    '/replay/recording': resource(
      'Recording',
      'Returns the current status of video recording. Poll this resource for progress on the output.',
      'Post to begin a recording specifying the codec and output filepath.',
    ),
    '/replay/sequence': resource(
      'Sequence',
      'Returns the sequence currently being applied.',
      'Post to apply a sequence of keyframes that the replay should play. Post an empty object to remove the sequence.',
    ),
    '/replay/particles': {
      get: { summary: 'Returns map of particle name to current visibility status.', response: BARE },
      post: { summary: 'Takes a map of particle name to visibility.', response: BARE, body: BARE },
    },
  };
}

function builtinPaths(): PathOperations {
  return Object.fromEntries(
    Object.values(DOCUMENT_PATHS).map((path) => [
      path,
      { get: { summary: 'Retrieves the API documentation', response: BARE } },
    ]),
  );
}

function operationIdOf(method: string, path: string): string {
  const words = `${method}/${path}`.split(/[^A-Za-z0-9]+/).filter(Boolean);
  return words.map((word) => word[0]?.toUpperCase() + word.slice(1)).join('');
}

/** The document the client serves at DOCUMENT_PATHS[version], describing `apis`. */
export function clientDocument(version: DocumentVersion, apis: DescribedApis): Schema {
  const ref: Ref = (name) => ({
    $ref: version === 'v3' ? `#/components/schemas/${name}` : `#/definitions/${name}`,
  });
  const components = {
    ...(apis.live ? liveComponents(ref) : {}),
    ...(apis.replay ? replayComponents(ref) : {}),
  };
  const operations: PathOperations = {
    ...(apis.live ? livePaths(ref) : {}),
    ...(apis.replay ? replayPaths(ref) : {}),
    ...builtinPaths(),
  };

  const paths = Object.fromEntries(
    Object.entries(operations).map(([path, methods]) => [
      path,
      Object.fromEntries(
        Object.entries(methods).map(([method, operation]) => [
          method,
          version === 'v3'
            ? openApiOperation(method, path, operation)
            : swaggerOperation(method, path, operation),
        ]),
      ),
    ]),
  );
  return version === 'v3'
    ? { openapi: '3.0.0', info: INFO, components: { schemas: components }, paths }
    : {
        swagger: '2.0',
        info: INFO,
        basePath: '/',
        consumes: ['application/json'],
        produces: ['application/json'],
        definitions: components,
        paths,
      };
}

function openApiOperation(method: string, path: string, operation: Operation): Schema {
  const json = (schema: Schema) => ({ content: { 'application/json': { schema } } });
  return {
    operationId: operationIdOf(method, path),
    summary: operation.summary,
    parameters: (operation.query ?? []).map((parameter) => ({ in: 'query', ...parameter })),
    ...(operation.body ? { requestBody: json(operation.body) } : {}),
    responses: { '200': { description: 'Successful response', ...json(operation.response) } },
  };
}

function swaggerOperation(method: string, path: string, operation: Operation): Schema {
  const query = (operation.query ?? []).map(({ name, required, schema }) => ({
    in: 'query',
    name,
    required,
    ...schema,
  }));
  const body = operation.body ? [{ in: 'body', name: 'body', required: false, schema: operation.body }] : [];
  return {
    operationId: operationIdOf(method, path),
    summary: operation.summary,
    parameters: [...query, ...body],
    responses: { '200': { description: 'Successful response', schema: operation.response } },
  };
}

// ---------------------------------------------------------------------------------------------------
// The schema faults: one property of the document changes, or the document is the one the real client
// publishes (schema-published); the data served stays as it was.

export const SCHEMA_FAULTS: readonly FaultKind[] = [
  'schema-missing-property',
  'schema-retyped-property',
  'schema-published',
];

/**
 * The property each service's schema faults change: a player's riotId (playerlist), the playback's length
 * (both read on every poll; a render field is read only when present, so its absence is no drift).
 */
export const SCHEMA_FAULT_TARGETS: Record<
  Exclude<ServiceName, 'card'>,
  { component: string; property: string; retyped: Schema }
> = {
  live: {
    component: 'Player',
    property: 'riotId',
    retyped: object({ gameName: string, tagLine: string }),
  },
  replay: { component: 'Playback', property: 'length', retyped: string },
};

export const isDocumentPath = (path: string): boolean =>
  (Object.values(DOCUMENT_PATHS) as string[]).includes(path);

/** The document with the fault's change made to the service's target property (a copy; no change without the component). */
export function driftDocument(document: unknown, fault: FaultKind, service: ServiceName): unknown {
  if (service === 'card' || !SCHEMA_FAULTS.includes(fault)) return document;
  // While a replay runs the one port serves the replay's document, which lists the live paths too (bare).
  if (fault === 'schema-published') {
    const paths = (document as Schema | null)?.paths as Schema | undefined;
    const replayRuns = service === 'replay' || paths?.['/replay/game'] !== undefined;
    return replayRuns ? publishedReplayDocument() : publishedLiveDocument();
  }
  const copy = structuredClone(document) as Schema;
  const schemas = (copy.definitions ?? (copy.components as Schema | undefined)?.schemas) as
    Record<string, Schema> | undefined;
  const { component, property, retyped } = SCHEMA_FAULT_TARGETS[service];
  const target = schemas?.[component];
  const properties = target?.properties as Record<string, Schema> | undefined;
  if (!target || !properties?.[property]) return copy;
  target.properties =
    fault === 'schema-missing-property'
      ? Object.fromEntries(Object.entries(properties).filter(([name]) => name !== property))
      : { ...properties, [property]: retyped };
  return copy;
}
