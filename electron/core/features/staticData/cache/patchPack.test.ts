import { access, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ZIP_PACK_VERSION, startStaticHosts, tarGzBuffer, zipBuffer } from '../../../../simulator/staticData';
import type { RunningStaticHosts, TarEntry } from '../../../../simulator/staticData';
import { createDownloader } from '../../../platform/net/download';
import { createHttpClient } from '../../../platform/net/httpClient';
import { arenaImagePaths } from '../arena/arenaPaths';
import { createStaticAssetResolver, staticAssetUrl } from '../staticAssets';
import { pruneArenaEntries } from './arenaCache';
import { createCacheLayout } from '../cacheLayout';
import type { CacheLayout } from '../cacheLayout';
import { listPacks, packImageFile, syncPatchPack } from './patchPack';
import type { PackProgress, PackSyncOptions } from './patchPack';
import { createDataCache } from './dataCache';

const exists = (path: string): Promise<boolean> =>
  access(path).then(
    () => true,
    () => false,
  );

const PACK = '/cdn/dragontail-14.1.1.tgz';

describe('syncPatchPack', () => {
  let root: string;
  let layout: CacheLayout;
  let hosts: RunningStaticHosts;
  const download = createDownloader({ idleTimeoutMs: 2000 });

  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'patch-pack-'));
    layout = createCacheLayout(join(root, 'cache'));
    // About half a second per pack (256 KiB every 40 ms): long enough for the download's rate to be measured.
    hosts = await startStaticHosts({ throttle: { chunkBytes: 256 * 1024, intervalMs: 40 } });
  });

  afterEach(async () => {
    await hosts.close();
    await rm(root, { recursive: true, force: true });
  });

  const sync = (extra: Partial<PackSyncOptions> = {}) =>
    syncPatchPack({ layout, download, ddragonUrl: hosts.urls.ddragon, version: '14.1.1', ...extra });

  /** Nothing half-unpacked: only complete packs (and kept archive bytes) beside each other. */
  const packFolders = async (): Promise<string[]> =>
    (await readdir(layout.arenaPacks).catch(() => [] as string[])).sort();

  const served = async (path: string): Promise<Buffer> =>
    Buffer.from(await (await fetch(`${hosts.urls.ddragon}/${path}`)).arrayBuffer());

  /** 1000 bytes kept from a cut download of the pack at `url`, stamped with the ETag it came with; the folder. */
  const keepPartialPack = async (url: string, etag: string): Promise<string> => {
    const partial = join(layout.arenaPacks, '.partial');
    await mkdir(partial, { recursive: true });
    await writeFile(join(partial, 'dragontail-14.1.1.part'), Buffer.alloc(1000, 7));
    await writeFile(join(partial, 'dragontail-14.1.1.json'), JSON.stringify({ url, form: 'tgz', etag }));
    return partial;
  };

  it('unpacks the tarball while it arrives and serves every image of the patch from the pack', async () => {
    const progress: PackProgress[] = [];
    const result = await sync({ onProgress: (p) => progress.push(p) });
    expect(result).toMatchObject({ ok: true, form: 'tgz', status: 'downloaded', resumes: 0 });
    if (!result.ok) return;
    expect(result.files).toBeGreaterThan(20);
    expect(result.archiveBytes).toBeGreaterThan(2 * 1024 * 1024);
    expect(await packFolders()).toEqual(['.partial', '14.1.1']);
    expect(await readdir(join(layout.arenaPacks, '.partial'))).toEqual([]);

    for (const path of [
      'cdn/14.1.1/img/item/1001.png',
      'cdn/14.1.1/img/map/map11.png',
      'cdn/14.1.1/img/sprite/champion0.png',
      'cdn/img/champion/splash/Annie_0.jpg',
      'cdn/img/champion/loading/Annie_0.jpg',
    ]) {
      const file = await packImageFile(layout, path);
      expect(file, path).not.toBeNull();
      expect((await readFile(file ?? '')).equals(await served(path)), path).toBe(true);
    }
    expect(await packImageFile(layout, 'cdn/14.2.1/img/item/1001.png')).toBeNull();
    expect(await packImageFile(layout, 'cdn/14.1.1/img/../../x.png')).toBeNull();

    const downloading = progress.filter((p) => p.phase === 'downloading');
    expect(downloading.length).toBeGreaterThan(3);
    expect(downloading.at(-1)?.bytesDone).toBe(result.archiveBytes);
    expect(downloading.every((p) => p.bytesTotal === result.archiveBytes)).toBe(true);
    expect(downloading.some((p) => p.bytesPerSecond !== null && p.secondsLeft !== null)).toBe(true);
    expect(progress.at(-1)?.phase).toBe('done');

    expect((await listPacks(layout)).map((p) => [p.version, p.form, p.files])).toEqual([
      ['14.1.1', 'tgz', result.files],
    ]);
    hosts.control.resetStats();
    expect(await sync()).toMatchObject({ ok: true, status: 'already cached' });
    expect(hosts.control.stats().requests).toEqual({});
  });

  it('continues a cut download with a Range request, in the same run and in the next one', async () => {
    // Every answer is cut after 700 KB: the pack (over 2 MB) only arrives through resumes.
    hosts.control.setFaults([{ kind: 'cut-body', match: 'dragontail', afterBytes: 700_000 }]);
    // Room for more resumes than the default: on a loaded machine a cut loses more of what was sent, so the pack
    // can take more than five pieces (a clean-clone run ran out of them once). What is checked is how each resumes.
    const inRun = await sync({ maxResumes: 20 });
    expect(inRun).toMatchObject({ ok: true, status: 'downloaded' });
    if (!inRun.ok) return;
    expect(inRun.resumes).toBeGreaterThanOrEqual(3);
    // Each Range starts where the bytes received so far end (a cut can lose some of what was sent).
    const starts = hosts.control.stats().ranges.map((range) => Number(/bytes=(\d+)-$/.exec(range)?.[1]));
    expect(starts).toHaveLength(inRun.resumes);
    starts.forEach((start, i) => {
      const previous = i === 0 ? 0 : (starts[i - 1] ?? 0);
      expect(start).toBeGreaterThan(previous);
      expect(start - previous).toBeLessThanOrEqual(700_000);
    });
    const icon = await readFile((await packImageFile(layout, 'cdn/14.1.1/img/item/1001.png')) ?? '');
    expect(icon.equals(await served('cdn/14.1.1/img/item/1001.png'))).toBe(true);

    await rm(layout.arenaPacks, { recursive: true });
    hosts.control.resetStats();
    const cut = await sync({ maxResumes: 0 });
    expect(cut).toMatchObject({ ok: false, reason: 'network' });
    if (cut.ok) return;
    expect(cut.keptBytes).toBeGreaterThan(0);
    expect(cut.keptBytes).toBeLessThanOrEqual(700_000);
    expect(await packFolders()).toEqual(['.partial']);
    expect(await packImageFile(layout, 'cdn/14.1.1/img/item/1001.png')).toBeNull();

    hosts.control.setFaults([]);
    const next = await sync();
    expect(next).toMatchObject({ ok: true, files: inRun.files, bytes: inRun.bytes });
    expect(hosts.control.stats().ranges).toEqual([`${PACK} bytes=${cut.keptBytes}-`]);
    expect(hosts.control.stats().requests[PACK]).toBe(2);
    expect(await packFolders()).toEqual(['.partial', '14.1.1']);
  });

  it('starts over when the kept bytes belong to another build of the pack (If-Range)', async () => {
    await keepPartialPack(`${hosts.urls.ddragon}${PACK}`, '"old"');
    const result = await sync();
    expect(result).toMatchObject({ ok: true, status: 'downloaded' });
    expect(hosts.control.stats().ranges).toEqual([`${PACK} bytes=1000-`]);
    const icon = await readFile((await packImageFile(layout, 'cdn/14.1.1/img/item/1001.png')) ?? '');
    expect(icon.equals(await served('cdn/14.1.1/img/item/1001.png'))).toBe(true);
  });

  it('leaves nothing half-unpacked when cancelled, and the next run continues', async () => {
    const controller = new AbortController();
    const result = await sync({
      signal: controller.signal,
      onProgress: (p) => {
        if (p.bytesDone > 1024 * 1024) controller.abort();
      },
    });
    expect(result).toMatchObject({ ok: false, reason: 'aborted' });
    if (result.ok) return;
    expect(result.keptBytes).toBeGreaterThan(1024 * 1024);
    expect(await packFolders()).toEqual(['.partial']);

    hosts.control.resetStats();
    expect(await sync()).toMatchObject({ ok: true, status: 'downloaded' });
    expect(hosts.control.stats().ranges).toEqual([`${PACK} bytes=${result.keptBytes}-`]);
  });

  it('is removed with the last arena entry of its patch', async () => {
    expect(await sync()).toMatchObject({ ok: true });
    await mkdir(layout.arenaEntry('14.1.1', 'de_DE'), { recursive: true });
    await mkdir(layout.arenaEntry('14.2.1', 'en_US'), { recursive: true });
    await pruneArenaEntries(layout, '14.2.1', 'en_US');
    expect(await listPacks(layout)).toHaveLength(1);
    await pruneArenaEntries(layout, '14.2.1', 'de_DE');
    expect(await listPacks(layout)).toEqual([]);
    expect(await packFolders()).toEqual(['.partial']);
  });

  it('falls back to the zip form when the tarball is not published', async () => {
    const result = await sync({ version: ZIP_PACK_VERSION });
    expect(result).toMatchObject({ ok: true, form: 'zip', version: ZIP_PACK_VERSION });
    const path = `cdn/${ZIP_PACK_VERSION}/img/item/1001.png`;
    const file = await packImageFile(layout, path);
    expect((await readFile(file ?? '')).equals(await served(path))).toBe(true);
    expect(hosts.control.stats().requests[`/cdn/dragontail-${ZIP_PACK_VERSION}.tgz`]).toBe(1);
    expect(await sync({ version: '13.24.2' })).toMatchObject({ ok: false, reason: 'not-published' });
  });

  const hostile: [string, TarEntry][] = [
    ['a parent segment', { name: '../x.png', data: Buffer.from('pwned') }],
    ['an absolute path', { name: '/tmp/sightline-pack-evil.png', data: Buffer.from('pwned') }],
    ['a symbolic link', { name: '14.1.1/img/link', type: 'symlink', linkname: '/etc' }],
    ['a hard link', { name: '14.1.1/img/hard', type: 'link', linkname: '14.1.1/img/item/a.png' }],
  ];
  for (const [what, entry] of hostile) {
    it(`refuses a pack with ${what} and keeps nothing of it`, async () => {
      const body = await tarGzBuffer([
        { name: '14.1.1/img/item/a.png', data: Buffer.from('first') },
        entry,
        { name: '14.1.1/img/item/b.png', data: Buffer.from('after') },
      ]);
      hosts.control.setFaults([{ kind: 'replace-body', match: 'dragontail', body }]);
      const result = await sync();
      expect(result).toMatchObject({ ok: false, reason: 'unsafe-entry', keptBytes: 0 });
      expect(await packFolders()).toEqual(['.partial']);
      expect(await exists(join(layout.arenaPacks, 'x.png'))).toBe(false);
      expect(await exists('/tmp/sightline-pack-evil.png')).toBe(false);
    });
  }

  it('refuses a pack past the entry or size caps', async () => {
    expect(await sync({ limits: { maxEntries: 10 } })).toMatchObject({
      ok: false,
      reason: 'too-many-entries',
    });
    expect(await sync({ limits: { maxTotalBytes: 1024 * 1024 } })).toMatchObject({
      ok: false,
      reason: 'too-large',
    });
    expect(await packFolders()).toEqual(['.partial']);
  });

  describe('a resume only continues the same file', () => {
    const ZIP_PACK = `/cdn/dragontail-${ZIP_PACK_VERSION}.zip`;
    const names = Array.from({ length: 10 }, (_, i) => `${ZIP_PACK_VERSION}/img/item/${3000 + i}.png`);
    /** Ten stored entries of one byte each: two builds differ in their bytes only, not in their layout. */
    const build = (fill: number) =>
      zipBuffer(names.map((name) => ({ name, data: Buffer.alloc(100_000, fill), compress: false })));
    const packFile = async (name: string) =>
      readFile((await packImageFile(layout, `cdn/${name}`)) ?? '').catch(() => null);

    it('starts a cut download over when the host gave no ETag, so another build is never spliced in', async () => {
      const [first, second] = await Promise.all([build(0x61), build(0x62)]);
      expect(first.length).toBe(second.length);
      // Cut half way, from a host that names no version of the file.
      hosts.control.setFaults([
        { kind: 'replace-body', match: ZIP_PACK, body: first, noValidator: true, afterBytes: 500_000 },
      ]);
      const cut = await sync({ version: ZIP_PACK_VERSION, maxResumes: 0 });
      expect(cut).toMatchObject({ ok: false, reason: 'network' });
      if (cut.ok) return;
      expect(cut.keptBytes).toBeGreaterThan(0);

      // The file changes on the host, which would answer a Range without If-Range from the new file (206).
      hosts.control.setFaults([{ kind: 'replace-body', match: ZIP_PACK, body: second, noValidator: true }]);
      hosts.control.resetStats();
      const next = await sync({ version: ZIP_PACK_VERSION });
      expect(next).toMatchObject({ ok: true, form: 'zip', files: 10, resumes: 0 });
      expect(hosts.control.stats().ranges).toEqual([]);
      for (const name of names)
        expect((await packFile(name))?.equals(Buffer.alloc(100_000, 0x62)), name).toBe(true);
    });

    it('does not send a weak ETag in If-Range: the kept bytes are dropped and the file fetched whole', async () => {
      await keepPartialPack(`${hosts.urls.ddragon}${PACK}`, 'W/"weak"');
      expect(await sync()).toMatchObject({ ok: true, status: 'downloaded', resumes: 0 });
      expect(hosts.control.stats().ranges).toEqual([]);
    });

    it.each([
      ['another ETag than the one sent in If-Range', 1000, '"another"', 'a range of another file'],
      ['another range than the one asked for', 500, '"kept"', 'another range than the one asked for'],
    ])('refuses a 206 with %s, and keeps what it had', async (_what, start, etag, message) => {
      // A host (or a proxy before it) that answers every request with a 206 as given, whatever was asked.
      const total = 5000;
      const server = createServer((_req, res) => {
        res.writeHead(206, {
          etag,
          'content-length': total - start,
          'content-range': `bytes ${start}-${total - 1}/${total}`,
        });
        res.end(Buffer.alloc(total - start, 9));
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const { port } = server.address() as AddressInfo;
      try {
        const partial = await keepPartialPack(`http://127.0.0.1:${port}${PACK}`, '"kept"');

        const result = await sync({ ddragonUrl: `http://127.0.0.1:${port}` });
        expect(result).toMatchObject({ ok: false, reason: 'network', keptBytes: 1000 });
        if (!result.ok) expect(result.message).toContain(message);
        expect(await readFile(join(partial, 'dragontail-14.1.1.part'))).toEqual(Buffer.alloc(1000, 7));
        expect(await packFolders()).toEqual(['.partial']);
      } finally {
        server.closeAllConnections();
        await new Promise((resolve) => server.close(resolve));
      }
    });

    it('refuses a zip pack whose entry fails its CRC-32, and keeps the pack already in place', async () => {
      expect(await sync({ version: ZIP_PACK_VERSION })).toMatchObject({ ok: true, form: 'zip' });
      const kept = await packFile(`${ZIP_PACK_VERSION}/img/item/1001.png`);
      expect(kept).not.toBeNull();

      const damaged = await build(0x61);
      // One byte of the fifth file's data changed; sizes and names still agree with the directory.
      const inFifth = damaged.indexOf(names[4] ?? '') + 1000;
      expect(damaged[inFifth]).toBe(0x61);
      damaged[inFifth] = 0x7a;
      hosts.control.setFaults([{ kind: 'replace-body', match: ZIP_PACK, body: damaged }]);
      const result = await sync({ version: ZIP_PACK_VERSION, force: true });
      expect(result).toMatchObject({ ok: false, reason: 'corrupt', keptBytes: 0 });
      if (!result.ok) expect(result.message).toMatch(/fails its CRC-32 check/);
      expect(await packFile(`${ZIP_PACK_VERSION}/img/item/1001.png`)).toEqual(kept);
      expect(await packFile(names[0] ?? '')).toBeNull();
      expect(await packFolders()).toEqual(['.partial', ZIP_PACK_VERSION]);
    });
  });

  it('refuses a tarball that unpacks to more than 200 times its size, as the zip form does', async () => {
    const body = await tarGzBuffer([
      { name: '14.1.1/img/item/zero.png', data: Buffer.alloc(20 * 1024 * 1024) },
    ]);
    expect(body.length).toBeLessThan(100 * 1024);
    hosts.control.setFaults([{ kind: 'replace-body', match: 'dragontail', body }]);
    const result = await sync();
    expect(result).toMatchObject({ ok: false, reason: 'too-large', keptBytes: 0 });
    if (!result.ok) expect(result.message).toContain('more than 200 times its size');
    expect(await packFolders()).toEqual(['.partial']);
  });

  it('serves every image of the patch from the pack afterwards, with no request to the host', async () => {
    const http = createHttpClient();
    const service = createDataCache({
      cacheDir: layout.root,
      http,
      download,
      ddragonUrl: hosts.urls.ddragon,
      cardDataUrl: hosts.urls.cardData,
      constantsUrl: hosts.urls.constants,
      region: 'na',
      locale: 'en_US',
    });
    const resolve = createStaticAssetResolver({
      cacheDir: layout.root,
      arenaImage: (path, options) => service.arenaImage(path, options),
      loadCardIndex: (locale) => service.loadCardIndex(locale),
      download,
      cardDataUrl: hosts.urls.cardData,
    });
    try {
      expect(await service.syncPack()).toMatchObject({ ok: false, reason: 'not-published' });
      const synced = await service.sync({ arena: { images: 'none' }, cards: false });
      expect(synced.ok).toBe(true);
      const version = synced.arena?.ok ? synced.arena.version : '';
      expect(await service.syncPack()).toMatchObject({ ok: true, version, status: 'downloaded' });
      expect((await service.status()).packs.map((pack) => pack.version)).toEqual([version]);

      // The host fails every request from here on; each one would be counted.
      hosts.control.setFaults([{ kind: 'status', match: '/', status: 503 }]);
      hosts.control.resetStats();
      const images = [
        arenaImagePaths.championSquare(version, 'Annie'),
        arenaImagePaths.item(version, '1001'),
        arenaImagePaths.splash('Annie', 0),
        arenaImagePaths.loading('Annie', 0),
        arenaImagePaths.minimap(version, 11),
        arenaImagePaths.spriteSheet(version, 'champion0.png'),
      ];
      for (const path of images) {
        const asset = await resolve(staticAssetUrl.arena(path));
        expect(asset?.file, path).toBe(await packImageFile(layout, path));
        expect(asset?.contentType, path).toBe(path.endsWith('.jpg') ? 'image/jpeg' : 'image/png');
      }
      expect(hosts.control.stats().requests).toEqual({});
      // An image the pack lacks still goes to the host (and fails here): the pack is not a blanket answer.
      expect(await resolve(staticAssetUrl.arena('cdn/14.2.1/img/item/1001.png'))).toBeNull();
      expect(hosts.control.stats().requests).toEqual({ '/cdn/14.2.1/img/item/1001.png': 1 });
    } finally {
      http.close();
    }
  });
});
