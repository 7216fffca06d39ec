import { z } from 'zod';
import type { Playback, Recording, Render, ReplayFailureKind, Sequence } from './replay';
import { sequenceInputSchema } from './replay';

/** The caster's view of the replay, pushed by main while a replay runs (polled at most twice a second). */
export interface ReplayState {
  /** Why the replay cannot be driven right now (the view offers the matching fix); null when it can. */
  problem: ReplayFailureKind | null;
  /** The last playback read, with the epoch ms it was read at, for smooth extrapolation. */
  playback: (Playback & { sampledAt: number }) | null;
  render: Render | null;
  recording: Recording | null;
  sequence: Sequence | null;
  /** Game events to mark on the timeline (what the replay itself shows). */
  markers: ReplayMarker[];
  /** Players of the replay, for "follow a player". */
  players: ReplayPlayer[];
  /**
   * What came of the last recording that finished: the file on disk, or why there is none. `stopped` when the
   * caster stopped it early (the game may then write nothing, which is no fault).
   */
  lastRecording:
    | { ok: true; path: string; description: string; stopped: boolean }
    | { ok: false; error: string; stopped: boolean }
    | null;
}

export interface ReplayMarker {
  time: number;
  kind: 'kill' | 'objective' | 'structure' | 'other';
  label: string;
}

export interface ReplayPlayer {
  name: string;
  championName: string;
  team: 'ORDER' | 'CHAOS' | '';
}

export const INITIAL_REPLAY_STATE: ReplayState = {
  problem: null,
  playback: null,
  render: null,
  recording: null,
  sequence: null,
  markers: [],
  players: [],
  lastRecording: null,
};

// game.cfg: the replay API's switch.
export interface GameCfgCandidateView {
  path: string;
  installDir: string;
  exists: boolean;
  /** Where we found it: "picked", "registry", "running game", … */
  origins: string[];
  setting: 'missing' | 'enabled' | 'disabled' | null;
  /** The raw value under [General], shown as it is. */
  rawValue: string | null;
  readOnly: boolean;
  /** Why this file could not be read, when it exists but could not be. */
  problem: string | null;
}

export interface GameCfgView {
  candidates: GameCfgCandidateView[];
  /** Look-ups that failed (a command missing, access denied), shown so the user can pick by hand. */
  failedLookups: string[];
  /** Whether main can show a file dialog to pick game.cfg (the desktop app); browser mode cannot. */
  canPick: boolean;
}

/** What the native dialog opens: a game.cfg, or a folder (Windows and Linux cannot offer both at once). */
export const gameCfgPickTargetSchema = z.enum(['file', 'folder']);
export type GameCfgPickTarget = z.infer<typeof gameCfgPickTargetSchema>;

export interface GameCfgChangeView {
  path: string;
  enabled: boolean;
  changed: boolean;
  backupPath: string | null;
  /** Tells the user to restart the replay when something was written. */
  message: string;
}

// Saved sequences: named JSON files in the data folder. Main checks that a name is a safe file name.
export const sequenceNameSchema = z.string().trim().min(1, 'give the sequence a name').max(80);

export interface SavedSequenceSummary {
  name: string;
  keyframes: number;
  /** Game seconds the sequence spans, null when it is empty. */
  range: { start: number; end: number } | null;
}

export interface LoadedSequence {
  name: string;
  sequence: Sequence;
  warnings: string[];
}

/** Where recordings go unless the caster says otherwise: the platform's videos folder, as main knows it. */
export interface RecordingFolderView {
  folder: string;
  /** A file in it, spelled for this platform, for the "Save to" field's example. */
  exampleFile: string;
}

export const replayDeskRequestInputSchemas = {
  // No request names a place to look: main looks where the locator, its own dialog or the command line says.
  'replay.config.locate': z.strictObject({}),
  'replay.config.pick': z.strictObject({ target: gameCfgPickTargetSchema.default('file') }),
  // Main changes the file only if it is one of those it found or was given (see gameCfgHandlers).
  'replay.config.set': z.strictObject({ path: z.string().min(1).max(4096), enabled: z.boolean() }),
  'replay.sequences.list': z.strictObject({}),
  'replay.sequences.save': z.strictObject({ name: sequenceNameSchema, sequence: sequenceInputSchema }),
  'replay.sequences.load': z.strictObject({ name: sequenceNameSchema }),
  'replay.sequences.delete': z.strictObject({ name: sequenceNameSchema }),
  'replay.recording.folder': z.strictObject({}),
} as const;

export interface ReplayDeskRequestOutputs {
  'replay.config.locate': GameCfgView;
  /** Shows the dialog, then searches again with what was chosen (the same view as locate; cancel changes nothing). */
  'replay.config.pick': GameCfgView;
  'replay.config.set': GameCfgChangeView;
  'replay.sequences.list': SavedSequenceSummary[];
  'replay.sequences.save': SavedSequenceSummary;
  'replay.sequences.load': LoadedSequence;
  'replay.sequences.delete': SavedSequenceSummary[];
  'replay.recording.folder': RecordingFolderView;
}
