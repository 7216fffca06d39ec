import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCacheLayout } from '../cacheLayout';
import { clearCache } from './cacheStatus';

describe('clearCache', () => {
  let root: string;
  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'sightline-clear-'));
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  it('clears a folder another task keeps writing into (the host fetching images while OBS loads overlays)', async () => {
    const layout = createCacheLayout(root);
    const images = join(layout.arena, 'cdn', '14.1.1', 'img', 'champion');
    await mkdir(images, { recursive: true });
    let writing = true;
    let written = 0;
    // As the host fetches a missing image into the cache: make its folder, then write the file (either may fail
    // when the clear moves the folder mid-way; that request is answered 404).
    const writer = (async () => {
      while (writing) {
        await mkdir(images, { recursive: true })
          .then(() => writeFile(join(images, `${written % 50}.png`), 'png'))
          .catch(() => undefined);
        written += 1;
      }
    })();
    try {
      for (let round = 0; round < 20; round += 1) await clearCache(layout, 'arena');
    } finally {
      writing = false;
      await writer;
    }
    expect(written).toBeGreaterThan(0);
    // Nothing is left aside: only the arena folder the writer made again, if any.
    expect((await readdir(root)).filter((name) => name !== 'arena')).toEqual([]);
  });

  it('removes what a clear killed midway left aside, and is a no-op on a cache with nothing to clear', async () => {
    const layout = createCacheLayout(root);
    await mkdir(join(root, 'arena.clearing-4242-0a1b2c3d', 'cdn'), { recursive: true });
    await clearCache(layout, 'arena');
    expect(await readdir(root)).toEqual([]);
    await expect(clearCache(layout, 'all')).resolves.toBeUndefined();
  });
});
