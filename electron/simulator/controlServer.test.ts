import { afterEach, describe, expect, it } from 'vitest';
import { startSimulator } from './index';
import type { RunningSimulator, SimulatorState } from './index';
import { failureCode, fetchJson, smallScenario } from './simulatorTestKit';

let sim: RunningSimulator | undefined;
afterEach(async () => {
  await sim?.close();
  sim = undefined;
});

describe('control API over HTTP', () => {
  it('advances time, sets and clears faults, and reports state and requests', async () => {
    let nowMs = 5_000;
    sim = await startSimulator({ scenario: smallScenario(), now: () => nowMs });
    const control = (path: string, body?: unknown, method?: string) =>
      fetchJson(`${sim?.urls.control}${path}`, { body, method });

    expect((await control('/advance', { seconds: 8 })).json).toEqual({ ok: true });
    const state = (await control('/state')).json as SimulatorState;
    expect(state.scenarioTime).toBe(8);
    expect(state.live).toEqual({ listening: true, phase: 'in-game', gameTime: 5 });
    expect(state.replay.playback).toMatchObject({ time: 8, paused: false });

    await fetchJson(`${sim.urls.live}/liveclientdata/gamestats`, { ca: sim.caPem });
    nowMs += 500;
    await fetchJson(`${sim.urls.live}/liveclientdata/gamestats`, { ca: sim.caPem });
    const requests = (await control('/requests')).json as SimulatorState['requests'];
    expect(requests.live['/liveclientdata/gamestats']).toEqual({ count: 2, times: [5_000, 5_500] });
    await control('/requests', undefined, 'DELETE');
    expect(sim.control.requests().live).toEqual({});

    await control('/fault', { service: 'live', fault: 'refused' });
    expect(await failureCode(`${sim.urls.live}/liveclientdata/gamestats`, { ca: sim.caPem })).toBe(
      'ECONNREFUSED',
    );
    await control('/fault', { service: 'live', fault: null });
    expect(await failureCode(`${sim.urls.live}/liveclientdata/gamestats`, { ca: sim.caPem })).toBe('ok');

    await control('/restart', {});
    expect(sim.control.state().scenarioTime).toBe(0);
    expect(await failureCode(`${sim.urls.live}/liveclientdata/gamestats`, { ca: sim.caPem })).toBe(
      'ECONNREFUSED',
    );
  });

  it('restarts with a scenario given in the body', async () => {
    sim = await startSimulator({ scenario: smallScenario(), now: () => 0 });
    const result = await fetchJson(`${sim.urls.control}/restart`, {
      body: { scenario: { timeScale: 3, card: {} } },
    });
    expect(result.status).toBe(200);
    expect(sim.control.state()).toMatchObject({
      timeScale: 3,
      live: { phase: 'absent' },
      card: { listening: true },
    });
  });

  it('answers 400 with a clear message on bad input, 404 on unknown routes', async () => {
    sim = await startSimulator({ scenario: smallScenario(), now: () => 0 });
    const post = (path: string, body: unknown) => fetchJson(`${sim?.urls.control}${path}`, { body });
    const badFault = await post('/fault', { service: 'live', fault: 'meteor' });
    expect(badFault.status).toBe(400);
    expect((badFault.json as { error: string }).error).toMatch(/^fault: /);
    expect((await post('/fault', { service: 'card', fault: 'unknown-ca' })).status).toBe(400);
    expect((await post('/advance', { seconds: -1 })).status).toBe(400);
    const badScenario = await post('/restart', { scenario: { timeScale: 0 } });
    expect(badScenario.status).toBe(400);
    expect((badScenario.json as { error: string }).error).toMatch(/timeScale: Too small/);
    expect((await fetchJson(`${sim.urls.control}/nothing`)).status).toBe(404);
  });
});
