import { afterEach, describe, expect, it } from 'vitest';
import { startSimulator } from './index';
import type { RunningSimulator, SimulatorOptions } from './index';
import { failureCode, fetchJson, smallScenario } from './simulatorTestKit';

// The arena client's one port: live data and the replay API from one process, as on 2999.

let sim: RunningSimulator | undefined;
afterEach(async () => {
  await sim?.close();
  sim = undefined;
});

async function start(
  overrides: Parameters<typeof smallScenario>[0] = {},
  options: Partial<SimulatorOptions> = {},
): Promise<RunningSimulator> {
  sim = await startSimulator({ scenario: smallScenario(overrides), now: () => 0, ...options });
  return sim;
}

type Json = Record<string, unknown>;

describe('the live data and replay APIs on one port', () => {
  it('is the default: both answer on the live URL, and each service counts its own requests', async () => {
    const s = await start();
    await s.control.advance(8);
    expect(s.urls.replay).toBe(s.urls.live);
    expect(s.ports.replay).toBe(s.ports.live);
    expect((await fetchJson(`${s.urls.live}/liveclientdata/gamestats`, { ca: s.caPem })).status).toBe(200);
    expect((await fetchJson(`${s.urls.live}/replay/playback`, { ca: s.caPem })).json).toMatchObject({
      time: 8,
    });
    const requests = s.control.requests();
    expect(Object.keys(requests.live)).toEqual(['/liveclientdata/gamestats']);
    expect(Object.keys(requests.replay)).toEqual(['/replay/playback']);
    expect(s.control.state().replay.listening).toBe(true);
  });

  it('opens and closes with the game process; without a replay, /replay/* answers 404 as a live game does', async () => {
    const s = await start({ replay: { enabled: true, length: 600, absent: [{ from: 8, to: 12 }] } });
    // The replay "runs" from 0, but the game process only appears at 1 s.
    expect(await failureCode(`${s.urls.replay}/replay/playback`, { ca: s.caPem })).toBe('ECONNREFUSED');
    await s.control.advance(9);
    expect((await fetchJson(`${s.urls.live}/liveclientdata/gamestats`, { ca: s.caPem })).status).toBe(200);
    expect(await fetchJson(`${s.urls.replay}/replay/playback`, { ca: s.caPem })).toMatchObject({
      status: 404,
      json: { errorCode: 'RESOURCE_NOT_FOUND' },
    });
    await s.control.advance(40); // past GameEnd + 5 s: the process is gone, the replay with it
    expect(await failureCode(`${s.urls.replay}/replay/playback`, { ca: s.caPem })).toBe('ECONNREFUSED');
  });

  it('is opened by the replay when the scenario has no live game', async () => {
    const { live: _live, ...withoutLive } = smallScenario();
    sim = await startSimulator({ scenario: withoutLive, now: () => 0 });
    const { status, json } = await fetchJson(`${sim.urls.replay}/replay/playback`, { ca: sim.caPem });
    expect(status).toBe(200);
    expect(json).toMatchObject({ time: 0 });
    expect((await fetchJson(`${sim.urls.live}/liveclientdata/gamestats`, { ca: sim.caPem })).status).toBe(
      404,
    );
  });

  it('takes connection faults of either service on the shared port, request faults per service', async () => {
    const s = await start();
    await s.control.advance(8);
    const gamestats = `${s.urls.live}/liveclientdata/gamestats`;
    await s.control.setFault('replay', 'server-error');
    expect((await fetchJson(`${s.urls.replay}/replay/playback`, { ca: s.caPem })).status).toBe(500);
    expect((await fetchJson(gamestats, { ca: s.caPem })).status).toBe(200);
    await s.control.setFault('replay', 'refused');
    expect(await failureCode(gamestats, { ca: s.caPem })).toBe('ECONNREFUSED');
    await s.control.setFault('replay', null);
    expect(await failureCode(gamestats, { ca: s.caPem })).toBe('ok');
  });

  it('describes both APIs in one document', async () => {
    const s = await start();
    await s.control.advance(8);
    for (const path of ['/swagger/v3/openapi.json', '/swagger/v2/swagger.json']) {
      const { json } = await fetchJson(`${s.urls.live}${path}`, { ca: s.caPem });
      const paths = Object.keys((json as { paths: Json }).paths);
      expect(paths).toContain('/liveclientdata/gamestats');
      expect(paths).toContain('/replay/playback');
    }
  });

  it('splits when the replay API is given a port of its own', async () => {
    const s = await start({}, { replayPort: 0 });
    await s.control.advance(8);
    expect(s.urls.replay).not.toBe(s.urls.live);
    await s.control.setFault('replay', 'refused');
    expect(await failureCode(`${s.urls.replay}/replay/playback`, { ca: s.caPem })).toBe('ECONNREFUSED');
    expect(await failureCode(`${s.urls.live}/liveclientdata/gamestats`, { ca: s.caPem })).toBe('ok');
    expect((await fetchJson(`${s.urls.live}/replay/playback`, { ca: s.caPem })).status).toBe(404);
  });
});
