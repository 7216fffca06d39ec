import { request } from 'node:http';
import { WebSocket } from 'ws';
import { WS_ROUTE_PARAM, type ServerFrame } from '@shared/contract';

/** Clients of a running browser host, as a page, OBS or a stranger would talk to it (tests and benches). */

export interface HttpAnswer {
  status: number;
  body: string;
  /** The body's bytes as sent (a compressed body is not text). */
  bytes: Buffer;
  headers: Record<string, unknown>;
}

/** A GET with our own Host unless `headers` says otherwise. */
export function get(port: number, path: string, headers: Record<string, string> = {}): Promise<HttpAnswer> {
  return send(port, { method: 'GET', path, headers: { host: `127.0.0.1:${port}`, ...headers } });
}

export function send(
  port: number,
  options: { method: string; path: string; headers?: Record<string, string>; body?: string },
): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(
      // A connection of its own, so a refusal that closes it never fails the next request.
      {
        host: '127.0.0.1',
        port,
        method: options.method,
        path: options.path,
        headers: options.headers,
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const bytes = Buffer.concat(chunks);
          resolve({ status: res.statusCode ?? 0, body: bytes.toString(), bytes, headers: res.headers });
        });
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

export function openSocket(
  port: number,
  options: { token?: string; origin?: string; host?: string; path?: string; route?: string } = {},
) {
  const params = new URLSearchParams({
    ...(options.token === undefined ? {} : { token: options.token }),
    ...(options.route === undefined ? {} : { [WS_ROUTE_PARAM]: options.route }),
  }).toString();
  const query = params ? `?${params}` : '';
  return new WebSocket(`ws://127.0.0.1:${port}${options.path ?? '/ws'}${query}`, {
    headers: { host: options.host ?? `127.0.0.1:${port}` },
    origin: options.origin ?? `http://127.0.0.1:${port}`,
  });
}

export function nextFrames(ws: WebSocket, count: number): Promise<ServerFrame[]> {
  const frames: ServerFrame[] = [];
  return new Promise((resolve, reject) => {
    ws.on('message', (data) => {
      frames.push(JSON.parse(String(data)) as ServerFrame);
      if (frames.length === count) resolve(frames);
    });
    ws.on('error', reject);
  });
}

export function opened(ws: WebSocket): Promise<void> {
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
}

export function closeCode(ws: WebSocket): Promise<number> {
  return new Promise((resolve) => ws.once('close', (code) => resolve(code)));
}

/** Sends a request and waits for its answer (state frames in between are skipped). */
export function ask(ws: WebSocket, id: number, channel: string, input: unknown = {}): Promise<ServerFrame> {
  return new Promise((resolve) => {
    const onMessage = (data: unknown): void => {
      const frame = JSON.parse(String(data)) as ServerFrame;
      if (frame.type !== 'response' || frame.id !== id) return;
      ws.off('message', onMessage);
      resolve(frame);
    };
    ws.on('message', onMessage);
    ws.send(JSON.stringify({ type: 'request', id, channel, input }));
  });
}

/** Resolves with the next patch frame the socket receives. */
export function nextPatch(ws: WebSocket): Promise<ServerFrame> {
  return new Promise((resolve) => {
    const onMessage = (data: unknown): void => {
      const frame = JSON.parse(String(data)) as ServerFrame;
      if (frame.type !== 'state' || frame.message.kind !== 'patch') return;
      ws.off('message', onMessage);
      resolve(frame);
    };
    ws.on('message', onMessage);
  });
}

/** The HTTP status the host refused a WebSocket handshake with. */
export function rejection(ws: WebSocket): Promise<number> {
  return new Promise((resolve) => ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0)));
}
