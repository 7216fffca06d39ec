import { bundleEntries, zipBuffer } from './bundleZips';
import type { ZipEntry } from './bundleZips';

/**
 * Hostile archives for the extraction tests. Each one is otherwise a valid set1 lite bundle for en_us, so only the
 * hostile part can be the reason it is refused. yazl itself refuses unsafe names, so those archives are built with
 * a placeholder name of the same length that is then replaced in the local header and the central directory.
 */

const baseEntries = (): ZipEntry[] =>
  bundleEntries({ bundle: 'set1', locale: 'en_us', variant: 'lite', base: 'http://127.0.0.1' });

/** Replaces every occurrence of `placeholder` (same byte length) in the archive. */
export function renameEntry(zip: Buffer, placeholder: string, actual: string): Buffer {
  const from = Buffer.from(placeholder, 'utf8');
  const to = Buffer.from(actual, 'utf8');
  if (from.length !== to.length) throw new Error('placeholder and name must have the same length');
  const out = Buffer.from(zip);
  let replaced = 0;
  for (let at = out.indexOf(from); at !== -1; at = out.indexOf(from, at + from.length)) {
    to.copy(out, at);
    replaced += 1;
  }
  if (replaced < 2)
    throw new Error(`placeholder found ${replaced} times, expected local and central headers`);
  return out;
}

async function withNamedEntry(name: string): Promise<Buffer> {
  const placeholder = 'x'.repeat(Buffer.byteLength(name));
  const zip = await zipBuffer([...baseEntries(), { name: placeholder, data: Buffer.from('pwned\n') }]);
  return renameEntry(zip, placeholder, name);
}

export const zipSlip = (): Promise<Buffer> => withNamedEntry('en_us/../../evil.txt');
export const absolutePath = (): Promise<Buffer> => withNamedEntry('/tmp/sightline-evil.txt');
export const driveLetter = (): Promise<Buffer> => withNamedEntry('C:/sightline-evil.txt');
export const backslashSlip = (): Promise<Buffer> => withNamedEntry('..\\..\\evil.txt');

/** A symbolic link entry: extracting it would let a later entry write through it. */
export const symlinkEntry = (): Promise<Buffer> =>
  zipBuffer([
    ...baseEntries(),
    { name: 'en_us/img/cards/link', data: Buffer.from('../../../../etc'), mode: 0o120777 },
  ]);

/** One entry of zeros that deflates about a thousandfold. */
export const zipBomb = (inflatedBytes = 64 * 1024 * 1024): Promise<Buffer> =>
  zipBuffer([...baseEntries(), { name: 'en_us/data/bomb.bin', data: Buffer.alloc(inflatedBytes) }]);

/**
 * A bomb spread over many entries of exactly 1 MiB each: no single entry is big enough for a per-entry ratio
 * check, but 300 of them inflate to 300 MiB from about 330 KB.
 */
export const spreadZipBomb = (entries = 300, entryBytes = 1024 * 1024): Promise<Buffer> => {
  const zeros = Buffer.alloc(entryBytes);
  return zipBuffer([
    ...baseEntries(),
    ...Array.from({ length: entries }, (_, i) => ({ name: `en_us/data/bomb-${i}.bin`, data: zeros })),
  ]);
};

/**
 * A bomb whose headers claim a small size: the central directory and local header sizes are rewritten, so only
 * counting the bytes actually inflated reveals it.
 */
export async function lyingZipBomb(inflatedBytes = 64 * 1024 * 1024, claimedBytes = 1000): Promise<Buffer> {
  const zip = await zipBomb(inflatedBytes);
  const out = Buffer.from(zip);
  const name = Buffer.from('en_us/data/bomb.bin');
  // Local header: signature 0x04034b50, uncompressed size at +22, name at +30.
  for (let at = out.indexOf(name); at !== -1; at = out.indexOf(name, at + 1)) {
    if (out.readUInt32LE(at - 30) === 0x04034b50) out.writeUInt32LE(claimedBytes, at - 30 + 22);
    // Central directory header: signature 0x02014b50, uncompressed size at +24, name at +46.
    if (at >= 46 && out.readUInt32LE(at - 46) === 0x02014b50) out.writeUInt32LE(claimedBytes, at - 46 + 24);
  }
  return out;
}

export const tooManyEntries = (count = 2000): Promise<Buffer> =>
  zipBuffer([
    ...baseEntries(),
    ...Array.from({ length: count }, (_, i) => ({
      name: `en_us/img/cards/filler-${i}.txt`,
      data: Buffer.from('x'),
    })),
  ]);

/** A bundle whose metadata names another locale than the file it is published as. */
export const wrongLocale = (): Promise<Buffer> =>
  zipBuffer(
    bundleEntries({
      bundle: 'set1',
      locale: 'en_us',
      variant: 'lite',
      base: 'http://127.0.0.1',
      metadataLocale: 'de_de',
    }),
  );

/** A bundle without metadata.json: nothing says which locale and version it holds. */
export const missingMetadata = (): Promise<Buffer> =>
  zipBuffer(baseEntries().filter((entry) => entry.name !== 'metadata.json'));
