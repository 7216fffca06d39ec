import { REQUEST_CHANNELS } from '@shared/contract';
import type { RequestHandlers } from '../../platform/router/requestRouter';

/** Handlers for every channel that fail loudly, with the few a test cares about filled in. */
export function stubHandlers(overrides: Partial<RequestHandlers>): RequestHandlers {
  const stubs = Object.fromEntries(
    REQUEST_CHANNELS.map((channel) => [
      channel,
      async () => {
        throw new Error(`${channel} is not part of this test`);
      },
    ]),
  ) as unknown as RequestHandlers;
  return { ...stubs, ...overrides };
}
