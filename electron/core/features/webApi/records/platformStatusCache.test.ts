import { describe, expect, it } from 'vitest';
import type { PlatformStatusView } from '@shared/contract';
import { problem, type WebApiResult } from '../client/webApiProblem';
import { createPlatformStatusCache, PLATFORM_STATUS_TTL_MS } from './platformStatusCache';

const quiet: PlatformStatusView = { platform: 'euw1', name: 'EU West', notices: [] };

function setup(answers: Array<WebApiResult<PlatformStatusView>>) {
  let clock = 0;
  const calls: string[] = [];
  const cached = createPlatformStatusCache(
    async (platform, locale) => {
      calls.push(`${platform}|${locale}`);
      return answers.shift() ?? { ok: true, value: quiet };
    },
    () => clock,
  );
  return { cached, calls, advance: (ms: number) => (clock += ms) };
}

describe('platform status cache', () => {
  it('asks the API once per platform and locale in 5 minutes, however many pages ask', async () => {
    const { cached, calls, advance } = setup([]);
    await Promise.all([cached('euw1', 'en_US'), cached('euw1', 'en_US'), cached('EUW1', 'en_US')]);
    advance(PLATFORM_STATUS_TTL_MS - 1);
    await cached('euw1', 'en_US');
    expect(calls).toEqual(['euw1|en_US']);
    await cached('na1', 'en_US');
    advance(1);
    expect(await cached('euw1', 'en_US')).toEqual({ ok: true, value: quiet });
    expect(calls).toEqual(['euw1|en_US', 'na1|en_US', 'euw1|en_US']);
  });

  it('keeps no failure: the next ask tries again', async () => {
    const { cached, calls } = setup([problem('unavailable', 'down', 503)]);
    expect(await cached('euw1', 'en_US')).toMatchObject({ ok: false });
    expect(await cached('euw1', 'en_US')).toEqual({ ok: true, value: quiet });
    expect(calls).toHaveLength(2);
  });
});
