import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI_REQUEST_PATH } from './cliRequestRoute';
import { send, type HttpAnswer } from '../../tools/testkit/host/hostClients';
import { startTestHost, TEST_TOKENS, type TestHost } from '../../tools/testkit/host/testHost';

describe('the command line’s route on the browser host', () => {
  let started: TestHost;
  let port: number;

  beforeAll(async () => {
    started = await startTestHost();
    port = started.host.port;
  });
  afterAll(() => started.close());

  const post = (headers: Record<string, string>, body: string): Promise<HttpAnswer> =>
    send(port, {
      method: 'POST',
      path: CLI_REQUEST_PATH,
      headers: {
        host: `127.0.0.1:${port}`,
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(body)),
        ...headers,
      },
      body,
    });
  const ask = (headers: Record<string, string>, channel = 'app.info', input: unknown = {}) =>
    post(headers, JSON.stringify({ channel, input }));
  const companion = { authorization: `Bearer ${TEST_TOKENS.companion}` };

  it('answers a contract request with the companion token, as the router does', async () => {
    const answer = await ask(companion);
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({
      ok: true,
      value: {
        version: 't',
        mode: 'browser',
        overlays: [],
        hostUrl: null,
        overlayHostUrl: null,
        locale: null,
      },
    });
    const refused = await ask(companion, 'no.such.channel');
    expect(JSON.parse(refused.body)).toMatchObject({ ok: false, error: { code: 'unknown-channel' } });
    const badInput = await ask(companion, 'app.info', { extra: 1 });
    expect(JSON.parse(badInput.body)).toMatchObject({ ok: false, error: { code: 'bad-input' } });
  });

  it('refuses the overlay token, even for a channel an overlay may ask over its socket', async () => {
    const answer = await ask({ authorization: `Bearer ${TEST_TOKENS.overlay}` }, 'app.info');
    expect(answer.status).toBe(403);
    expect(answer.body).toBe('forbidden: missing or wrong companion token');
  });

  it('refuses no token, a wrong one, and the companion token anywhere but the Authorization header', async () => {
    const offers: Record<string, string>[] = [
      {},
      { authorization: 'Bearer wrong-token-0123456789abcdef' },
      { authorization: TEST_TOKENS.companion },
      { cookie: `token=${TEST_TOKENS.companion}` },
    ];
    for (const headers of offers) {
      expect((await ask(headers)).status).toBe(403);
    }
    const inUrl = await send(port, {
      method: 'POST',
      path: `${CLI_REQUEST_PATH}?token=${TEST_TOKENS.companion}`,
      headers: { host: `127.0.0.1:${port}`, 'content-type': 'application/json' },
      body: '{"channel":"app.info","input":{}}',
    });
    expect(inUrl.status).toBe(403);
  });

  it('refuses a Host that is not loopback (DNS rebinding) and anything a browser sends', async () => {
    expect((await ask({ ...companion, host: `evil.example:${port}` })).status).toBe(421);
    // Even our own origin: no page needs this route, and every browser POST carries an Origin.
    const browsers: Record<string, string>[] = [
      { origin: `http://127.0.0.1:${port}` },
      { origin: 'https://evil.example' },
      { 'sec-fetch-site': 'same-origin' },
    ];
    for (const browser of browsers) {
      const answer = await ask({ ...companion, ...browser });
      expect(answer.status).toBe(403);
      expect(answer.body).toMatch(/^forbidden/);
    }
  });

  it('takes only a JSON POST of bounded size', async () => {
    const get = await send(port, {
      method: 'GET',
      path: CLI_REQUEST_PATH,
      headers: { host: `127.0.0.1:${port}`, ...companion },
    });
    expect(get.status).toBe(405);
    expect((await ask({ ...companion, 'content-type': 'text/plain' })).status).toBe(415);
    expect((await post(companion, 'not json')).status).toBe(400);
    expect((await post(companion, '{"input":{}}')).status).toBe(400);
    const huge = JSON.stringify({ channel: 'app.info', input: { pad: 'x'.repeat(1024 * 1024) } });
    expect((await post(companion, huge)).status).toBe(413);
    // It keeps serving after all of that.
    expect((await ask(companion)).status).toBe(200);
  });
});
