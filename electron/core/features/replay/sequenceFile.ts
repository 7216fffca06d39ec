import { isSequenceTrack, trackSchema, type Keyframe, type Sequence } from '@shared/contract/replay';
import { sortSequence } from '@shared/replay/sequenceEditor';

/**
 * Named sequences saved as JSON files. Our own files carry a format tag and a version; a bare object of
 * tracks (what League Director saves) is read too. A bad file is reported, never "repaired": the file
 * stays as it is, and tracks this version does not know are kept so saving does not drop them.
 */

export const SEQUENCE_FILE_FORMAT = 'sightline.replay-sequence';
export const SEQUENCE_FILE_VERSION = 1;
const MAX_NAME_LENGTH = 80;
const MAX_PROBLEMS_SHOWN = 5;

export interface NamedSequence {
  name: string;
  sequence: Sequence;
  /** Tracks this version does not know, kept as they were. */
  otherTracks: Record<string, unknown>;
}

export type SequenceFileRead =
  | { ok: true; value: NamedSequence; warnings: string[] }
  /** `damaged`: not JSON or not an object (cut mid-write, overwritten), rather than a sequence this version refuses. */
  | { ok: false; error: string; damaged?: true };

export function serialiseSequenceFile(named: NamedSequence): string {
  const file = {
    format: SEQUENCE_FILE_FORMAT,
    version: SEQUENCE_FILE_VERSION,
    name: named.name,
    tracks: { ...named.otherTracks, ...sortSequence(named.sequence) },
  };
  return `${JSON.stringify(file, null, 2)}\n`;
}

/** `fileName` names the file in messages, and names a League Director file, which has no name inside. */
export function parseSequenceFile(text: string, fileName: string): SequenceFileRead {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return { ...failure(`${fileName} is not valid JSON (${(error as Error).message})`), damaged: true };
  }
  if (!isObject(json)) {
    return { ...failure(`${fileName} does not hold a sequence (expected a JSON object)`), damaged: true };
  }

  let name = nameFromFileName(fileName);
  let tracks: Record<string, unknown> = json;
  if ('format' in json) {
    if (json.format !== SEQUENCE_FILE_FORMAT) {
      return failure(`${fileName} is not a replay sequence (its format is "${String(json.format)}")`);
    }
    if (typeof json.version !== 'number' || json.version > SEQUENCE_FILE_VERSION) {
      return failure(`${fileName} was saved by a newer Sightline (format version ${String(json.version)})`);
    }
    if (!isObject(json.tracks)) return failure(`${fileName} has no "tracks" object`);
    if (typeof json.name === 'string' && json.name.trim() !== '') name = json.name;
    tracks = json.tracks;
  }

  const sequence: Record<string, Keyframe[]> = {};
  const otherTracks: Record<string, unknown> = {};
  const problems: string[] = [];
  for (const [track, keyframes] of Object.entries(tracks)) {
    // League Director writes every track, empty or null when unused.
    if (keyframes === null || (Array.isArray(keyframes) && keyframes.length === 0)) continue;
    if (!isSequenceTrack(track)) {
      otherTracks[track] = keyframes;
      continue;
    }
    const parsed = trackSchema(track).safeParse(keyframes);
    if (parsed.success) sequence[track] = parsed.data;
    else {
      for (const issue of parsed.error.issues) {
        const path = issue.path.map((part) => (typeof part === 'number' ? `[${part}]` : `.${String(part)}`));
        problems.push(`${track}${path.join('')}: ${issue.message}`);
      }
    }
  }
  if (problems.length > 0) {
    const shown = problems.slice(0, MAX_PROBLEMS_SHOWN).join('; ');
    const more =
      problems.length > MAX_PROBLEMS_SHOWN ? ` (and ${problems.length - MAX_PROBLEMS_SHOWN} more)` : '';
    return failure(`${fileName} has keyframes the replay cannot use: ${shown}${more}`);
  }
  const warnings = Object.keys(otherTracks).map(
    (track) => `"${track}" is not a track this version knows; it is kept in the file but not applied`,
  );
  return { ok: true, value: { name, sequence: sortSequence(sequence as Sequence), otherTracks }, warnings };
}

/** The file name a sequence is saved under, or why the name cannot be one on every platform. */
export function sequenceFileName(
  name: string,
): { ok: true; fileName: string } | { ok: false; error: string } {
  const trimmed = name.trim();
  if (trimmed === '') return failure('give the sequence a name');
  if (trimmed.length > MAX_NAME_LENGTH) return failure(`keep the name under ${MAX_NAME_LENGTH} characters`);
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[<>:"/\\|?*\u0000-\u001f]/.test(trimmed)) {
    return failure('a name cannot contain < > : " / \\ | ? * or control characters');
  }
  if (trimmed.startsWith('.') || trimmed.endsWith('.'))
    return failure('a name cannot start or end with a dot');
  if (/^(con|prn|aux|nul|com\d|lpt\d)$/i.test(trimmed)) return failure(`"${trimmed}" is reserved on Windows`);
  return { ok: true, fileName: `${trimmed}.json` };
}

function nameFromFileName(fileName: string): string {
  const base = fileName.split(/[/\\]/).pop() ?? fileName;
  return base.replace(/\.json$/i, '');
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function failure(error: string): { ok: false; error: string } {
  return { ok: false, error };
}
