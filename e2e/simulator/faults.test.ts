import { afterEach, describe, expect, it } from 'vitest';
import { startSimulator } from './index';
import type { RunningSimulator } from './index';
import { failureCode, fetchJson, fetchRaw, smallScenario } from './simulatorTestKit';

let sim: RunningSimulator | undefined;
afterEach(async () => {
  await sim?.close();
  sim = undefined;
});

/** In game (game time 5) with every service up; timeScale 10 makes a slow body take 300 ms. */
async function inGame(overrides: Parameters<typeof smallScenario>[0] = {}): Promise<RunningSimulator> {
  sim = await startSimulator({ scenario: smallScenario(overrides), now: () => 0 });
  await sim.control.advance(8);
  return sim;
}

describe('faults on the wire', () => {
  it('refused closes the port and re-listens on the same port when cleared', async () => {
    const s = await inGame();
    const url = `${s.urls.card}/game-result`;
    expect(await failureCode(url)).toBe('ok');
    await s.control.setFault('card', 'refused');
    expect(await failureCode(url)).toBe('ECONNREFUSED');
    await s.control.setFault('card', null);
    expect(await failureCode(url)).toBe('ok');
  });

  it('not-found-loading answers the loading 404 even in game', async () => {
    const s = await inGame();
    await s.control.setFault('live', 'not-found-loading');
    const { status, json } = await fetchJson(`${s.urls.live}/liveclientdata/gamestats`, { ca: s.caPem });
    expect(status).toBe(404);
    expect(json).toMatchObject({ errorCode: 'RESOURCE_NOT_FOUND', httpStatus: 404 });
  });

  it('server-error answers 500 and does not apply a POST', async () => {
    const s = await inGame();
    await s.control.setFault('replay', 'server-error');
    const result = await fetchRaw(`${s.urls.replay}/replay/playback`, {
      ca: s.caPem,
      body: { paused: true },
    });
    expect(result.status).toBe(500);
    expect(s.control.state().replay.playback?.paused).toBe(false);
  });

  it('hang accepts the request and never answers', async () => {
    const s = await inGame();
    await s.control.setFault('card', 'hang');
    expect(await failureCode(`${s.urls.card}/positional-rectangles`, { timeoutMs: 300 })).toBe('timeout');
    expect(s.control.requests().card['/positional-rectangles']?.count).toBe(1);
  });

  it('slow-body sends the headers at once and drips the body over seconds (scaled)', async () => {
    const s = await inGame();
    await s.control.setFault('live', 'slow-body');
    const result = await fetchRaw(`${s.urls.live}/liveclientdata/playerlist`, { ca: s.caPem });
    expect(result.status).toBe(200);
    expect(result.totalMs - result.headersMs).toBeGreaterThan(200); // 3 scenario s / timeScale 10
    expect(JSON.parse(result.body)).toHaveLength(10);
  });

  it('malformed-json answers 200 with a body that is not JSON', async () => {
    const s = await inGame();
    await s.control.setFault('card', 'malformed-json');
    const result = await fetchRaw(`${s.urls.card}/positional-rectangles`);
    expect(result.status).toBe(200);
    expect(result.headers['content-type']).toContain('application/json');
    expect(() => JSON.parse(result.body)).toThrow();
  });

  it('truncated-body promises more than it sends, then ends the connection', async () => {
    const s = await inGame();
    await s.control.setFault('live', 'truncated-body');
    expect(await failureCode(`${s.urls.live}/liveclientdata/allgamedata`, { ca: s.caPem })).toBe(
      'response aborted',
    );
    await s.control.setFault('card', 'truncated-body');
    expect(await failureCode(`${s.urls.card}/static-decklist`)).toBe('response aborted');
  });

  it('unknown-ca presents a certificate from an unrelated CA on the replay port too', async () => {
    const s = await inGame();
    await s.control.setFault('replay', 'unknown-ca');
    expect(await failureCode(`${s.urls.replay}/replay/playback`, { ca: s.caPem })).toMatch(
      /SELF_SIGNED|UNABLE_TO_VERIFY/,
    );
    await expect(s.control.setFault('card', 'unknown-ca')).rejects.toThrow(/HTTPS/);
  });

  it('limits a fault to the given paths', async () => {
    const s = await inGame();
    await s.control.setFault('live', 'server-error', ['/liveclientdata/eventdata']);
    expect((await fetchRaw(`${s.urls.live}/liveclientdata/eventdata`, { ca: s.caPem })).status).toBe(500);
    expect((await fetchRaw(`${s.urls.live}/liveclientdata/gamestats`, { ca: s.caPem })).status).toBe(200);
    await expect(s.control.setFault('live', 'refused', ['/liveclientdata/eventdata'])).rejects.toThrow(
      /connection/,
    );
  });

  it('follows the windows of scenario faults', async () => {
    const s = await inGame({
      faults: [
        { service: 'card', from: 10, to: 12, fault: 'server-error' },
        { service: 'live', from: 11, to: 13, fault: 'refused' },
      ],
    });
    const card = `${s.urls.card}/game-result`;
    const live = `${s.urls.live}/liveclientdata/gamestats`;
    expect((await fetchRaw(card)).status).toBe(200);
    await s.control.advance(2.5); // 10.5
    expect((await fetchRaw(card)).status).toBe(500);
    expect(await failureCode(live, { ca: s.caPem })).toBe('ok');
    await s.control.advance(1); // 11.5
    expect(await failureCode(live, { ca: s.caPem })).toBe('ECONNREFUSED');
    expect(s.control.state().faults.live).toBe('refused');
    await s.control.advance(2); // 13.5
    expect((await fetchRaw(card)).status).toBe(200);
    expect(await failureCode(live, { ca: s.caPem })).toBe('ok');
  });
});
