import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, posix, win32 } from 'node:path';
import fc from 'fast-check';
import { quoted } from '@shared/contract/quoted';
import { afterAll, beforeAll, describe } from 'vitest';
import { renameEntry } from '../../../../simulator/staticData/maliciousZips';
import { zipBuffer } from '../../../../simulator/staticData';
import { mutatedBytes, textInputs, type ByteLandmark } from '../../../tools/testkit/fuzz/fuzzInputs';
import { fuzzParser, type Parsed } from '../../../tools/testkit/fuzz/parserFuzz';
import { entryNameProblem, extractZipSafely, type ExtractOutcome } from './zipExtraction';

const NAME_TOKENS = [
  '/',
  '\\',
  '..',
  '.',
  ':',
  'C:',
  'c:/',
  '//',
  './/',
  '../',
  '\u0000',
  '\u001f',
  '\u007f',
  '\u202e',
  ' ',
  '%2e%2e',
  'en_us/',
  'img/',
  'cards/',
  '01DE012.png',
  'metadata.json',
  '~',
  '$',
  'CON',
  'aux.txt',
  '\ufeff',
  'ü',
];
const NAMES = [
  'metadata.json',
  'en_us/data/set1-en_us.json',
  'en_us/img/cards/01DE012-alt.png',
  'en_us/img/',
];

// A small bundle of both compression methods, one with a folder entry, and the same with hostile names put in.
const entries = [
  { name: 'metadata.json', data: Buffer.from('{"locales":["en_us"],"clientHash":"x"}') },
  {
    name: 'en_us/data/set1-en_us.json',
    data: Buffer.from(JSON.stringify([{ cardCode: '01DE012' }]).repeat(20)),
  },
  { name: 'en_us/img/cards/01DE012.png', data: Buffer.from('not really a png'), compress: false },
];
const renamed = [
  'en_us/img/',
  'en_us/../../evil.txt',
  '/tmp/sightline-evil.txt',
  'C:/sightline-evil.txt',
  '..\\..\\evil.txt',
];
const samples: Buffer[] = [
  await zipBuffer(entries),
  ...(await Promise.all(
    renamed.map(async (name) => {
      const placeholder = 'x'.repeat(Buffer.byteLength(name));
      const data = Buffer.from(name.endsWith('/') ? '' : 'pwned');
      return renameEntry(await zipBuffer([...entries, { name: placeholder, data }]), placeholder, name);
    }),
  )),
  await zipBuffer([...entries, { name: 'en_us/link', data: Buffer.from('../../etc'), mode: 0o120777 }]),
];

const signature = (value: number): Uint8Array => Buffer.from(new Uint32Array([value]).buffer);
const fields = (...pairs: [offset: number, width: 1 | 2 | 4][]): ByteLandmark['fields'] =>
  pairs.map(([offset, width]) => ({ offset, width }));
/** The fields of the three zip records that say what an entry is, how big, and where. */
const ZIP_FIELDS: ByteLandmark[] = [
  // Local file header: flags, method, compressed and inflated size, name and extra field length.
  { signature: signature(0x04034b50), fields: fields([6, 2], [8, 2], [18, 4], [22, 4], [26, 2], [28, 2]) },
  // Central directory entry: the same, the comment length, the Unix mode and the local header's offset.
  {
    signature: signature(0x02014b50),
    fields: fields([8, 2], [10, 2], [20, 4], [24, 4], [28, 2], [30, 2], [32, 2], [38, 4], [42, 4]),
  },
  // End of central directory: entry counts, directory size and offset, comment length.
  { signature: signature(0x06054b50), fields: fields([8, 2], [10, 2], [12, 4], [16, 4], [20, 2]) },
];

let root: string;
let extractions = 0;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'sightline-zip-fuzz-'));
});
afterAll(() => rm(root, { recursive: true, force: true }));

interface Extracted {
  outcome: ExtractOutcome & { ok: true };
  /** What the extraction left beside the target and in the archive's folder: nothing, if it stayed inside. */
  outside: string[];
}

describe('zip entries, fuzzed', () => {
  fuzzParser({
    name: 'zip entry name',
    inputs: textInputs(NAMES, NAME_TOKENS),
    parse: (name: string): Parsed<string> => {
      const problem = entryNameProblem(name);
      return problem === null ? { ok: true, value: name } : { ok: false, message: problem };
    },
    outputProblem: (name) => {
      // An accepted name stays inside any folder it is extracted to, on Windows as on POSIX.
      const inside = (path: typeof posix, base: string): boolean => {
        const destination = path.resolve(base, name);
        return destination === base || destination.startsWith(base + path.sep);
      };
      if (!inside(posix, '/target')) return `${quoted(name)} leaves the folder on POSIX`;
      if (!inside(win32, 'C:\\target')) return `${quoted(name)} leaves the folder on Windows`;
      return null;
    },
  });

  fuzzParser({
    name: 'zip archive',
    inputs: fc.oneof(
      { arbitrary: mutatedBytes(samples, ZIP_FIELDS), weight: 8 },
      { arbitrary: fc.constantFrom(...samples), weight: 1 },
      { arbitrary: fc.uint8Array({ maxLength: 2048 }), weight: 1 },
    ),
    parse: async (bytes: Uint8Array): Promise<Parsed<Extracted>> => {
      const folder = join(root, String((extractions += 1)));
      const zipPath = join(folder, 'bundle.zip');
      const out = join(folder, 'out');
      await mkdir(out, { recursive: true });
      await writeFile(zipPath, bytes);
      try {
        const outcome = await extractZipSafely(zipPath, join(out, 'bundle'));
        const outside = [
          ...(await readdir(out)).filter((name) => !(outcome.ok && name === 'bundle')),
          ...(await readdir(folder)).filter((name) => name !== 'bundle.zip' && name !== 'out'),
          ...(existsSync('/tmp/sightline-evil.txt') ? ['/tmp/sightline-evil.txt'] : []),
        ];
        if (!outcome.ok && outside.length === 0) return { ok: false, message: outcome.message };
        return { ok: true, value: { outcome: outcome as ExtractOutcome & { ok: true }, outside } };
      } finally {
        await rm(folder, { recursive: true, force: true });
      }
    },
    outputProblem: ({ outcome, outside }) => {
      if (outside.length > 0) return `the extraction left ${outside.join(', ')} outside its folder`;
      if (!outcome.ok) return 'a refusal left files behind';
      return Number.isSafeInteger(outcome.files) && Number.isSafeInteger(outcome.bytes) && outcome.bytes >= 0
        ? null
        : `counted ${outcome.files} files of ${outcome.bytes} bytes`;
    },
    // Every case writes the archive, extracts it and removes it again.
    timeCapMs: 500,
  });
});
