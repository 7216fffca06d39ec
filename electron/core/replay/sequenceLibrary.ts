import { readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import {
  AppRequestError,
  type LoadedSequence,
  type SavedSequenceSummary,
  type Sequence,
} from '@shared/contract';
import { keyframeCount, sequenceTimeRange } from '@shared/replay/sequenceEditor';
import { writeFileAtomic } from '../fs/atomicFile';
import { ensurePrivateDir } from '../fs/privateDir';
import { parseSequenceFile, sequenceFileName, serialiseSequenceFile } from './sequenceFile';

/** Named sequences as JSON files in one folder of the data dir: what casters save and load. */
export function createSequenceLibrary(folder: string) {
  const fileOf = (name: string): string => {
    const checked = sequenceFileName(name);
    if (!checked.ok) throw new AppRequestError({ code: 'bad-input', message: checked.error });
    return join(folder, checked.fileName);
  };

  const summarise = (name: string, sequence: Sequence): SavedSequenceSummary => ({
    name,
    keyframes: keyframeCount(sequence),
    range: sequenceTimeRange(sequence),
  });

  const load = async (name: string): Promise<LoadedSequence> => {
    const file = fileOf(name);
    const text = await readFile(file, 'utf8').catch(() => null);
    if (text === null)
      throw new AppRequestError({ code: 'not-found', message: `No saved sequence named "${name}".` });
    const read = parseSequenceFile(text, file);
    if (!read.ok) throw new AppRequestError({ code: 'bad-input', message: read.error });
    return { name: read.value.name, sequence: read.value.sequence, warnings: read.warnings };
  };

  const list = async (): Promise<SavedSequenceSummary[]> => {
    const names = await readdir(folder).catch(() => [] as string[]);
    const summaries: SavedSequenceSummary[] = [];
    for (const fileName of names.filter((name) => name.endsWith('.json')).sort()) {
      const read = parseSequenceFile(await readFile(join(folder, fileName), 'utf8'), fileName);
      // A damaged file is left as it is and listed by name, so the user sees it rather than losing it.
      summaries.push(
        read.ok
          ? summarise(read.value.name, read.value.sequence)
          : { name: fileName.slice(0, -5), keyframes: 0, range: null },
      );
    }
    return summaries;
  };

  return {
    list,
    load,
    async save(name: string, sequence: Sequence): Promise<SavedSequenceSummary> {
      const file = fileOf(name);
      await ensurePrivateDir(folder);
      await writeFileAtomic(file, serialiseSequenceFile({ name: name.trim(), sequence, otherTracks: {} }));
      return summarise(name.trim(), sequence);
    },
    async delete(name: string): Promise<SavedSequenceSummary[]> {
      await rm(fileOf(name), { force: true });
      return list();
    },
  };
}
