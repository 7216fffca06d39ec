import type { IncomingMessage } from 'node:http';
import { z } from 'zod';
import type { RequestRouter } from '../../platform/router/requestRouter';
import { checkLocalRequest } from './hostGuards';
import type { HostTokens } from './hostTokens';
import type { PublicRoute, PublicRouteAnswer } from '../../platform/router/publicRoute';

/** Where the command line sends its contract requests to the running Sightline (see remoteCore). */
export const CLI_REQUEST_PATH = '/cli/request';

/** As the host's WebSocket frames: no request of the contract comes near it. */
const MAX_BODY_BYTES = 1024 * 1024;

const bodySchema = z.object({ channel: z.string(), input: z.unknown() });

const refuse = (status: number, body: string): PublicRouteAnswer => ({ status, body });

/**
 * `POST /cli/request`, JSON `{channel, input}` answered with the companion router's `{ok, value}` or
 * `{ok: false, error}`: the command line's way to the core of the app or `serve`. As strict as the
 * WebSocket: a loopback Host, the companion token (in the Authorization header, never in a URL that logs
 * keep); and stricter, since no page needs it: any browser request (an Origin or Sec-Fetch header) is refused.
 */
export function cliRequestRoute(options: {
  tokens: HostTokens;
  /** The companion's router: everything a companion page may ask, nothing else. */
  router: RequestRouter;
  port: () => number;
}): PublicRoute {
  return {
    method: 'POST',
    path: CLI_REQUEST_PATH,
    maxBodyBytes: MAX_BODY_BYTES,
    admit: async (request) => admit(request, options),
    handle: async (body) => {
      let parsed;
      try {
        parsed = bodySchema.safeParse(JSON.parse(body.toString('utf8')));
      } catch {
        return refuse(400, 'bad request: not JSON');
      }
      if (!parsed.success) return refuse(400, 'bad request: expected {"channel", "input"}');
      const result = await options.router(parsed.data.channel, parsed.data.input);
      return { status: 200, body: JSON.stringify(result), contentType: 'application/json' };
    },
  };
}

function admit(
  request: IncomingMessage,
  options: { tokens: HostTokens; port: () => number },
): PublicRouteAnswer | null {
  const verdict = checkLocalRequest(request.headers, options.port());
  if (!verdict.ok) return refuse(verdict.status, `forbidden: ${verdict.reason}`);
  const fromBrowser =
    request.headers.origin !== undefined ||
    Object.keys(request.headers).some((name) => name.startsWith('sec-fetch-'));
  if (fromBrowser) return refuse(403, 'forbidden: not for pages');
  const type = request.headers['content-type'] ?? '';
  if (!/^application\/json\s*(;|$)/i.test(type)) return refuse(415, 'unsupported media type: JSON only');
  const offered = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1];
  if (options.tokens.kindOf(offered) !== 'companion')
    return refuse(403, 'forbidden: missing or wrong companion token');
  return null;
}
