import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { UsageError } from '@shared/cli/usageError';
import { formatGameTime } from '@shared/contract';
import {
  HIGHLIGHT_KINDS,
  highlightOptionsSchema,
  type HighlightClip,
  type HighlightOptions,
} from '@shared/contract/highlights';
import { clipEvent } from '../highlights/highlightMoments';
import { createHighlightReel, type HighlightReel } from '../highlights/highlightReel';
import type { CommandIo } from '../../../platform/cli/commandIo';

export const HIGHLIGHTS_USAGE = `  highlights [--kinds <k,…>] [--before <s>] [--after <s>] [--record <folder>]
                     the replay's highlights, one JSON line per clip; --record writes one file per clip`;

/** `sightline replay highlights`: the reel of the running replay, and with `--record` its files. Returns the exit code. */
export async function runHighlightsCommand(
  argv: string[],
  io: CommandIo,
  deps: Omit<Parameters<typeof createHighlightReel>[0], 'sleep'>,
): Promise<number> {
  const { options, folder } = readOptions(argv);
  const reel = createHighlightReel({ ...deps, sleep: (ms) => new Promise((done) => setTimeout(done, ms)) });
  const found = await reel.find(options);
  if (!found.ok) {
    io.err(`sightline replay highlights: ${found.error}`);
    return 1;
  }
  const { clips, eventsUpTo, length } = found.value;
  if (eventsUpTo < length - 1) {
    // A replay reports the events it has played: the rest of the game is not known yet.
    io.err(
      `sightline replay highlights: the replay is at ${formatGameTime(eventsUpTo)} of ${formatGameTime(length)}; moments after it are not known until it plays them`,
    );
  }
  if (folder === null) {
    for (const clip of clips) io.out(clipLine(clip, null));
    return 0;
  }
  return recordAll(reel, clips, folder, io);
}

async function recordAll(reel: HighlightReel, clips: HighlightClip[], folder: string, io: CommandIo) {
  const failed: string[] = [];
  for (const [index, clip] of clips.entries()) {
    io.err(`recording clip ${index + 1} of ${clips.length}: ${span(clip)} ${clipEvent(clip)}`);
    const recorded = await reel.record(clip, index, {
      folder,
      codec: 'webm',
      framesPerSecond: 60,
      lossless: false,
    });
    if (recorded.ok) {
      io.out(clipLine(clip, recorded.value.file));
    } else {
      io.out(clipLine(clip, null));
      failed.push(`clip ${index + 1} (${span(clip)}): ${recorded.error}`);
    }
  }
  for (const failure of failed) io.err(`sightline replay highlights: not recorded: ${failure}`);
  return failed.length === 0 ? 0 : 1;
}

const span = (clip: HighlightClip): string => `${formatGameTime(clip.start)}–${formatGameTime(clip.end)}`;

/** One line a tool reads: the clip's moments, its range in game seconds, and its file (null when none). */
function clipLine(clip: HighlightClip, file: string | null): string {
  return JSON.stringify({ event: clipEvent(clip), start: clip.start, end: clip.end, file });
}

function readOptions(argv: string[]): { options: HighlightOptions; folder: string | null } {
  const { values, positionals } = parseArgs({
    args: argv,
    options: {
      kinds: { type: 'string' },
      before: { type: 'string' },
      after: { type: 'string' },
      record: { type: 'string' },
    },
    allowPositionals: true,
  });
  if (positionals.length > 0)
    throw new UsageError(`too many arguments for "highlights": ${positionals.join(' ')}`);
  const parsed = highlightOptionsSchema.safeParse({
    kinds: values.kinds?.split(',').map((kind) => kind.trim()),
    before: seconds('--before', values.before),
    after: seconds('--after', values.after),
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const option = `--${String(issue?.path[0] ?? 'kinds')}`;
    throw new UsageError(
      option === '--kinds'
        ? `--kinds takes a comma-separated list of ${HIGHLIGHT_KINDS.join(', ')}`
        : `${option}: ${issue?.message ?? 'not a number of seconds'}`,
    );
  }
  if (values.record === '') throw new UsageError('--record needs a folder');
  return { options: parsed.data, folder: values.record === undefined ? null : resolve(values.record) };
}

function seconds(option: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const value = Number(text);
  if (text.trim() === '' || !Number.isFinite(value))
    throw new UsageError(`${option} takes seconds, e.g. ${option} 8`);
  return value;
}
