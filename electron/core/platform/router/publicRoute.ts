import type { IncomingMessage } from 'node:http';

/**
 * A route reached without the host's token: a remote server's POST (the tournament callback) or the
 * system browser's GET (the sign-on redirect). It skips the token and loopback checks, so it must
 * authenticate what it receives itself (a signature, a `state`) and accept nothing else.
 */
export interface PublicRoute {
  method: 'GET' | 'POST';
  path: string;
  maxBodyBytes: number;
  /** Checked before the body is read (its source, its headers): an answer refuses the request, null lets it in. */
  admit?(request: IncomingMessage): Promise<PublicRouteAnswer | null>;
  handle(body: Buffer, request: IncomingMessage): Promise<PublicRouteAnswer>;
}

export interface PublicRouteAnswer {
  status: number;
  body: string;
  /** text/plain unless said otherwise (the sign-on redirect answers with a small HTML page). */
  contentType?: 'text/plain' | 'text/html' | 'application/json';
  /** Sent as Retry-After with a 429: how long the sender should wait, in whole seconds. */
  retryAfterSeconds?: number;
}

/**
 * Answers a request already matched to `route` by path: the route's method only, what its `admit` lets
 * in, and a body no larger than its limit (refused from Content-Length before reading when it says so,
 * else once read past it). The caller writes the answer with its own headers (and `retryAfterHeader`).
 */
export async function answerPublicRoute(
  route: PublicRoute,
  request: IncomingMessage,
): Promise<PublicRouteAnswer> {
  if (request.method !== route.method) return { status: 405, body: 'method not allowed' };
  const refused = await route.admit?.(request);
  if (refused) return refused;
  const tooLarge: PublicRouteAnswer = { status: 413, body: 'payload too large' };
  if (Number(request.headers['content-length'] ?? 0) > route.maxBodyBytes) return tooLarge;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > route.maxBodyBytes) return tooLarge;
    chunks.push(chunk);
  }
  return route.handle(Buffer.concat(chunks), request);
}

/** The Retry-After header of an answer that asks for one. */
export function retryAfterHeader(answer: PublicRouteAnswer): Record<string, string> {
  return answer.retryAfterSeconds === undefined ? {} : { 'retry-after': String(answer.retryAfterSeconds) };
}
