import { describe, expect, it } from 'vitest';
import { createRequestRouter } from '../../platform/router/requestRouter';
import { silentLogger } from '../../platform/log/logger';
import { stubHandlers } from '../../tools/testkit/stubHandlers';
import { primaryPollsClients } from './primaryClients';
import { routerRemoteCore } from '../../tools/testkit/remote/routerRemoteCore';

const POLLED = {
  live: 'https://127.0.0.1:2999',
  replay: 'https://127.0.0.1:2999',
  card: 'http://127.0.0.1:21337',
};
const primary = routerRemoteCore(
  createRequestRouter(stubHandlers({ 'sources.clients': async () => POLLED }), silentLogger),
);

describe('primaryPollsClients', () => {
  it('hands the work over when the environment names no client, or the ones the primary polls', async () => {
    expect(await primaryPollsClients(primary, { live: null, replay: null, card: null })).toBe(true);
    expect(await primaryPollsClients(primary, { live: 'https://127.0.0.1:2999/', card: null })).toBe(true);
  });

  it('keeps the work here when the environment points a client elsewhere, or the primary cannot say', async () => {
    expect(await primaryPollsClients(primary, { live: null, replay: 'https://127.0.0.1:3999' })).toBe(false);
    expect(await primaryPollsClients(primary, { card: 'http://127.0.0.1:21338' })).toBe(false);
    const older = routerRemoteCore(createRequestRouter(stubHandlers({}), silentLogger));
    expect(await primaryPollsClients(older, { live: null })).toBe(false);
  });
});
