import { get as getRaw, type IncomingHttpHeaders } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { startSimulator } from './index';
import type { RunningSimulator } from './index';
import { CLOCK_BACK_SECONDS, OVERSIZE_BODY_BYTES } from './scenario';
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

  it('wrong-shape answers valid JSON in the wrong shape: an object as a list, a list as an object', async () => {
    const s = await inGame();
    await s.control.setFault('live', 'wrong-shape');
    const stats = await fetchJson(`${s.urls.live}/liveclientdata/gamestats`, { ca: s.caPem });
    expect(stats.status).toBe(200);
    expect(Array.isArray(stats.json)).toBe(true);
    const players = await fetchJson(`${s.urls.live}/liveclientdata/playerlist`, { ca: s.caPem });
    expect(players.json).toMatchObject({ items: expect.any(Array) });
  });

  it('reset-mid-body sends half the body, then resets the connection', async () => {
    const s = await inGame();
    await s.control.setFault('card', 'reset-mid-body');
    // The head arrived, so the reset shows as a response cut off mid-body.
    expect(await failureCode(`${s.urls.card}/positional-rectangles`)).toBe('response aborted');
  });

  it('oversize-body streams a 64 MiB document without a length, only as fast as it is read', async () => {
    const s = await inGame();
    await s.control.setFault('card', 'oversize-body');
    const { headers, head, received } = await new Promise<{
      headers: IncomingHttpHeaders;
      head: string;
      received: number;
    }>((resolve, reject) => {
      getRaw(`${s.urls.card}/positional-rectangles`, (res) => {
        let received = 0;
        let head = '';
        res.on('data', (chunk: Buffer) => {
          if (head === '') head = chunk.subarray(0, 12).toString();
          received += chunk.length;
          // A client with a 2 MiB cap hangs up here.
          if (received > 2 * 1024 * 1024) {
            res.destroy();
            resolve({ headers: res.headers, head, received });
          }
        });
      }).on('error', reject);
    });
    expect(headers['content-length']).toBeUndefined();
    expect(head).toBe('{"padding":"');
    expect(received).toBeLessThan(OVERSIZE_BODY_BYTES);
  });

  it('clock-back sets the live game clock a minute back while it lasts', async () => {
    // A game that lasts past game time 100, so a minute back is still in it.
    const { live } = smallScenario();
    const longGame = live && {
      ...live,
      events: live.events.map((event) =>
        event.EventName === 'GameEnd' ? { ...event, EventTime: 900 } : event,
      ),
    };
    const s = await inGame({ live: longGame });
    await s.control.advance(100);
    const gameTime = async () => {
      const { json } = await fetchJson(`${s.urls.live}/liveclientdata/gamestats`, { ca: s.caPem });
      return (json as { gameTime: number }).gameTime;
    };
    const before = await gameTime();
    await s.control.setFault('live', 'clock-back');
    expect(await gameTime()).toBeCloseTo(before - CLOCK_BACK_SECONDS, 3);
    await s.control.setFault('live', null);
    expect(await gameTime()).toBeCloseTo(before, 3);
    await expect(s.control.setFault('card', 'clock-back')).rejects.toThrow(/live game/);
  });

  it('client-restart closes the port while it lasts, and the card client counts GameID from its start again', async () => {
    const s = await inGame({
      card: { timeline: [{ at: 1, kind: 'result', LocalPlayerWon: true, GameID: 6 }] },
    });
    const gameId = async () => {
      const { json } = await fetchJson(`${s.urls.card}/game-result`);
      return (json as { GameID: number }).GameID;
    };
    expect(await gameId()).toBe(6);
    await s.control.setFault('card', 'client-restart');
    expect(await failureCode(`${s.urls.card}/game-result`)).toBe('ECONNREFUSED');
    await s.control.setFault('card', null);
    expect(await gameId()).toBe(0);
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
