import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startStaticHosts } from '../../../../simulator/staticData';
import type { RunningStaticHosts } from '../../../../simulator/staticData';
import { createDownloader } from '../../../platform/net/download';
import { createHttpClient } from '../../../platform/net/httpClient';
import { createDataCache } from './dataCache';
import type { SyncRequest } from './dataCache';

/** What the first-run guide shows before "Download": sizes asked of the hosts, nothing downloaded. */
describe('sync estimate', () => {
  let root: string;
  let hosts: RunningStaticHosts;
  const http = createHttpClient();
  const download = createDownloader({ idleTimeoutMs: 2000 });
  const request: SyncRequest = {
    arena: { locale: 'en_US', region: 'na', images: 'icons', championDetails: true },
    cards: { locales: ['en_us'], sets: ['set1', 'set2', 'set9'], variant: 'lite' },
  };

  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'sync-estimate-'));
    hosts = await startStaticHosts();
  });

  afterEach(async () => {
    await hosts.close();
    await rm(root, { recursive: true, force: true });
  });

  const service = () =>
    createDataCache({ cacheDir: join(root, 'cache'), http, download, ...hostUrls(hosts) });

  it('sizes a first download without downloading it, close to what the sync then fetches', async () => {
    // set2 missing, as on a host that lags behind the spec's list of sets.
    hosts.control.setFaults([{ kind: 'status', match: 'set2-', status: 403 }]);
    const data = service();
    const estimate = await data.estimate(request);
    if (!estimate.ok) throw new Error(estimate.error.message);
    const { arena, cards, totalBytes, approximate, problems } = estimate.value;
    expect(problems).toEqual([]);
    expect(approximate).toBe(true);
    expect(arena).toMatchObject({ version: '14.1.2', locale: 'en_US', status: 'download' });
    expect(cards[0]?.bundles.map((bundle) => [bundle.name, bundle.status])).toEqual([
      ['core', 'download'],
      ['set1', 'download'],
      // Not published on this host: a sync would report it missing.
      ['set2', 'missing'],
      ['set9', 'download'],
    ]);
    expect(totalBytes).toBe(
      (arena?.bytes ?? 0) + (cards[0]?.bundles.reduce((sum, b) => sum + b.bytes, 0) ?? 0),
    );
    // Bundles by HEAD; no bundle, image or champion detail was downloaded.
    const requested = Object.keys(hosts.control.stats().requests);
    expect(requested.filter((path) => path.endsWith('.zip')).every((path) => path.startsWith('HEAD '))).toBe(
      true,
    );
    expect(requested.filter((path) => path.endsWith('.png') && !path.startsWith('HEAD '))).toEqual([]);
    expect(await data.status()).toMatchObject({ arena: [], cards: [] });

    const report = await data.sync({ ...request, cards: { ...request.cards, sets: ['set1', 'set9'] } });
    expect(report.ok).toBe(true);
    const status = await data.status();
    // Bundles: exactly their Content-Length. Arena: icons and details sized from one sample of each kind.
    const zips = cards[0]?.bundles.filter((bundle) => bundle.status === 'download') ?? [];
    expect(zips.every((bundle) => bundle.bytes > 0)).toBe(true);
    const arenaBytes = status.arena[0]?.bytes ?? 0;
    expect(arena?.bytes).toBeGreaterThan(arenaBytes * 0.5);
    expect(arena?.bytes).toBeLessThan(arenaBytes * 2);
    expect(arena?.files).toBe(status.arena[0]?.files);
  });

  it('counts nothing for what is cached and current, and sizes only what changed', async () => {
    const data = service();
    await data.sync({ ...request, cards: { ...request.cards, sets: ['set1', 'set9'] } });
    const current = await data.estimate({ ...request, cards: { ...request.cards, sets: ['set1', 'set9'] } });
    expect(current.ok && current.value).toMatchObject({
      arena: { status: 'cached', bytes: 0 },
      cards: [{ bundles: [{ status: 'cached' }, { status: 'cached' }, { status: 'cached' }] }],
      totalBytes: 0,
    });

    // A new patch: the arena data is sized again; the bundles stay current.
    hosts.control.setRealm('na', '14.2.1');
    const patch = await data.estimate({ ...request, cards: { ...request.cards, sets: ['set1', 'set9'] } });
    expect(patch.ok && patch.value.arena).toMatchObject({ version: '14.2.1', status: 'download' });
    expect(patch.ok && patch.value.totalBytes).toBe(patch.ok ? patch.value.arena?.bytes : -1);
  });

  it('says why when the hosts cannot be reached', async () => {
    const data = service();
    await hosts.close();
    const offline = await data.estimate(request);
    expect(offline.ok && offline.value.arena).toBeNull();
    expect(offline.ok && offline.value.problems[0]).toMatch(/^Data Dragon is not reachable/);
    hosts = await startStaticHosts();
  });
});

function hostUrls(hosts: RunningStaticHosts) {
  return {
    ddragonUrl: hosts.urls.ddragon,
    cardDataUrl: hosts.urls.cardData,
    constantsUrl: hosts.urls.constants,
  };
}
