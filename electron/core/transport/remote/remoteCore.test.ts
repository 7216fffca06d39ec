import { spawnSync } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppRequestError } from '@shared/contract';
import { startTestHost, TEST_TOKENS, type TestHost } from '../../tools/testkit/host/testHost';
import { claimPrimary, type PrimaryClaim } from '../../platform/instance/runningInstance';
import { connectToRunningSightline, isLoopbackOrigin } from './remoteCore';

describe('connectToRunningSightline', () => {
  let started: TestHost;
  const claims: PrimaryClaim[] = [];

  beforeAll(async () => {
    started = await startTestHost({
      handlers: {
        'tournament.lobby.unwatch': async () => {
          throw new AppRequestError({ code: 'not-found', message: 'No providers here.' });
        },
      },
    });
  });
  afterAll(async () => {
    await Promise.all(claims.map((claim) => claim.release()));
    await started.close();
  });

  /** A data folder whose primary is the test host, with `companionToken` kept in it as the app keeps it. */
  async function primaryFolder(
    companionToken: string | null,
    origin = `http://127.0.0.1:${started.host.port}`,
    pid?: number,
  ): Promise<string> {
    const dir = await mkdtemp(join(tmpdir(), 'sightline-remote-'));
    const claim = await claimPrimary(dir, 'serve', { pid });
    claims.push(claim);
    await claim.publish(origin);
    if (companionToken !== null) await writeFile(join(dir, 'host-token'), companionToken);
    return dir;
  }

  it('sends contract requests to the primary with the kept companion token, and its failures as the router’s', async () => {
    const remote = await connectToRunningSightline(await primaryFolder(TEST_TOKENS.companion), {});
    expect(remote).not.toBeNull();
    expect(remote?.instance).toMatchObject({ kind: 'serve', pid: process.pid });
    expect(await remote?.request('app.info', {})).toMatchObject({ version: 't', mode: 'browser' });
    const failed = remote?.request('tournament.lobby.unwatch', {});
    await expect(failed).rejects.toBeInstanceOf(AppRequestError);
    await expect(failed).rejects.toMatchObject({
      error: { code: 'not-found', message: 'No providers here.' },
    });
    remote?.close();
  });

  it('uses SIGHTLINE_HOST_TOKEN when the primary runs with it', async () => {
    const dir = await primaryFolder('a-kept-token-that-is-not-current');
    const remote = await connectToRunningSightline(dir, { SIGHTLINE_HOST_TOKEN: TEST_TOKENS.companion });
    expect(await remote?.request('app.info', {})).toMatchObject({ version: 't' });
    remote?.close();
  });

  it('is null (the command works alone) with the overlay token, with no token, or a wrong one', async () => {
    expect(await connectToRunningSightline(await primaryFolder(TEST_TOKENS.overlay), {})).toBeNull();
    expect(await connectToRunningSightline(await primaryFolder(null), {})).toBeNull();
    const wrong = await primaryFolder('wrong-token-0123456789abcdef');
    expect(await connectToRunningSightline(wrong, {})).toBeNull();
  });

  it('is null when no primary runs, or the one recorded has ended', async () => {
    expect(
      await connectToRunningSightline(await mkdtemp(join(tmpdir(), 'sightline-remote-')), {}),
    ).toBeNull();
    const ended = spawnSync(process.execPath, ['-e', '']).pid;
    const dir = await primaryFolder(TEST_TOKENS.companion, undefined, ended);
    expect(await connectToRunningSightline(dir, {})).toBeNull();
  });

  it('never sends the token to an origin that is not loopback http', async () => {
    for (const origin of [
      'http://example.com:80',
      'https://127.0.0.1:4000',
      'http://127.0.0.1.example.com:4000',
      'http://user@evil.example:4000',
      'file:///tmp/x',
    ]) {
      expect(isLoopbackOrigin(origin)).toBe(false);
    }
    for (const origin of ['http://127.0.0.1:4000', 'http://localhost:4000', 'http://[::1]:4000']) {
      expect(isLoopbackOrigin(origin)).toBe(true);
    }
    const dir = await primaryFolder(TEST_TOKENS.companion, 'http://example.com:80');
    expect(await connectToRunningSightline(dir, {})).toBeNull();
  });
});
