import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { buildBundleZip, maliciousZips, zipBuffer } from '../../../../simulator/staticData';
import { DEFAULT_ZIP_LIMITS, entryNameProblem, extractZipSafely } from './zipExtraction';

describe('extractZipSafely', () => {
  let root: string;
  let zipPath: string;
  let target: string;

  beforeEach(async () => {
    // The target sits in its own folder inside root: anything escaping it shows up beside it.
    root = await mkdtemp(join(tmpdir(), 'zip-'));
    zipPath = join(root, 'bundle.zip');
    target = join(root, 'out', 'bundle');
    await writeFile(join(root, 'placeholder'), '');
    await mkdir(join(root, 'out'));
    return () => rm(root, { recursive: true, force: true });
  });

  const extract = async (zip: Buffer, limits = DEFAULT_ZIP_LIMITS) => {
    await writeFile(zipPath, zip);
    return extractZipSafely(zipPath, target, limits);
  };

  const expectNothingWritten = async (): Promise<void> => {
    expect(await readdir(join(root, 'out'))).toEqual([]);
    expect((await readdir(root)).sort()).toEqual(['bundle.zip', 'out', 'placeholder']);
  };

  it('extracts a bundle and counts its files and bytes', async () => {
    const zip = await buildBundleZip({ bundle: 'set1', locale: 'en_us', variant: 'lite', base: 'http://x' });
    const outcome = await extract(zip);
    // As many files as the bundle holds (the simulated set grows with the scenarios' cards), each on disk.
    const written = await readdir(target, { recursive: true, withFileTypes: true });
    expect(outcome).toMatchObject({ ok: true, files: written.filter((entry) => entry.isFile()).length });
    expect(outcome.ok && outcome.files).toBeGreaterThan(1);
    expect(JSON.parse(await readFile(join(target, 'metadata.json'), 'utf8'))).toMatchObject({
      locales: ['en_us'],
    });
    expect(await readdir(join(target, 'en_us', 'img', 'cards'))).toContain('01DE012-alt.png');
  });

  it.each([
    ['a parent segment', maliciousZips.zipSlip, 'unsafe-entry', /parent folder segment/],
    ['an absolute path', maliciousZips.absolutePath, 'unsafe-entry', /absolute path/],
    ['a drive letter', maliciousZips.driveLetter, 'unsafe-entry', /drive letter/],
    ['backslashes', maliciousZips.backslashSlip, 'unsafe-entry', /backslash/],
    ['a symbolic link', maliciousZips.symlinkEntry, 'unsafe-entry', /symbolic link/],
    ['a zip bomb', () => maliciousZips.zipBomb(), 'too-large', /inflates more than 200 times/],
  ])('refuses an archive with %s and leaves nothing', async (_name, build, reason, message) => {
    const outcome = await extract(await build());
    expect(outcome).toMatchObject({ ok: false, reason });
    if (!outcome.ok) expect(outcome.message).toMatch(message);
    await expectNothingWritten();
    expect(await readFile('/tmp/sightline-evil.txt').catch(() => null)).toBeNull();
  });

  it('refuses a bomb spread over many small entries before writing it', async () => {
    const zip = await maliciousZips.spreadZipBomb(300, 1024 * 1024);
    // A bomb by the rule's own measure: its 300 entries of 1 MiB inflate to over 200 times its size.
    expect((300 * 1024 * 1024) / zip.length).toBeGreaterThan(200);
    const outcome = await extract(zip);
    expect(outcome).toMatchObject({ ok: false, reason: 'too-large' });
    if (!outcome.ok) expect(outcome.message).toMatch(/the archive inflates more than 200 times its size/);
    await expectNothingWritten();
  });

  it('counts inflated bytes, not the sizes the headers claim', async () => {
    // Headers claim 1000 bytes; the entry inflates to 4 MiB. With the ratio check off, only counting stops it.
    const zip = await maliciousZips.lyingZipBomb(4 * 1024 * 1024, 1000);
    const outcome = await extract(zip, {
      ...DEFAULT_ZIP_LIMITS,
      maxRatio: Number.POSITIVE_INFINITY,
      maxTotalBytes: 2 * 1024 * 1024,
    });
    expect(outcome.ok).toBe(false);
    await expectNothingWritten();
  });

  it('caps the total inflated size', async () => {
    const zip = await zipBuffer([
      { name: 'a.bin', data: Buffer.alloc(600_000, 1) },
      { name: 'b.bin', data: Buffer.alloc(600_000, 2) },
    ]);
    const outcome = await extract(zip, { ...DEFAULT_ZIP_LIMITS, maxTotalBytes: 1_000_000 });
    expect(outcome).toMatchObject({ ok: false, reason: 'too-large' });
    await expectNothingWritten();
  });

  it('caps the number of entries', async () => {
    const outcome = await extract(await maliciousZips.tooManyEntries(1200), {
      ...DEFAULT_ZIP_LIMITS,
      maxEntries: 1000,
    });
    expect(outcome).toMatchObject({ ok: false, reason: 'too-many-entries' });
    await expectNothingWritten();
  });

  it('refuses duplicate entries and damaged archives', async () => {
    const duplicate = await zipBuffer([
      { name: 'a.txt', data: Buffer.from('1') },
      { name: 'a.txt', data: Buffer.from('2') },
    ]);
    expect(await extract(duplicate)).toMatchObject({ ok: false, reason: 'unsafe-entry' });
    await expectNothingWritten();
    expect(await extract(Buffer.from('not a zip at all'))).toMatchObject({ ok: false, reason: 'corrupt' });
    await expectNothingWritten();
  });

  it('refuses an entry whose bytes fail its CRC-32, though sizes and names agree, and writes nothing', async () => {
    const zip = await zipBuffer([
      { name: 'a.txt', data: Buffer.alloc(5000, 0x61), compress: false },
      { name: 'b.txt', data: Buffer.alloc(5000, 0x61), compress: false },
    ]);
    const inB = zip.indexOf('b.txt') + 100;
    expect(zip[inB]).toBe(0x61);
    zip[inB] = 0x62;
    const outcome = await extract(zip);
    expect(outcome).toMatchObject({ ok: false, reason: 'corrupt' });
    if (!outcome.ok)
      expect(outcome.message).toBe(
        'entry "b.txt" fails its CRC-32 check (the archive is damaged, or was pieced together from two files)',
      );
    await expectNothingWritten();
  });

  it('names the problem of each unsafe entry name', () => {
    expect(entryNameProblem('en_us/data/set1-en_us.json')).toBeNull();
    expect(entryNameProblem('en_us/img/')).toBeNull();
    expect(entryNameProblem('a/../b')).toMatch(/parent/);
    expect(entryNameProblem('..')).toMatch(/parent/);
    expect(entryNameProblem('/etc/passwd')).toMatch(/absolute/);
    expect(entryNameProblem('c:evil')).toMatch(/drive/);
    expect(entryNameProblem('a\\b')).toMatch(/backslash/);
    expect(entryNameProblem('a/b:stream')).toMatch(/colon/);
    expect(entryNameProblem('a\u0000b')).toMatch(/control/);
    expect(entryNameProblem('')).toMatch(/empty/);
  });
});
