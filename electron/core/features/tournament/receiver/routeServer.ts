import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { answerPublicRoute, retryAfterHeader, type PublicRoute } from '../../../platform/router/publicRoute';

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
  const answer = await answerPublicRoute(route, request);
  send(response, answer.status, answer.body, answer.contentType, retryAfterHeader(answer));
}

function send(
  response: ServerResponse,
  status: number,
  body: string,
  contentType = 'text/plain',
  headers: Record<string, string> = {},
): void {
  response.writeHead(status, {
    ...headers,
    'content-type': `${contentType}; charset=utf-8`,
    'content-length': Buffer.byteLength(body),
    'x-content-type-options': 'nosniff',
  });
  response.end(body);
}
