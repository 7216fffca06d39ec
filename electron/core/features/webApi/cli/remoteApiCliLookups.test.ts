import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SIMULATOR_API_KEY,
  startWebApiSimulator,
  type RunningWebApiSimulator,
} from '../../../../simulator/webApi/webApiSimulator';
import { createRequestRouter } from '../../../platform/router/requestRouter';
import { silentLogger } from '../../../platform/log/logger';
import { createHttpClient } from '../../../platform/net/httpClient';
import { stubHandlers } from '../../../tools/testkit/stubHandlers';
import { openTestFeatureContext } from '../../../tools/testkit/testFeatureContext';
import { runApiCli } from './apiCli';
import { createWebApiFeature, type WebApiFeature } from '../webApiFeature';
import { primaryUsesKey, remoteApiCliLookups } from './remoteApiCliLookups';
import { routerRemoteCore } from '../../../tools/testkit/remote/routerRemoteCore';

let simulator: RunningWebApiSimulator;
let primaryDir: string;
let primary: WebApiFeature;
const http = createHttpClient();

beforeAll(async () => {
  // The web API knows the primary's key only.
  simulator = await startWebApiSimulator({ keys: [SIMULATOR_API_KEY] });
  primaryDir = await mkdtemp(join(tmpdir(), 'sightline-remote-api-'));
  primary = createWebApiFeature(await openTestFeatureContext({ dataDir: primaryDir, http }), {
    keyStorage: { kind: 'plain-file', file: join(primaryDir, 'web-api-key') },
    environment: { apiKey: SIMULATOR_API_KEY, hostTemplate: simulator.baseTemplate },
    createdByDesk: async () => false,
  });
});
afterAll(async () => {
  await primary.stop?.();
  http.close();
  await simulator.close();
  await rm(primaryDir, { recursive: true, force: true });
});

const remoteOfPrimary = () =>
  routerRemoteCore(createRequestRouter(stubHandlers(primary.handlers), silentLogger));

describe('sightline api through the running Sightline', () => {
  it('looks up with the primary key when the command has none of its own, and the key never crosses', async () => {
    const remote = remoteOfPrimary();
    expect(await primaryUsesKey(remote, null)).toBe(true);
    const out: string[] = [];
    const err: string[] = [];
    const code = await runApiCli(['account', 'Brightwater#NA1', '--region', 'americas'], {
      lookups: remoteApiCliLookups(remote),
      version: 'v5',
      out: (line) => out.push(line),
      err: (line) => err.push(line),
    });
    expect({ code, err }).toEqual({ code: 0, err: [] });
    expect(JSON.parse(out[0] ?? '{}')).toMatchObject({ gameName: 'Brightwater', tagLine: 'NA1' });
    expect(simulator.control.requests().map((request) => request.auth)).toEqual(['header']);
    expect(remote.requests.map((request) => request.channel)).toEqual(['webApi.service.call']);
  });

  it('hands the lookups over for the same key only, by fingerprint, and keeps them here for another key', async () => {
    const remote = remoteOfPrimary();
    expect(await primaryUsesKey(remote, ` ${SIMULATOR_API_KEY} `)).toBe(true);
    expect(await primaryUsesKey(remote, 'RGAPI-00000000-0000-0000-0000-000000000000')).toBe(false);
    expect(JSON.stringify(remote.requests)).not.toContain(SIMULATOR_API_KEY);
    expect(remote.requests.map((request) => request.channel)).toEqual([
      'webApi.key.sameAs',
      'webApi.key.sameAs',
    ]);
    // A primary that cannot say (an older one, without the channel): the work stays here.
    const older = routerRemoteCore(createRequestRouter(stubHandlers({}), silentLogger));
    expect(await primaryUsesKey(older, SIMULATOR_API_KEY)).toBe(false);
  });

  it('refuses a call outside the whitelist or with arguments of the wrong kind before anything is sent', async () => {
    simulator.control.reset();
    const remote = remoteOfPrimary();
    const outside = { method: 'signedInAccount', accessToken: 'x', region: 'americas' };
    await expect(
      remote.request(
        'webApi.service.call',
        outside as unknown as { method: 'match'; matchId: string; routing: string },
      ),
    ).rejects.toMatchObject({ error: { code: 'bad-input' } });
    await expect(
      remote.request('webApi.service.call', {
        method: 'match',
        matchId: 'NA1_1',
        routing: 'x'.repeat(2000),
      }),
    ).rejects.toMatchObject({ error: { code: 'bad-input' } });
    expect(simulator.control.requests()).toEqual([]);
  });
});
