import { describe, expect, it } from 'vitest';
import { describeSchemaCheck, describeSchemaDrift, type SchemaDrift } from '@shared/contract';
import { clientDocument, driftDocument } from '../../../simulator/swaggerDocuments';
import { findSchemaDrifts, readClientDescription, type ClientDescription } from './schemaComparer';
import { buildSchemaExpectations, type ExpectedOperation } from './schemaExpectations';

const PLAYER_LIST: ExpectedOperation = {
  source: 'live',
  method: 'get',
  path: '/liveclientdata/playerlist',
  response: {
    type: ['array'],
    properties: {
      '[]': ['object'],
      '[].riotId': ['string'],
      '[].level': ['integer'],
      '[].respawnTimer': ['number'],
      '[].items': ['array'],
      '[].items[]': ['object'],
      '[].items[].itemID': ['integer'],
      '[].runes': ['object'],
      '[].runes.keystone': ['object'],
      '[].runes.keystone.id': ['integer'],
    },
  },
};

const RENDER_GET: ExpectedOperation = {
  source: 'replay',
  method: 'get',
  path: '/replay/render',
  response: {
    type: ['object'],
    properties: {
      cameraMode: ['string'],
      cameraPosition: ['object'],
      'cameraPosition.x': ['number'],
      'cameraPosition.z': ['number'],
      fieldOfView: ['number'],
    },
  },
};

const RENDER_POST: ExpectedOperation = {
  source: 'replay',
  method: 'post',
  path: '/replay/render',
  request: { type: ['object'], properties: { fieldOfView: ['number'] } },
};

const number = { type: 'number', format: 'float' };

/** Components in the style of the game's own dump: enums and nested types as `additionalProperties` refs. */
function components(changes: { player?: object; render?: object; vector?: object } = {}) {
  return {
    Player: {
      type: 'object',
      properties: {
        riotId: { type: 'string' },
        level: { type: 'integer', format: 'int32' },
        // The client types some integers as plain numbers: not a drift.
        respawnTimer: number,
        items: { type: 'array', items: { $ref: '#/components/schemas/Item' } },
        runes: { $ref: '#/components/schemas/Runes' },
        skinName: { type: 'string' },
        ...changes.player,
      },
    },
    Item: { type: 'object', properties: { itemID: number, displayName: { type: 'string' } } },
    Runes: { properties: { keystone: { $ref: '#/components/schemas/Rune' } } },
    Rune: { type: 'object', properties: { id: { type: 'integer' } } },
    HudCameraMode: { type: 'string', enum: ['top', 'fps', 'tps', 'focus', 'path'] },
    Vector3f: { type: 'object', properties: { x: number, y: number, z: number, ...changes.vector } },
    Render: {
      type: 'object',
      properties: {
        cameraMode: {
          type: 'object',
          additionalProperties: { $ref: '#/components/schemas/HudCameraMode' },
        },
        cameraPosition: { type: 'object', additionalProperties: { $ref: '#/components/schemas/Vector3f' } },
        fieldOfView: number,
        ...changes.render,
      },
    },
  };
}

const json = (schema: object) => ({ content: { 'application/json': { schema } } });

function openApi(changes: Parameters<typeof components>[0] = {}, paths: Record<string, object> = {}) {
  return {
    openapi: '3.0.0',
    info: { title: 'LoLClient', version: '1.0.0' },
    components: { schemas: components(changes) },
    paths: {
      '/liveclientdata/playerlist': {
        get: {
          responses: {
            '200': json({ type: 'array', items: { $ref: '#/components/schemas/Player' } }),
          },
        },
      },
      '/replay/render': {
        get: { responses: { '200': json({ $ref: '#/components/schemas/Render' }) } },
        post: {
          requestBody: json({ $ref: '#/components/schemas/Render' }),
          responses: { '200': json({ $ref: '#/components/schemas/Render' }) },
        },
      },
      ...paths,
    },
  };
}

function describedBy(document: unknown): ClientDescription {
  const description = readClientDescription(document);
  if ('problem' in description) throw new Error(description.problem);
  return description;
}

const drifts = (
  document: unknown,
  operations: ExpectedOperation[] = [PLAYER_LIST, RENDER_GET, RENDER_POST],
) => findSchemaDrifts(describedBy(document), operations).map(describeSchemaDrift);

describe('findSchemaDrifts on OpenAPI 3', () => {
  it('finds nothing when every property is described with its type, through $refs and the client’s typed fields', () => {
    expect(drifts(openApi())).toEqual([]);
  });

  it('reports a property that is gone, once per path even when GET and POST both use it', () => {
    expect(drifts(openApi({ render: { fieldOfView: undefined } }))).toEqual([
      '/replay/render: property fieldOfView missing in the document',
    ]);
  });

  it('reports a property with another type, and nothing below it', () => {
    const retyped = openApi({
      player: { riotId: { type: 'object', properties: { gameName: { type: 'string' } } } },
      render: { cameraPosition: { type: 'string' } },
    });
    expect(drifts(retyped)).toEqual([
      '/liveclientdata/playerlist: riotId is now an object in the document',
      '/replay/render: cameraPosition is now a string in the document',
    ]);
  });

  it('follows nested $refs, array items and the typed-field form into the properties below', () => {
    const nested = openApi({
      player: {
        items: { type: 'array', items: { type: 'object', properties: { itemID: { type: 'string' } } } },
      },
      vector: { z: undefined },
    });
    expect(drifts(nested)).toEqual([
      '/liveclientdata/playerlist: items[].itemID is now a string in the document',
      '/replay/render: property cameraPosition.z missing in the document',
    ]);
  });

  it('takes integer and number as the same type, in both directions', () => {
    const swapped = openApi({ player: { level: number, respawnTimer: { type: 'integer' } } });
    expect(drifts(swapped)).toEqual([]);
  });

  it('reports a path or a method that is gone, unless the path is one a spectator session lacks', () => {
    const document = openApi();
    delete (document.paths as Record<string, unknown>)['/liveclientdata/playerlist'];
    delete (document.paths['/replay/render'] as Record<string, unknown>).post;
    expect(drifts(document)).toEqual([
      '/liveclientdata/playerlist: path missing in the document',
      '/replay/render: POST missing in the document',
    ]);
    expect(drifts(document, [{ ...PLAYER_LIST, optional: true }])).toEqual([]);
  });

  it('passes what the document leaves unstated: bare object bodies, untyped or unlisted properties', () => {
    const bare = { type: 'object', additionalProperties: true };
    const loose = openApi(
      {
        player: { riotId: { description: 'no type' }, runes: { type: 'object' } },
        render: { cameraPosition: {} },
      },
      {},
    );
    expect(drifts(loose)).toEqual([]);
    // The game's own dump describes every /liveclientdata body like this, even the player list (an array).
    const real = openApi({}, { '/liveclientdata/playerlist': { get: { responses: { '200': json(bare) } } } });
    expect(drifts(real)).toEqual([]);
    // A POST without a described body cannot drift either.
    const noBody = openApi({}, { '/replay/render': { get: { responses: {} }, post: {} } });
    expect(drifts(noBody)).toEqual([]);
  });

  it('reads allOf as the union of its parts, and a body of another type as one drift', () => {
    const combined = openApi(
      {},
      {
        '/liveclientdata/playerlist': {
          get: {
            responses: {
              '200': json({
                type: 'array',
                items: {
                  allOf: [
                    { $ref: '#/components/schemas/Player' },
                    { properties: { team: { type: 'string' } } },
                  ],
                },
              }),
            },
          },
        },
      },
    );
    expect(drifts(combined)).toEqual([]);
    const object = openApi(
      {},
      {
        '/liveclientdata/playerlist': {
          get: { responses: { '200': json({ $ref: '#/components/schemas/Player' }) } },
        },
      },
    );
    expect(drifts(object)).toEqual(['/liveclientdata/playerlist: body is now an object in the document']);
  });
});

describe('findSchemaDrifts on Swagger 2', () => {
  function swagger(render: object) {
    return {
      swagger: '2.0',
      info: { title: 'LoLClient', version: '1.0.0' },
      definitions: {
        Render: { type: 'object', properties: { cameraMode: { type: 'string' }, ...render } },
        Vector3f: { type: 'object', properties: { x: number, z: number } },
      },
      paths: {
        '/replay/render': {
          get: { responses: { '200': { description: 'ok', schema: { $ref: '#/definitions/Render' } } } },
          post: {
            parameters: [{ in: 'body', name: 'body', schema: { $ref: '#/definitions/Render' } }],
            responses: { '200': { description: 'ok', schema: { $ref: '#/definitions/Render' } } },
          },
        },
      },
    };
  }

  it('reads definitions and body parameters', () => {
    const fine = swagger({ cameraPosition: { $ref: '#/definitions/Vector3f' }, fieldOfView: number });
    expect(drifts(fine, [RENDER_GET, RENDER_POST])).toEqual([]);
    const drifted = swagger({
      cameraPosition: { $ref: '#/definitions/Vector3f' },
      fieldOfView: { type: 'boolean' },
    });
    expect(drifts(drifted, [RENDER_POST])).toEqual([
      '/replay/render: fieldOfView is now a boolean in the document',
    ]);
  });
});

describe('readClientDescription', () => {
  it('says why a document cannot be read', () => {
    expect(readClientDescription('text')).toEqual({ problem: 'not a JSON object' });
    expect(readClientDescription({ paths: {} })).toEqual({
      problem: 'neither an OpenAPI 3 nor a Swagger 2 document',
    });
    expect(readClientDescription({ openapi: '3.0.0', info: {} })).toEqual({ problem: 'it lists no paths' });
  });
});

describe('the committed expectations', () => {
  it('match a description that states nothing about /liveclientdata bodies (the real client’s)', () => {
    const operations = buildSchemaExpectations().operations;
    const bare = json({ type: 'object', additionalProperties: true });
    const paths = Object.fromEntries(
      operations.map((operation) => [
        operation.path,
        { get: { responses: { '200': bare } }, post: { requestBody: bare, responses: { '200': bare } } },
      ]),
    );
    expect(findSchemaDrifts(describedBy({ openapi: '3.0.0', paths }), operations)).toEqual([]);
  });
});

describe('the simulator’s descriptions', () => {
  const operations = buildSchemaExpectations().operations;

  it('match the committed expectations in both versions', () => {
    for (const version of ['v2', 'v3'] as const) {
      const document = clientDocument(version, { live: true, replay: true });
      expect(drifts(document, operations), version).toEqual([]);
    }
  });

  it('show the property each schema fault changes', () => {
    const document = clientDocument('v3', { live: true, replay: true });
    expect(drifts(driftDocument(document, 'schema-retyped-property', 'live'), operations)).toEqual([
      '/liveclientdata/playerlist: riotId is now an object in the document',
    ]);
    expect(drifts(driftDocument(document, 'schema-missing-property', 'replay'), operations)).toEqual([
      '/replay/playback: property length missing in the document',
    ]);
  });
});

describe('describeSchemaCheck', () => {
  it('says the result in one line', () => {
    const drift: SchemaDrift = {
      path: '/replay/render',
      method: null,
      property: 'fieldOfView',
      change: 'missing',
      seenIn: 'document',
    };
    expect(describeSchemaCheck({ kind: 'matches' })).toBe('schema: matches');
    expect(describeSchemaCheck({ kind: 'drifts', drifts: [drift] })).toBe(
      'schema: 1 drift: /replay/render: property fieldOfView missing in the document',
    );
    expect(describeSchemaCheck({ kind: 'none-served' })).toBe('schema: none served');
    expect(describeSchemaCheck({ kind: 'unreadable', reason: 'HTTP 500' })).toBe(
      'schema: unreadable (HTTP 500)',
    );
  });
});
