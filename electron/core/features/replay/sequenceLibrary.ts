import { readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import {
  AppRequestError,
  type LoadedSequence,
  type SavedSequenceSummary,
  type Sequence,
} from '@shared/contract';
import { keyframeCount, sequenceTimeRange } from '@shared/replay/sequenceEditor';
import { writeFileAtomic } from '../../platform/fs/atomicFile';
import { ensurePrivateDir } from '../../platform/fs/privateDir';
import { quarantineFile } from '../../platform/fs/quarantine';
import type { WriteFailureSink } from '../../platform/fs/writeFailure';
import { parseSequenceFile, sequenceFileName, serialiseSequenceFile } from './sequenceFile';

export interface SequenceLibraryOptions {
  /** Told of a damaged file the library moved aside (listing finds it), with why. */
  onMovedAside?: (moved: { path: string; movedTo: string; problem: string }) => void;
  /** Told of a save that fails; a read-only or full data folder is said once for the app. */
  writeFailed?: WriteFailureSink;
  now?: () => number;
}

export type SequenceLibrary = ReturnType<typeof createSequenceLibrary>;

/**
 * Named sequences as JSON files in one folder of the data dir: what casters save and load. A file that is not
 * JSON at all (cut mid-write) is moved aside when the library is listed (see quarantineFile), so the others stay
 * listed and its bytes are kept; one this version cannot use is listed by name and left as it is.
 */
export function createSequenceLibrary(folder: string, options: SequenceLibraryOptions = {}) {
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
      const path = join(folder, fileName);
      const text = await readFile(path, 'utf8').catch(() => null);
      const read = text === null ? null : parseSequenceFile(text, fileName);
      if (read?.ok) {
        summaries.push(summarise(read.value.name, read.value.sequence));
        continue;
      }
      // "Baron.json is not valid JSON (…)" → "not valid JSON (…)": the notice names the file itself.
      const problem = read?.error.replace(`${fileName} `, '').replace(/^is /, '');
      if (read?.damaged && problem && (await moveAside(path, problem))) continue;
      // One that cannot be read, or not used by this version, is left as it is and listed by name.
      summaries.push({ name: fileName.slice(0, -5), keyframes: 0, range: null });
    }
    return summaries;
  };

  const moveAside = async (path: string, problem: string): Promise<boolean> => {
    try {
      const { movedTo } = await quarantineFile(path, { now: options.now });
      options.onMovedAside?.({ path, movedTo, problem });
      return true;
    } catch (error) {
      options.writeFailed?.(error, 'saved sequences');
      return false;
    }
  };

  return {
    list,
    load,
    async save(name: string, sequence: Sequence): Promise<SavedSequenceSummary> {
      const file = fileOf(name);
      try {
        await ensurePrivateDir(folder);
        await writeFileAtomic(file, serialiseSequenceFile({ name: name.trim(), sequence, otherTracks: {} }));
      } catch (error) {
        // A read-only or full data folder is also said once on the Status page; the sequence stays on screen.
        options.writeFailed?.(error, 'saved sequences');
        const reason = error instanceof Error ? error.message : String(error);
        throw new AppRequestError({
          code: 'io',
          message: `"${name.trim()}" could not be saved (${reason}).`,
        });
      }
      return summarise(name.trim(), sequence);
    },
    async delete(name: string): Promise<SavedSequenceSummary[]> {
      await rm(fileOf(name), { force: true });
      return list();
    },
  };
}
