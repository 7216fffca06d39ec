import { connect } from 'node:net';
import type { WebSocket } from 'ws';
import type { ServerFrame } from '@shared/contract';
import { MALFORMED_FRAMES, sendRawFrame } from '../malformedWebSocketFrames';
import { get, openSocket, send } from './hostClients';
import { OUTSIDE_SECRET, TEST_PUBLIC_ROUTE, TEST_TOKENS } from './testHost';

/**
 * What a hostile or broken client sends a running test host (startTestHost), each with how the host must
 * refuse it: HTTP requests with bad tokens, Hosts, Origins, paths, methods and bodies; malformed HTTP; refused
 * WebSocket handshakes; and frames that are not the contract, ask for what does not exist, or break the
 * protocol. `sendBadInputs` cycles through them; every answer is described in one short string
 * ("HTTP 404", "close 1003", "error forbidden"), so a failure reads as what was expected and what came.
 */

export interface BadInput {
  name: string;
  expected: string;
  send(port: number): Promise<string>;
}

export interface BadInputsReport {
  sent: number;
  /** One line per input the host did not refuse as expected. */
  failures: string[];
  elapsedMs: number;
}

const { companion: TOKEN, overlay: OVERLAY_TOKEN } = TEST_TOKENS;
const ANSWER_WAIT_MS = 5000;

/** A GET's answer, and whether it gave away the file outside the renderer. */
async function getStatus(port: number, path: string, headers: Record<string, string> = {}): Promise<string> {
  const answer = await get(port, path, headers);
  return `HTTP ${answer.status}${answer.body.includes(OUTSIDE_SECRET) ? ' with the file outside' : ''}`;
}

function http(name: string, expected: number, path: string, headers: Record<string, string> = {}): BadInput {
  return { name, expected: `HTTP ${expected}`, send: (port) => getStatus(port, path, headers) };
}

function method(verb: string, path: string, expected: number, body?: string): BadInput {
  return {
    name: `${verb} ${path.replace(TOKEN, '<token>')}${body === undefined ? '' : ` with ${body.length} bytes`}`,
    expected: `HTTP ${expected}`,
    send: async (port) => `HTTP ${(await send(port, { method: verb, path, body })).status}`,
  };
}

/** Writes `text` on a connection of its own and answers with the status of the first line that comes back. */
function raw(name: string, expected: number, text: (port: number) => string): BadInput {
  return {
    name,
    expected: `HTTP ${expected}`,
    send: (port) =>
      new Promise((resolve) => {
        const socket = connect(port, '127.0.0.1');
        let received = '';
        let settled = false;
        const done = (answer: string): void => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          socket.destroy();
          resolve(answer);
        };
        const timer = setTimeout(() => done('no answer'), ANSWER_WAIT_MS);
        socket.on('connect', () => socket.write(text(port)));
        socket.on('data', (data: Buffer) => {
          received += data.toString('latin1');
          const line = received.split('\r\n')[0] ?? '';
          if (received.includes('\r\n')) done(`HTTP ${line.split(' ')[1] ?? line}`);
        });
        socket.on('error', () => undefined);
        socket.on('close', () => done(received === '' ? 'closed without an answer' : `HTTP ${received}`));
      }),
  };
}

function head(port: number, lines: string[]): string {
  return [...lines.map((line) => line.replace('<host>', `127.0.0.1:${port}`)), '', ''].join('\r\n');
}

/** A handshake the host must refuse: the status it answers, or how the socket ended instead. */
function refusedSocket(
  name: string,
  expected: number,
  options: { token?: string; origin?: string; host?: string; path?: string },
): BadInput {
  return {
    name,
    expected: `HTTP ${expected}`,
    send: (port) =>
      answerOf(openSocket(port, options), (ws, settle) => ws.once('open', () => settle('opened'))),
  };
}

/** Sends `payload` once the socket is open: the error code of the answer, or the close code. */
function frame(name: string, expected: string, payload: string | Buffer, token: string = TOKEN): BadInput {
  return {
    name,
    expected,
    send: (port) =>
      answerOf(openSocket(port, { token }), (ws, settle) => {
        ws.once('open', () => ws.send(payload));
        ws.on('message', (data) => {
          const message = JSON.parse(String(data)) as ServerFrame;
          if (message.type === 'response')
            settle(message.result.ok ? 'ok' : `error ${message.result.error.code}`);
        });
      }),
  };
}

function answerOf(
  ws: WebSocket,
  watch: (ws: WebSocket, settle: (answer: string) => void) => void,
): Promise<string> {
  return new Promise((resolve) => {
    let settled = false;
    const settle = (answer: string): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      ws.terminate();
      resolve(answer);
    };
    const timer = setTimeout(() => settle('no answer'), ANSWER_WAIT_MS);
    ws.on('unexpected-response', (_request, response) => settle(`HTTP ${response.statusCode ?? 0}`));
    ws.on('close', (code) => settle(`close ${code}`));
    ws.on('error', () => undefined); // the close or the refusal says what happened
    watch(ws, settle);
  });
}

function request(id: number, channel: string, input: unknown = {}): string {
  return JSON.stringify({ type: 'request', id, channel, input });
}

/**
 * Paths out of the renderer folder, with the status each gets without a token: the URL parser itself resolves
 * `..`, `%2e%2e` and `\` (to /secret.js inside the folder: a public script that is not there, 404); encoded
 * slashes survive it and are refused after decoding (a missing file needs the token, 403).
 */
const TRAVERSALS: Array<[path: string, withoutToken: number]> = [
  ['/../secret.js', 404],
  ['/assets/../../secret.js', 404],
  ['/%2e%2e/secret.js', 404],
  ['/%2E%2E/%2e%2e/secret.js', 404],
  ['/assets\\..\\..\\secret.js', 404],
  ['/static-data/%2e%2e/%2e%2e/secret.js', 404],
  ['/assets/..%2f..%2fsecret.js', 403],
  ['/%2e%2e%2fsecret.js', 403],
  ['/assets/%2e%2e%2f%2e%2e%2fsecret.js', 403],
  ['/assets%5c..%5c..%5csecret.js', 403],
  ['/..%5csecret.js', 403],
  ['/assets/%00.js', 403],
  ['/assets/app.js%00.html', 403],
  ['/%E0%A4%A.js', 403],
  ['/static-data/..%2f..%2fsecret.js', 403],
];

const overCap = 'x'.repeat(TEST_PUBLIC_ROUTE.maxBodyBytes + 1);

export const BAD_INPUTS: BadInput[] = [
  // Who is asking: the token, the Host (DNS rebinding) and the Origin (another site's page).
  http('a page without a token', 403, '/'),
  http('a page with a wrong token', 403, '/?token=wrong-token-0123456789abcd'),
  http('a page with an empty token', 403, '/?token='),
  http('the token in another parameter', 403, `/?key=${TOKEN}`),
  http('the token in upper case', 403, `/?token=${TOKEN.toUpperCase()}`),
  http('a cached image without a token', 403, '/static-data/cards/en_us/01DE012/card.png'),
  http('a foreign Host', 421, `/?token=${TOKEN}`, { host: 'attacker.example' }),
  http('a loopback Host on another port', 421, `/?token=${TOKEN}`, { host: '127.0.0.1:1' }),
  http('a foreign Origin', 403, `/?token=${TOKEN}`, { origin: 'http://attacker.example' }),
  http('Origin null', 403, `/?token=${TOKEN}`, { origin: 'null' }),
  // Paths out of the renderer folder, plain, percent-encoded and with backslashes.
  ...TRAVERSALS.map(([path]) => http(`traversal ${path}`, 404, `${path}?token=${TOKEN}`)),
  ...TRAVERSALS.map(([path, status]) => http(`traversal ${path} without a token`, status, path)),
  // Methods and bodies.
  method('POST', `/?token=${TOKEN}`, 405, '{}'),
  method('PUT', `/assets/app.js?token=${TOKEN}`, 405, 'overwrite'),
  method('DELETE', `/?token=${TOKEN}`, 405),
  method('GET', TEST_PUBLIC_ROUTE.path, 405),
  method('POST', TEST_PUBLIC_ROUTE.path, 413, overCap),
  raw(
    'a chunked body over the public route’s cap',
    413,
    (port) =>
      head(port, [`POST ${TEST_PUBLIC_ROUTE.path} HTTP/1.1`, 'Host: <host>', 'Transfer-Encoding: chunked']) +
      `${overCap.length.toString(16)}\r\n${overCap}\r\n0\r\n\r\n`,
  ),
  raw('a 64 MiB Content-Length claim', 413, (port) =>
    head(port, [
      `POST ${TEST_PUBLIC_ROUTE.path} HTTP/1.1`,
      'Host: <host>',
      `Content-Length: ${64 * 1024 * 1024}`,
    ]),
  ),
  // Requests that are not HTTP, or not well-formed HTTP.
  raw('a line that is not HTTP', 400, () => 'GARBAGE\r\n\r\n'),
  raw('a header line without a colon', 400, (port) =>
    head(port, ['GET / HTTP/1.1', 'Host: <host>', 'NoColon']),
  ),
  raw('no Host header', 400, () => head(0, [`GET /?token=${TOKEN} HTTP/1.1`])),
  raw('a 20 KiB header', 431, (port) =>
    head(port, ['GET / HTTP/1.1', 'Host: <host>', `X-Big: ${'y'.repeat(20_000)}`]),
  ),
  raw('both Content-Length and Transfer-Encoding', 400, (port) =>
    head(port, [
      `POST ${TEST_PUBLIC_ROUTE.path} HTTP/1.1`,
      'Host: <host>',
      'Content-Length: 4',
      'Transfer-Encoding: chunked',
    ]),
  ),
  raw('a relative request target', 400, (port) =>
    head(port, [`GET ../secret.js?token=${TOKEN} HTTP/1.1`, 'Host: <host>']),
  ),
  raw('a backslash request target', 400, (port) =>
    head(port, [`GET \\..\\secret.js?token=${TOKEN} HTTP/1.1`, 'Host: <host>']),
  ),
  // WebSocket handshakes that must not open.
  refusedSocket('a socket without a token', 403, {}),
  refusedSocket('a socket with a wrong token', 403, { token: 'wrong-token-0123456789abcd' }),
  refusedSocket('a socket from a foreign Origin', 403, { token: TOKEN, origin: 'http://attacker.example' }),
  refusedSocket('an overlay socket from a foreign Origin', 403, { token: OVERLAY_TOKEN, origin: 'null' }),
  refusedSocket('a socket under a foreign Host', 421, { token: TOKEN, host: 'attacker.example' }),
  refusedSocket('a socket on another path', 404, { token: TOKEN, path: '/socket' }),
  raw('a handshake without a key', 400, (port) =>
    head(port, [
      `GET /ws?token=${TOKEN} HTTP/1.1`,
      'Host: <host>',
      'Upgrade: websocket',
      'Connection: Upgrade',
    ]),
  ),
  // Frames that are not the contract: the socket is closed (1003), or too large (1009).
  frame('a frame that is not JSON', 'close 1003', '{'),
  frame('truncated JSON', 'close 1003', request(1, 'app.info').slice(0, -3)),
  frame('JSON null', 'close 1003', 'null'),
  frame('a JSON number', 'close 1003', '42'),
  frame('an unknown frame type', 'close 1003', '{"type":"subscribe"}'),
  frame('a request without a channel', 'close 1003', '{"type":"request","id":1}'),
  frame('a negative request id', 'close 1003', request(-1, 'app.info')),
  frame('a 101-character channel', 'close 1003', request(1, 'c'.repeat(101))),
  frame('binary garbage', 'close 1003', Buffer.from([0xde, 0xad, 0xbe, 0xef])),
  frame('a whole text message over the 1 MiB cap', 'close 1009', 'x'.repeat(1024 * 1024 + 1)),
  // Requests for what does not exist or is not allowed: answered with an error, the socket kept.
  frame('an unknown channel', 'error unknown-channel', request(1, 'fs.read', { path: '/etc/passwd' })),
  frame('a channel named __proto__', 'error unknown-channel', request(2, '__proto__')),
  frame('a channel named constructor', 'error unknown-channel', request(3, 'constructor')),
  frame('a request with an unknown field', 'error bad-input', request(4, 'app.info', { extra: true })),
  frame(
    'an overlay link changing settings',
    'error forbidden',
    request(5, 'settings.update', {}),
    OVERLAY_TOKEN,
  ),
  frame(
    'an overlay link replacing links',
    'error forbidden',
    request(6, 'host.links.rotate', {}),
    OVERLAY_TOKEN,
  ),
  // Frames that break the WebSocket protocol itself: the host closes that connection.
  ...Object.entries(MALFORMED_FRAMES).map(([name, bytes]): BadInput => ({
    name,
    expected: 'closed',
    send: (port) =>
      sendRawFrame(port, `/ws?token=${TOKEN}`, bytes).then(
        () => 'closed',
        (error: unknown) => String(error),
      ),
  })),
];

/** Sends `count` bad inputs (BAD_INPUTS over and over), `concurrency` at a time, and checks each answer. */
export async function sendBadInputs(port: number, count: number, concurrency = 16): Promise<BadInputsReport> {
  const failures: string[] = [];
  const started = performance.now();
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < count) {
      const input = BAD_INPUTS[next % BAD_INPUTS.length];
      next += 1;
      if (!input) continue;
      const answer = await input.send(port).catch((error: unknown) => `failed: ${String(error)}`);
      if (answer !== input.expected)
        failures.push(`${input.name}: expected ${input.expected}, got ${answer}`);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { sent: count, failures, elapsedMs: performance.now() - started };
}
