import { describe, expect, it } from 'vitest';
import { describeSchemaDrift } from '@shared/contract';
import { publishedLiveDocument, publishedReplayDocument } from '../../../simulator/publishedDocuments';
import type { HttpOutcome } from '../../platform/net/httpExchange';
import { createScriptedHttpClient, httpError, ok } from '../../tools/testkit/scriptedHttpClient';
import { checkClientSchema, SCHEMA_EXPECTATIONS } from './clientSchemaCheck';
import { DOCUMENT_QUIRKS } from './documentQuirks';
import { findSchemaDrifts, readClientDescription, tokens } from './schemaComparer';
import type { SchemaSource } from './schemaExpectations';

type Schema = Record<string, Record<string, unknown>>;

const operationsOf = (source: SchemaSource) =>
  SCHEMA_EXPECTATIONS.operations.filter((operation) => operation.source === source);

/** The drifts of a document, as people read them. */
function drifts(document: unknown, source: SchemaSource): string[] {
  const description = readClientDescription(document);
  if ('problem' in description) throw new Error(description.problem);
  return findSchemaDrifts(description, operationsOf(source)).map(describeSchemaDrift);
}

/** The published live document with one component's properties edited. */
function liveDocumentWith(component: string, edit: (properties: Schema) => void) {
  const document = publishedLiveDocument() as {
    components: { schemas: Record<string, { properties: Schema }> };
  };
  const target = document.components.schemas[component];
  if (!target) throw new Error(`no component ${component}`);
  edit(target.properties);
  return document;
}

describe('the documents the arena client publishes', () => {
  it('match what Sightline reads: names in another letter case and properties they never list are no drift', () => {
    expect(drifts(publishedLiveDocument(), 'live')).toEqual([]);
    // During a replay the one port serves the replay's document, live bodies bare and no activeplayer.
    expect(drifts(publishedReplayDocument(), 'replay')).toEqual([]);
    expect(drifts(publishedReplayDocument(), 'live')).toEqual([]);
  });

  it.each([
    [
      'a renamed gameTime',
      'GameData',
      (properties: Schema) => {
        properties.gameTimeSeconds = properties.gameTime ?? {};
        delete properties.gameTime;
      },
      '/liveclientdata/gamestats: property gameTime missing in the document',
    ],
    [
      'a removed currentGold',
      'ActivePlayer',
      (properties: Schema) => delete properties.currentGold,
      '/liveclientdata/activeplayer: property currentGold missing in the document',
    ],
    [
      'itemID turned into a string',
      'Item',
      (properties: Schema) => (properties.itemID = { type: 'string' }),
      '/liveclientdata/playerlist: items[].itemID is now a string in the document',
    ],
    [
      'a removed championName',
      'AllPlayer',
      (properties: Schema) => delete properties.championName,
      '/liveclientdata/playerlist: property championName missing in the document',
    ],
  ])('still names %s', (_name, component, edit, drift) => {
    expect(drifts(liveDocumentWith(component, edit), 'live')).toEqual([drift]);
  });

  it('reads a name in another letter case only where the published documents are known to spell it so', () => {
    const lowered = liveDocumentWith('GameData', (properties) => {
      properties.gametime = properties.gameTime ?? {};
      delete properties.gameTime;
    });
    expect(drifts(lowered, 'live')).toEqual([
      '/liveclientdata/gamestats: property gameTime missing in the document',
    ]);
    // Below a name read in another case (q for Q), the types are still compared.
    const ability = liveDocumentWith('Ability', (properties) => (properties.id = { type: 'integer' }));
    expect(drifts(ability, 'live')).toContain(
      '/liveclientdata/activeplayer: abilities.Q.id is now an integer in the document',
    );
  });

  it('still compares the type of a property read only when present', () => {
    const document = publishedReplayDocument() as {
      components: { schemas: Record<string, { properties: Schema }> };
    };
    const render = document.components.schemas.Render?.properties ?? {};
    render.fieldOfView = { type: 'string' };
    delete render.nearClip;
    expect(drifts(document, 'replay')).toEqual([
      '/replay/render: fieldOfView is now a string in the document',
    ]);
  });

  it('each known quirk names where it was seen and a property Sightline reads at that path', () => {
    for (const quirk of DOCUMENT_QUIRKS) {
      const read = SCHEMA_EXPECTATIONS.operations.filter((operation) => operation.path === quirk.path);
      const keys = read.flatMap((operation) =>
        Object.keys({ ...operation.response?.properties, ...operation.request?.properties }),
      );
      expect(keys, `${quirk.path} ${quirk.property}`).toContain(quirk.property);
      expect(tokens(quirk.property).length).toBeGreaterThan(0);
      expect(quirk.source).toMatch(/Irelia|leaguedirector/);
    }
  });
});

// Answers shaped like the live client's (local-apis.md §2.1, Riot's liveclientdata_sample.json).
const rune = (id: number) => ({
  displayName: 'Rune',
  id,
  rawDescription: 'perk_tooltip',
  rawDisplayName: 'perk',
});
const ability = (id: string, level?: number) => ({
  ...(level === undefined ? {} : { abilityLevel: level }),
  displayName: id,
  id,
  rawDescription: `GeneratedTip_Spell_${id}_Description`,
  rawDisplayName: `GeneratedTip_Spell_${id}_DisplayName`,
});
const spell = { displayName: 'Flash', rawDescription: 'tip', rawDisplayName: 'name' };

function answers(changes: { item?: object; stats?: object; active?: object; document?: unknown } = {}) {
  const player = {
    championName: 'Annie',
    isBot: false,
    isDead: false,
    items: [
      {
        canUse: false,
        consumable: false,
        count: 1,
        displayName: "Doran's Ring",
        itemID: 1056,
        price: 400,
        rawDescription: 'tip',
        rawDisplayName: 'name',
        slot: 0,
        ...changes.item,
      },
    ],
    level: 7,
    position: 'MIDDLE',
    rawChampionName: 'game_character_displayname_Annie',
    respawnTimer: 0,
    riotId: 'Sightline#EUW',
    riotIdGameName: 'Sightline',
    riotIdTagLine: 'EUW',
    runes: { keystone: rune(8112), primaryRuneTree: rune(8100), secondaryRuneTree: rune(8300) },
    scores: { assists: 1, creepScore: 40, deaths: 0, kills: 2, wardScore: 3.5 },
    skinID: 0,
    summonerSpells: { summonerSpellOne: spell, summonerSpellTwo: spell },
    team: 'ORDER',
  };
  const stats = {
    abilityHaste: 0,
    abilityPower: 40,
    armor: 30.5,
    attackDamage: 55,
    attackRange: 625,
    attackSpeed: 0.66,
    critChance: 0,
    currentHealth: 600,
    lifeSteal: 0,
    magicResist: 30,
    maxHealth: 640,
    moveSpeed: 335,
    resourceMax: 400,
    resourceType: 'MANA',
    resourceValue: 200,
    tenacity: 0,
  };
  const active = {
    abilities: {
      Passive: ability('Pyromania'),
      Q: ability('Q', 2),
      W: ability('W', 1),
      E: ability('E', 0),
      R: ability('R', 0),
    },
    championStats: stats,
    currentGold: 532.5,
    fullRunes: {
      keystone: rune(8112),
      primaryRuneTree: rune(8100),
      secondaryRuneTree: rune(8300),
      generalRunes: [rune(8126)],
    },
    level: 7,
    riotId: 'Sightline#EUW',
    riotIdGameName: 'Sightline',
    riotIdTagLine: 'EUW',
    ...changes.active,
  };
  const byPath: Record<string, HttpOutcome> = {
    '/swagger/v3/openapi.json': ok(changes.document ?? publishedLiveDocument()),
    '/liveclientdata/gamestats': ok({
      gameMode: 'CLASSIC',
      gameTime: 612.4,
      mapName: 'Map11',
      mapNumber: 11,
      mapTerrain: 'Default',
      ...changes.stats,
    }),
    '/liveclientdata/eventdata': ok({ Events: [{ EventID: 0, EventName: 'GameStart', EventTime: 0.02 }] }),
    '/liveclientdata/playerlist': ok([player]),
    '/liveclientdata/activeplayer': ok(active),
  };
  return byPath;
}

async function liveCheck(byPath: Record<string, HttpOutcome>): Promise<string[]> {
  const { client } = createScriptedHttpClient((path) => byPath[path] ?? httpError(404));
  const check = await checkClientSchema({ http: client, baseUrl: 'https://127.0.0.1:2999', source: 'live' });
  if (check?.kind === 'matches') return [];
  if (check?.kind !== 'drifts') throw new Error(`unexpected check ${JSON.stringify(check)}`);
  return check.drifts.map(describeSchemaDrift);
}

describe('checkClientSchema with the client’s answers', () => {
  it('finds the published document and real answers matching', async () => {
    expect(await liveCheck(answers())).toEqual([]);
  });

  it('takes an answer as ground truth: a drift it shows is told as the response’s', async () => {
    const renamed = answers({
      stats: { gameTime: undefined, gameTimeSeconds: 612.4 },
      item: { itemID: '1056' },
    });
    expect(await liveCheck(renamed)).toEqual([
      '/liveclientdata/gamestats: property gameTime missing in the response',
      '/liveclientdata/playerlist: items[].itemID is now a string in the response',
    ]);
    // The document drifted the same way: still one drift each, the response's.
    const both = answers({
      active: { currentGold: undefined },
      document: liveDocumentWith('ActivePlayer', (properties) => delete properties.currentGold),
    });
    expect(await liveCheck(both)).toEqual([
      '/liveclientdata/activeplayer: property currentGold missing in the response',
    ]);
  });

  it('says the document drifted where the answers still carry what Sightline reads', async () => {
    const document = liveDocumentWith('AllPlayer', (properties) => delete properties.championName);
    expect(await liveCheck(answers({ document }))).toEqual([
      '/liveclientdata/playerlist: property championName missing in the document',
    ]);
  });

  it('compares no error answer (a spectator’s activeplayer) and wants no property read only when present', async () => {
    const spectator = {
      ...answers(),
      '/liveclientdata/activeplayer': ok({ error: 'This feature is not supported in spectator mode' }),
      '/liveclientdata/eventdata': ok({ Events: [] }),
    };
    expect(await liveCheck(spectator)).toEqual([]);
    // No ultimate learnt yet answers without R; an older patch's summonerName is absent today.
    expect(await liveCheck(answers({ active: { abilities: { Passive: ability('Pyromania') } } }))).toEqual(
      [],
    );
  });
});
