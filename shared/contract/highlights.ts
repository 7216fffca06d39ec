import { z } from 'zod';
import { RECORDING_CODECS, type Sequence } from './replay';

/**
 * Highlight reels from a replay: the moments its events mark, merged where they overlap, each a clip that
 * follows who made it, previewed in the game and recorded one file per clip.
 */

/** The moments a caster can ask for; all of them unless told otherwise. */
export const HIGHLIGHT_KINDS = ['kills', 'multikills', 'objectives', 'firstBlood', 'aces'] as const;
export const highlightKindSchema = z.enum(HIGHLIGHT_KINDS);
export type HighlightKind = z.output<typeof highlightKindSchema>;

/** Seconds of play before and after a moment that its clip shows. */
export const DEFAULT_HIGHLIGHT_BEFORE = 8;
export const DEFAULT_HIGHLIGHT_AFTER = 4;
/** A lead-in or tail longer than this is no longer a highlight of one moment. */
export const MAX_HIGHLIGHT_MARGIN = 60;

const margin = z.number().nonnegative().max(MAX_HIGHLIGHT_MARGIN);

export const highlightOptionsSchema = z.strictObject({
  kinds: z
    .array(highlightKindSchema)
    .min(1, 'choose at least one kind of moment')
    .default([...HIGHLIGHT_KINDS]),
  before: margin.default(DEFAULT_HIGHLIGHT_BEFORE),
  after: margin.default(DEFAULT_HIGHLIGHT_AFTER),
});
export type HighlightOptions = z.output<typeof highlightOptionsSchema>;

/** One event of the replay that a clip shows. */
export const highlightMomentSchema = z.strictObject({
  /** Game seconds. */
  time: z.number().nonnegative(),
  kind: highlightKindSchema,
  /** The event as the event feed words it, e.g. "Ahri killed Garen". */
  label: z.string(),
  /** The player the camera follows for it (the killer, or the objective's killer); null when none is a player. */
  follow: z.string().nullable(),
});
export type HighlightMoment = z.output<typeof highlightMomentSchema>;

export const highlightClipSchema = z
  .strictObject({
    /** Stable while the caster reorders and trims: the first moment's time and kind. */
    id: z.string().min(1),
    /** Game seconds; the caster may move them on the timeline. */
    start: z.number().nonnegative(),
    end: z.number().positive(),
    /** In game order; never empty. */
    moments: z.array(highlightMomentSchema).min(1),
  })
  .refine((clip) => clip.end > clip.start, { path: ['end'], message: 'the end must be after the start' });
export type HighlightClip = z.output<typeof highlightClipSchema>;

/** The recording settings of the Replay page's recording panel that each clip is recorded with. */
export const highlightRecordingSchema = z.strictObject({
  /** The folder each clip's file is written to. */
  folder: z.string().min(1, 'choose the folder the clips are saved to'),
  codec: z.enum(RECORDING_CODECS).default('webm'),
  framesPerSecond: z.number().int().min(1).max(240).default(60),
  lossless: z.boolean().default(false),
});
export type HighlightRecording = z.output<typeof highlightRecordingSchema>;

/** What the replay's events give: the clips, and how far into the replay the events were read. */
export interface HighlightFinding {
  clips: HighlightClip[];
  /** The replay time the events go up to: a replay reports only what it has played. */
  eventsUpTo: number;
  length: number;
}

/** One clip recorded: the summary line of the panel and of the command. */
export interface RecordedHighlight {
  id: string;
  /** The clip's moments, worded and joined. */
  event: string;
  start: number;
  end: number;
  file: string;
  /** e.g. "2.1 MB". */
  description: string;
}

export const highlightsRequestInputSchemas = {
  'replay.highlights.find': highlightOptionsSchema,
  // Plays the clip's sequence in the game, from its start.
  'replay.highlights.preview': z.strictObject({ clip: highlightClipSchema }),
  // One clip at a time, so the page shows each clip's progress and can stop between clips.
  'replay.highlights.record': z.strictObject({
    clip: highlightClipSchema,
    index: z.number().int().nonnegative(),
    recording: highlightRecordingSchema,
  }),
} as const;

export interface HighlightsRequestOutputs {
  'replay.highlights.find': HighlightFinding;
  'replay.highlights.preview': Sequence;
  'replay.highlights.record': RecordedHighlight;
}
