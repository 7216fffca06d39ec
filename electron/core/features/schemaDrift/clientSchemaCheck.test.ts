import { describe, expect, it } from 'vitest';
import type { HttpOutcome } from '../../platform/net/httpExchange';
import { createScriptedHttpClient, httpError, ok } from '../../tools/testkit/scriptedHttpClient';
import { checkClientSchema } from './clientSchemaCheck';
import type { SchemaExpectations } from './schemaExpectations';

const EXPECTATIONS: SchemaExpectations = {
  note: '',
  operations: [
    {
      source: 'replay',
      method: 'get',
      path: '/replay/game',
      response: { type: ['object'], properties: { processID: ['integer'] } },
    },
    {
      source: 'live',
      method: 'get',
      path: '/liveclientdata/gamestats',
      response: { type: ['object'], properties: { gameTime: ['number'] } },
    },
  ],
};

const game = (processID: object) => ({ type: 'object', properties: { processID } });
const openApi = (processID: object) => ({
  openapi: '3.0.0',
  paths: {
    '/replay/game': {
      get: { responses: { '200': { content: { 'application/json': { schema: game(processID) } } } } },
    },
  },
});
const swagger = (processID: object) => ({
  swagger: '2.0',
  paths: { '/replay/game': { get: { responses: { '200': { schema: game(processID) } } } } },
});

function check(answers: Record<string, HttpOutcome>, source: 'live' | 'replay' = 'replay') {
  const { client, requests } = createScriptedHttpClient((path) => answers[path] ?? httpError(404));
  const result = checkClientSchema({
    http: client,
    baseUrl: 'https://127.0.0.1:2999',
    source,
    expectations: EXPECTATIONS,
  });
  return { result, requests };
}

describe('checkClientSchema', () => {
  it('reads the OpenAPI 3 document and compares only the paths of the source asked about', async () => {
    const { result, requests } = check({ '/swagger/v3/openapi.json': ok(openApi({ type: 'integer' })) });
    expect(await result).toEqual({ kind: 'matches' });
    // Then one answer of the body read there, compared too (a 404 here: nothing to compare).
    expect(requests.map((request) => request.url)).toEqual([
      'https://127.0.0.1:2999/swagger/v3/openapi.json',
      'https://127.0.0.1:2999/replay/game',
    ]);
    // The live paths are not in this document: for the live source that is a drift.
    expect(
      await check({ '/swagger/v3/openapi.json': ok(openApi({ type: 'integer' })) }, 'live').result,
    ).toEqual({
      kind: 'drifts',
      drifts: [
        {
          path: '/liveclientdata/gamestats',
          method: null,
          property: null,
          change: 'missing',
          seenIn: 'document',
        },
      ],
    });
  });

  it('falls back to the Swagger 2 document when the OpenAPI one is not served or not readable', async () => {
    const v2 = { '/swagger/v2/swagger.json': ok(swagger({ type: 'string' })) };
    const drifted = {
      kind: 'drifts',
      drifts: [
        {
          path: '/replay/game',
          method: null,
          property: 'processID',
          change: 'retyped',
          now: 'string',
          seenIn: 'document',
        },
      ],
    };
    expect(await check(v2).result).toEqual(drifted);
    expect(await check({ ...v2, '/swagger/v3/openapi.json': ok({ nothing: true }) }).result).toEqual(drifted);
  });

  it('says when no document is served, or none can be read, and why', async () => {
    expect(await check({}).result).toEqual({ kind: 'none-served' });
    expect(
      await check({
        '/swagger/v3/openapi.json': { kind: 'malformed', detail: 'the response is not valid JSON' },
      }).result,
    ).toEqual({
      kind: 'unreadable',
      reason: '/swagger/v3/openapi.json: bad response: the response is not valid JSON',
    });
    expect(await check({ '/swagger/v2/swagger.json': ok([]) }).result).toEqual({
      kind: 'unreadable',
      reason: '/swagger/v2/swagger.json: not a JSON object',
    });
    expect(await check({ '/swagger/v3/openapi.json': httpError(500) }).result).toEqual({
      kind: 'unreadable',
      reason: '/swagger/v3/openapi.json: HTTP 500',
    });
  });

  it('gives up quietly when cancelled', async () => {
    expect(await check({ '/swagger/v3/openapi.json': { kind: 'aborted' } }).result).toBeNull();
  });
});
