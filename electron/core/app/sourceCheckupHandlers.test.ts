import { describe, expect, it } from 'vitest';
import { initialAppState, type AppState, type SchemaCheck, type SourceStatus } from '@shared/contract';
import { StateHub } from '../platform/hub/stateHub';
import { createSourceCheckupHandlers } from './sourceCheckupHandlers';

const URLS = {
  live: 'https://127.0.0.1:2999',
  replay: 'https://127.0.0.1:2999',
  card: 'http://127.0.0.1:21337',
};

function primaryWith(sources: Partial<AppState['sources']>) {
  const hub = new StateHub<AppState>(initialAppState(0));
  hub.set('sources', { ...hub.state.sources, ...sources });
  return { hub, handlers: createSourceCheckupHandlers({ hub, urls: () => URLS, timeoutMs: 200 }) };
}

const connected = (reason: string | null, schema?: SourceStatus['schema']): SourceStatus => ({
  state: 'connected',
  reason,
  since: 5,
  ...(schema ? { schema } : {}),
});

describe('sources.checkup: doctor answered by the running Sightline', () => {
  it('reports what its watchers and drift check found, each source as doctor alone would', async () => {
    const drifts: SchemaCheck = {
      kind: 'drifts',
      drifts: [
        { path: '/replay/render', method: null, property: 'fov', change: 'missing', seenIn: 'response' },
      ],
    };
    const { handlers } = primaryWith({
      live: connected(null, { kind: 'matches' }),
      replay: connected(null, drifts),
      card: connected('in menus', { kind: 'none-served' }),
    });
    expect(await handlers['sources.checkup']({})).toEqual({
      live: { status: connected(null), schema: { kind: 'matches' } },
      replay: { status: connected(null), schema: drifts },
      card: { status: connected('in menus'), schema: null },
    });
    expect(await handlers['sources.clients']({})).toEqual(URLS);
  });

  it('waits for the description check of a source that just connected, and reports none after its time', async () => {
    const { hub, handlers } = primaryWith({ live: connected(null) });
    const pending = handlers['sources.checkup']({});
    hub.set('sources', { ...hub.state.sources, live: connected(null, { kind: 'matches' }) });
    expect((await pending).live).toEqual({ status: connected(null), schema: { kind: 'matches' } });

    const unchecked = primaryWith({ replay: connected(null) });
    const findings = await unchecked.handlers['sources.checkup']({});
    expect(findings.replay).toEqual({ status: connected(null), schema: null });
    expect(findings.live).toEqual({ status: { state: 'not-running', reason: null, since: 0 }, schema: null });
  });
});
