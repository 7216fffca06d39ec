import {
  AppRequestError,
  type RequestChannel,
  type RequestInput,
  type RequestOutput,
} from '@shared/contract';
import { routerFor } from '../../../platform/router/audienceRouter';
import type { RequestRouter } from '../../../platform/router/requestRouter';
import type { RunningInstance } from '../../../platform/instance/runningInstance';
import type { RemoteCore } from '../../../transport/remote/remoteCore';

/**
 * A RemoteCore that hands each request to a core's router as the browser host does for a companion link,
 * without the socket: for tests of what the command line does through the running Sightline.
 */
export function routerRemoteCore(
  router: RequestRouter,
  instance: RunningInstance = {
    pid: 1,
    kind: 'serve',
    since: '2026-01-01T00:00:00.000Z',
    origin: 'http://127.0.0.1:1',
  },
): RemoteCore & { requests: { channel: RequestChannel; input: unknown }[] } {
  const companion = routerFor(router, 'companion');
  const requests: { channel: RequestChannel; input: unknown }[] = [];
  return {
    instance,
    requests,
    async request<C extends RequestChannel>(channel: C, input: RequestInput<C>): Promise<RequestOutput<C>> {
      requests.push({ channel, input });
      const result = await companion(channel, input);
      if (!result.ok) throw new AppRequestError(result.error);
      // The router checked the input against the channel's schema and answered with that channel's handler.
      return result.value as RequestOutput<C>;
    },
    close: () => undefined,
  };
}
