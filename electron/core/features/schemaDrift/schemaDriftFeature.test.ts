import { describe, expect, it } from 'vitest';
import { initialAppState, type AppState } from '@shared/contract';
import { StateHub } from '../../platform/hub/stateHub';
import { createLogger } from '../../platform/log/logger';
import type { HttpOutcome } from '../../platform/net/httpExchange';
import { reportSourceStatus } from '../../platform/sources/sourceStatus';
import { createScriptedHttpClient, httpError, ok } from '../../tools/testkit/scriptedHttpClient';
import { createSchemaDriftWatcher } from './schemaDriftFeature';
import type { SchemaExpectations } from './schemaExpectations';

const EXPECTATIONS: SchemaExpectations = {
  note: '',
  operations: [
    {
      source: 'live',
      method: 'get',
      path: '/liveclientdata/gamestats',
      response: { type: ['object'], properties: { gameTime: ['number'], mapNumber: ['integer'] } },
    },
  ],
};

const document = (mapNumber: object | null) => ({
  openapi: '3.0.0',
  paths: {
    '/liveclientdata/gamestats': {
      get: {
        responses: {
          '200': {
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: { gameTime: { type: 'number' }, ...(mapNumber ? { mapNumber } : {}) },
                },
              },
            },
          },
        },
      },
    },
  },
});

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function setup(answer: () => HttpOutcome) {
  const hub = new StateHub<AppState>(initialAppState(0));
  const lines: string[] = [];
  const { client, requests } = createScriptedHttpClient((path) =>
    path === '/swagger/v3/openapi.json' ? answer() : httpError(404),
  );
  const watcher = createSchemaDriftWatcher({
    http: client,
    hub,
    logger: createLogger((line) => lines.push(line)),
    baseUrl: (source) => `https://${source}.test`,
    expectations: EXPECTATIONS,
  });
  const report = (state: 'connected' | 'waiting' | 'not-running' | 'error', reason: string | null = null) =>
    reportSourceStatus(hub, 'live', state, reason, 1);
  const documentRequests = () => requests.filter((request) => request.url.includes('/swagger/')).length;
  return { hub, lines, watcher, report, documentRequests };
}

describe('createSchemaDriftWatcher', () => {
  it('checks once when the client connects, not on every poll, and again after it restarts', async () => {
    const { hub, lines, watcher, report, documentRequests } = setup(() => ok(document({ type: 'integer' })));
    report('waiting', 'loading screen');
    await settle();
    expect(documentRequests()).toBe(0);

    report('connected');
    await settle();
    expect(hub.state.sources.live.schema).toEqual({ kind: 'matches' });
    report('error', 'event list: no answer in time');
    report('connected');
    await settle();
    expect(documentRequests()).toBe(1);
    expect(lines.map((line) => JSON.parse(line).message)).toEqual(['live client schema: matches']);

    report('not-running');
    expect(hub.state.sources.live.schema).toBeUndefined();
    report('connected');
    await settle();
    expect(documentRequests()).toBe(2);
    watcher.stop();
  });

  it('shows and logs drifts in one line, and keeps them while the client runs', async () => {
    const { hub, lines, report } = setup(() => ok(document({ type: 'string' })));
    report('connected');
    await settle();
    expect(hub.state.sources.live.schema).toEqual({
      kind: 'drifts',
      drifts: [
        {
          path: '/liveclientdata/gamestats',
          method: null,
          property: 'mapNumber',
          change: 'retyped',
          now: 'string',
          seenIn: 'document',
        },
      ],
    });
    report('connected', 'spectator mode');
    expect(hub.state.sources.live.schema?.kind).toBe('drifts');
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0] ?? '{}')).toMatchObject({
      level: 'warn',
      message:
        'live client schema: 1 drift: /liveclientdata/gamestats: mapNumber is now a string in the document',
      source: 'live',
    });
  });

  it('says once that no document is served', async () => {
    const { hub, lines, report } = setup(() => httpError(404));
    report('connected');
    await settle();
    expect(hub.state.sources.live.schema).toEqual({ kind: 'none-served' });
    expect(lines.map((line) => JSON.parse(line).message)).toEqual(['live client schema: none served']);
  });

  it('drops a check whose client went away before it finished', async () => {
    let answer: (outcome: HttpOutcome) => void = () => undefined;
    const hub = new StateHub<AppState>(initialAppState(0));
    createSchemaDriftWatcher({
      http: {
        send: (request) =>
          new Promise((resolve) => {
            answer = resolve;
            request.signal?.addEventListener('abort', () => resolve({ kind: 'aborted' }));
          }),
        close: () => undefined,
      },
      hub,
      logger: createLogger(() => undefined),
      baseUrl: () => 'https://live.test',
      expectations: EXPECTATIONS,
    });
    reportSourceStatus(hub, 'live', 'connected', null, 1);
    reportSourceStatus(hub, 'live', 'not-running', null, 2);
    answer(ok(document({ type: 'integer' })));
    await settle();
    expect(hub.state.sources.live.schema).toBeUndefined();
  });
});
