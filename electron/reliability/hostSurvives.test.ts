import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve } from '../core/app/serve/serve';
import { LOG_FILE_NAME } from '../core/platform/log/logFile';
import { SIGN_ON_CALLBACK_PATH } from '../../shared/contract';
import { faultMatrixScenario } from './faultMatrixScenario';
import { answers, startSimulatedWorld, type SimulatedWorld } from './simulatedWorld';

// What the audit of issue 24 did to the real host (`sightline serve`, in process, pointed at the simulated
// world), each of which once ended the process: the host must answer afterwards, with nothing escaping.

const paths = {
  serve,
  rendererDir: fileURLToPath(new URL('../../renderer', import.meta.url)),
  resourcesDir: fileURLToPath(new URL('../../resources', import.meta.url)),
};

/** A portrait the overlays show, from the Data Dragon version the simulated realm runs. */
const PORTRAIT = '/static-data/arena/cdn/14.1.1/img/champion/Ahri.png';

describe('the real host lives through', () => {
  let world: SimulatedWorld;
  beforeAll(async () => {
    world = await startSimulatedWorld({ scenario: faultMatrixScenario(), ...paths });
  }, 60_000);
  afterAll(async () => {
    await world?.stop();
  });

  const hostUrl = (path: string): string => world.core.host.url(path, 'overlay');

  it('48 parallel GETs of an overlay image while the arena cache is cleared, five times over', async () => {
    const statuses: number[] = [];
    for (let round = 0; round < 5; round += 1) {
      // Cached first (the host fetches a missing image into the cache), as an open OBS scene has it.
      expect((await fetch(hostUrl(PORTRAIT))).status).toBe(200);
      const loads = Array.from({ length: 48 }, async () => {
        const response = await fetch(hostUrl(PORTRAIT), { signal: AbortSignal.timeout(10_000) });
        await response.arrayBuffer();
        return response.status;
      });
      const cleared = world.core.router('staticData.clear', { scope: 'arena' });
      statuses.push(...(await Promise.all(loads)));
      expect(await cleared).toMatchObject({ ok: true });
    }
    expect(world.escaped.map(String)).toEqual([]);
    expect(statuses.every((status) => status === 200 || status === 404)).toBe(true);
    expect(await answers(world.core.host.url('/'))).toBe(true);
  }, 60_000);

  it('a web API answer that counts 200000000 calls in the second (X-App-Rate-Limit-Count: 200000000:1,1:120)', async () => {
    const lookup = { riotId: 'Quiet Lantern#EUW', region: 'europe' } as const;
    world.webApi.control.overrideHeadersNext({ 'X-App-Rate-Limit-Count': '200000000:1,1:120' });
    expect(await world.core.router('webApi.account.byRiotId', lookup)).toMatchObject({ ok: true });
    // The window that answer called full frees after its second: the next lookup goes then.
    expect(await world.core.router('webApi.account.byRiotId', lookup)).toMatchObject({ ok: true });
    expect(world.escaped.map(String)).toEqual([]);
    expect(await answers(world.core.host.url('/'))).toBe(true);
  }, 30_000);

  it('2,000 GETs of the sign-on callback with a state it never made add a few lines to sightline.log, not 200 KB', async () => {
    const logFile = join(world.dataDir, LOG_FILE_NAME);
    const before = (await stat(logFile)).size;
    const callback = `http://127.0.0.1:${world.core.host.port}${SIGN_ON_CALLBACK_PATH}?state=x`;
    const statuses: number[] = [];
    for (let batch = 0; batch < 40; batch += 1) {
      const answered = Array.from({ length: 50 }, async () => {
        const response = await fetch(callback);
        await response.arrayBuffer();
        return response.status;
      });
      statuses.push(...(await Promise.all(answered)));
    }
    expect(statuses).toHaveLength(2000);
    expect(statuses.every((status) => status === 400)).toBe(true);
    const added = (await stat(logFile)).size - before;
    expect(added).toBeLessThan(4096);
    expect(await answers(world.core.host.url('/'))).toBe(true);
  }, 60_000);
});
