import { describe, expect, it } from 'vitest';
import type { HttpClient } from '../../platform/net/httpClient';
import type { HttpOutcome, HttpRequest } from '../../platform/net/httpExchange';
import { createScriptedHttpClient, httpError, ok } from '../../tools/testkit/scriptedHttpClient';
import { createReplayClient, REPLAY_API_DISABLED } from './replayClient';

const BASE = 'https://127.0.0.1:2999';
const PLAYBACK = { paused: false, seeking: false, time: 100, speed: 1, length: 600 };

/** A client over a scripted transport; `answer` gets the path and the request. */
function setup(answer: (path: string, request: HttpRequest) => HttpOutcome, now = () => 5000) {
  const { client: http, requests } = createScriptedHttpClient(answer);
  const client = createReplayClient({ http, baseUrl: () => BASE, now });
  const posts = () => requests.filter((request) => request.method === 'POST').map((request) => request.json);
  return { client, requests, posts };
}

/** Answers GETs from `resources` and echoes POSTs merged into them, like the game. */
function fakeGame(resources: Record<string, Record<string, unknown>>) {
  return (path: string, request: HttpRequest): HttpOutcome => {
    const resource = resources[path];
    if (!resource) return httpError(404, { message: 'no such resource' });
    if (request.method === 'POST') Object.assign(resource, request.json);
    return ok({ ...resource });
  };
}

describe('reads', () => {
  it('parses a resource with one GET and ignores fields it does not know', async () => {
    const { client, requests } = setup(() => ok({ ...PLAYBACK, replayOfTheWeek: true }));
    expect(await client.playback()).toEqual({ ok: true, value: PLAYBACK });
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ method: 'GET', url: `${BASE}/replay/playback` });
  });

  it('stamps each playback read so its time can be extrapolated', async () => {
    const { client } = setup(
      () => ok(PLAYBACK),
      () => 1234,
    );
    expect(client.lastPlayback()).toBeNull();
    await client.playback();
    expect(client.lastPlayback()).toEqual({ playback: PLAYBACK, sampledAt: 1234 });
  });

  it('reports a response of the wrong shape as a value, naming the field', async () => {
    const { client } = setup(() => ok({ paused: 'no', time: 1, speed: 1, length: 2 }));
    const result = await client.playback();
    expect(result).toMatchObject({ ok: false, error: { kind: 'bad-response' } });
    expect(!result.ok && result.error.message).toContain('/replay/playback response at paused');
  });
});

describe('writes send only what changed', () => {
  it('posts every given field when nothing is known yet', async () => {
    const { client, posts } = setup(fakeGame({ '/replay/render': { fogOfWar: true, fieldOfView: 45 } }));
    await client.setRender({ fogOfWar: true, fieldOfView: 60 });
    expect(posts()).toEqual([{ fogOfWar: true, fieldOfView: 60 }]);
  });

  it('diffs against the last known resource, deeply, and sends nothing when nothing changed', async () => {
    const render = { fogOfWar: true, cameraPosition: { x: 1, y: 2, z: 3 }, fieldOfView: 45 };
    const { client, posts, requests } = setup(fakeGame({ '/replay/render': { ...render } }));
    await client.render();

    const changed = await client.setRender({ fogOfWar: true, cameraPosition: { x: 1, y: 2, z: 4 } });
    expect(posts()).toEqual([{ cameraPosition: { x: 1, y: 2, z: 4 } }]);
    expect(changed).toEqual({ ok: true, value: { ...render, cameraPosition: { x: 1, y: 2, z: 4 } } });

    const count = requests.length;
    const same = await client.setRender({ cameraPosition: { x: 1, y: 2, z: 4 }, fieldOfView: 45 });
    expect(requests.length).toBe(count);
    expect(same).toEqual(changed);
  });

  it('asks again when a read was on its way during a write, so the command is neither undone nor skipped', async () => {
    // The game answers a GET with the render as it was when the GET arrived; this one is held back.
    const render = { fogOfWar: true, fieldOfView: 45 };
    let release = (): void => undefined;
    const requests: HttpRequest[] = [];
    const http: HttpClient = {
      async send(request) {
        requests.push(request);
        if (request.method === 'POST') {
          Object.assign(render, request.json);
          return ok({ ...render });
        }
        const snapshot = { ...render };
        if (requests.length === 1) await new Promise<void>((resolve) => (release = resolve));
        return ok(snapshot);
      },
      close: () => undefined,
    };
    const client = createReplayClient({ http, baseUrl: () => BASE });
    const polled = client.render();
    expect(await client.setRender({ fogOfWar: false })).toMatchObject({ value: { fogOfWar: false } });
    release();
    expect(await polled).toMatchObject({ ok: true, value: { fogOfWar: false } });
    expect(requests.map((request) => request.method)).toEqual(['GET', 'POST', 'GET']);

    await client.setRender({ fogOfWar: true });
    expect(requests.at(-1)).toMatchObject({ method: 'POST', json: { fogOfWar: true } });
    expect(render.fogOfWar).toBe(true);
  });

  it('reads the resource instead of posting an empty patch when nothing is known', async () => {
    const { client, requests } = setup(fakeGame({ '/replay/particles': { Ward_Vision_Idle: true } }));
    expect(await client.setParticles({})).toEqual({ ok: true, value: { Ward_Vision_Idle: true } });
    expect(requests.map((request) => request.method)).toEqual(['GET']);
  });

  it('always sends a seek while the replay plays, since the time read last is already stale', async () => {
    const { client, posts } = setup(fakeGame({ '/replay/playback': { ...PLAYBACK } }));
    await client.playback();
    await client.setPlayback({ time: 100, paused: false });
    expect(posts()).toEqual([{ time: 100 }]);
  });

  it('skips a seek to the time a paused replay already shows', async () => {
    const { client, posts } = setup(fakeGame({ '/replay/playback': { ...PLAYBACK, paused: true } }));
    await client.playback();
    expect(await client.setPlayback({ time: 100, paused: true })).toMatchObject({ ok: true });
    expect(posts()).toEqual([]);
    await client.setPlayback({ time: 200 });
    expect(posts()).toEqual([{ time: 200 }]);
  });

  it('sends everything again after forget()', async () => {
    const { client, posts } = setup(fakeGame({ '/replay/render': { fogOfWar: false } }));
    await client.render();
    client.forget();
    await client.setRender({ fogOfWar: false });
    expect(posts()).toEqual([{ fogOfWar: false }]);
  });

  it('reads the resource back when a POST answers without a body', async () => {
    const { client, requests } = setup((_path, request) =>
      request.method === 'POST' ? ok(null) : ok(PLAYBACK),
    );
    expect(await client.setPlayback({ speed: 2 })).toEqual({ ok: true, value: PLAYBACK });
    expect(requests.map((request) => request.method)).toEqual(['POST', 'GET']);
  });

  it('always posts a whole sequence, and {} to clear it', async () => {
    const sequence = { fieldOfView: [{ time: 1, value: 40, blend: 'linear' as const }] };
    const { client, posts } = setup((_path, request) => ok(request.json));
    await client.applySequence(sequence);
    await client.applySequence(sequence);
    await client.clearSequence();
    expect(posts()).toEqual([sequence, sequence, {}]);
  });

  it('plays before it starts recording, like League Director', async () => {
    const recording = {
      recording: true,
      codec: 'webm',
      path: 'a.webm',
      startTime: 10,
      endTime: 20,
      currentTime: 10,
      framesPerSecond: 60,
      enforceFrameRate: true,
      replaySpeed: 1,
      width: 1920,
      height: 1080,
    };
    const { client, requests } = setup(
      fakeGame({ '/replay/playback': { ...PLAYBACK, paused: true }, '/replay/recording': recording }),
    );
    const start = {
      codec: 'webm' as const,
      path: 'a.webm',
      startTime: 10,
      endTime: 20,
      framesPerSecond: 60,
      enforceFrameRate: true,
      lossless: true,
    };
    expect(await client.startRecording(start)).toEqual({
      ok: true,
      value: { ...recording, lossless: true },
    });
    expect(requests.map((request) => [request.method, new URL(request.url).pathname, request.json])).toEqual([
      ['POST', '/replay/playback', { paused: false }],
      ['POST', '/replay/recording', { ...start, recording: true }],
    ]);
  });
});

describe('errors are values that say what to do', () => {
  const failureOf = async (answer: (path: string) => HttpOutcome) => {
    const result = await setup(answer).client.render();
    if (result.ok) throw new Error('expected a failure');
    return result.error;
  };

  it('port closed: no game or replay running', async () => {
    expect(await failureOf(() => ({ kind: 'refused' }))).toEqual({
      kind: 'not-running',
      message: 'no game or replay running',
    });
  });

  it('every /replay path 404 and no local player: the API is disabled', async () => {
    const error = await failureOf((path) =>
      path === '/liveclientdata/activeplayer'
        ? ok({ error: 'This feature is not supported in spectator mode' })
        : httpError(404),
    );
    expect(error).toEqual({ kind: 'api-disabled', message: REPLAY_API_DISABLED });
  });

  it('a local player answers: a live game, not a replay', async () => {
    const error = await failureOf((path) =>
      path === '/liveclientdata/activeplayer' ? ok({ level: 3, currentGold: 500 }) : httpError(404),
    );
    expect(error.kind).toBe('live-game');
    expect(error.message).toMatch(/live game/);
  });

  it('only this resource is missing: an older game, not a disabled API', async () => {
    const { client } = setup((path) => (path === '/replay/game' ? ok({ processID: 4 }) : httpError(404)));
    expect(await client.particles()).toEqual({
      ok: false,
      error: { kind: 'unsupported', message: 'this game version has no /replay/particles (an older patch?)' },
    });
  });

  it('a refused write carries the game message', async () => {
    const { client } = setup(() =>
      httpError(400, { errorCode: 'BAD_REQUEST', message: 'endTime must be after startTime' }),
    );
    expect(await client.stopRecording()).toEqual({
      ok: false,
      error: {
        kind: 'rejected',
        message: 'the replay refused /replay/recording: endTime must be after startTime',
      },
    });
  });

  it('quotes at most 200 characters of the game message (found by the fuzz: a huge one was quoted whole)', async () => {
    const { client } = setup(() => httpError(400, { message: 'Resource not found'.repeat(2000) }));
    const result = await client.stopRecording();
    expect(result.ok || result.error.message).toBe(
      `the replay refused /replay/recording: ${'Resource not found'.repeat(2000).slice(0, 200)}`,
    );
  });

  it('server errors, timeouts, bad bodies and certificates each get their own kind', async () => {
    expect((await failureOf(() => httpError(500, { message: 'Internal server error' }))).kind).toBe(
      'unreachable',
    );
    expect(await failureOf(() => ({ kind: 'timeout' }))).toEqual({
      kind: 'unreachable',
      message: 'the replay API did not answer: no answer in time',
    });
    expect(
      (await failureOf(() => ({ kind: 'malformed', detail: 'the response is not valid JSON' }))).kind,
    ).toBe('bad-response');
    expect(
      await failureOf(() => ({ kind: 'untrusted-certificate', detail: 'SELF_SIGNED_CERT_IN_CHAIN' })),
    ).toEqual({
      kind: 'untrusted-certificate',
      message: "the game's certificate is not trusted (SELF_SIGNED_CERT_IN_CHAIN)",
    });
  });

  it('asks the live data API at its own address when one is given', async () => {
    const { client: http, requests } = createScriptedHttpClient(() => httpError(404));
    const client = createReplayClient({
      http,
      baseUrl: () => BASE,
      liveDataUrl: () => 'https://127.0.0.1:3000',
    });
    await client.game();
    expect(requests.map((request) => request.url)).toEqual([
      `${BASE}/replay/game`,
      'https://127.0.0.1:3000/liveclientdata/activeplayer',
    ]);
  });
});
