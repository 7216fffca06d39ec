import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { PublicRoute } from '../../host/browserHost';

export interface RouteServer {
  port: number;
  close(): Promise<void>;
}

/**
 * An HTTP server that serves only the given public routes (the callback receiver on a public server,
 * or in tests): the exact path and method, the route's body limit, nothing else.
 */
export async function startRouteServer(
  routes: readonly PublicRoute[],
  listen: { host: string; port: number },
): Promise<RouteServer> {
  const server = createServer((request, response) => {
    void serve(routes, request, response).catch(() => {
      if (!response.headersSent) send(response, 500, 'internal error');
      else response.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(listen.port, listen.host, () => resolve());
  });
  const address = server.address();
  return {
    port: address !== null && typeof address === 'object' ? address.port : 0,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

async function serve(
  routes: readonly PublicRoute[],
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  const url = new URL(request.url ?? '/', 'http://receiver');
  const route = routes.find((candidate) => candidate.path === url.pathname);
  if (!route) return send(response, 404, 'not found');
  if (request.method !== route.method) return send(response, 405, 'method not allowed');
  const declared = Number(request.headers['content-length'] ?? 0);
  if (declared > route.maxBodyBytes) return send(response, 413, 'payload too large');
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > route.maxBodyBytes) return send(response, 413, 'payload too large');
    chunks.push(chunk);
  }
  const answer = await route.handle(Buffer.concat(chunks), request);
  send(response, answer.status, answer.body, answer.contentType);
}

function send(response: ServerResponse, status: number, body: string, contentType = 'text/plain'): void {
  response.writeHead(status, {
    'content-type': `${contentType}; charset=utf-8`,
    'content-length': Buffer.byteLength(body),
    'x-content-type-options': 'nosniff',
  });
  response.end(body);
}
