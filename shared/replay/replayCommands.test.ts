import type { Playback, ReplayCommandInput } from '@shared/contract/replay';
import { replayCommandInputSchema } from '@shared/contract/replay';
import { describe, expect, it } from 'vitest';
import { playbackPatchFor } from '@shared/replay/replayCommands';

const playback = (fields: Partial<Playback> = {}): Playback => ({
  paused: false,
  seeking: false,
  time: 100,
  speed: 1,
  length: 600,
  ...fields,
});

const patch = (fields: Partial<Playback>, input: ReplayCommandInput) =>
  playbackPatchFor(playback(fields), input);

describe('the transport commands, hotkey or button', () => {
  it('toggles pause', () => {
    expect(patch({}, { command: 'toggle-pause' })).toEqual({ paused: true });
    expect(patch({ paused: true }, { command: 'toggle-pause' })).toEqual({ paused: false });
  });

  it('seeks 5 s either way, clamped to the replay', () => {
    expect(patch({}, { command: 'seek-back' })).toEqual({ time: 95 });
    expect(patch({}, { command: 'seek-forward' })).toEqual({ time: 105 });
    expect(patch({ time: 3 }, { command: 'seek-back' })).toEqual({ time: 0 });
    expect(patch({ time: 598 }, { command: 'seek-forward' })).toEqual({ time: 600 });
    expect(patch({ time: 0 }, { command: 'seek-back' })).toEqual({});
    expect(patch({ time: 600 }, { command: 'seek-forward' })).toEqual({});
  });

  it('skips by the button’s seconds, clamped at 0 and at the game’s length like the hotkeys', () => {
    expect(patch({}, { command: 'skip', seconds: -10 })).toEqual({ time: 90 });
    expect(patch({}, { command: 'skip', seconds: 30 })).toEqual({ time: 130 });
    expect(patch({ time: 20 }, { command: 'skip', seconds: -30 })).toEqual({ time: 0 });
    expect(patch({ time: 590 }, { command: 'skip', seconds: 30 })).toEqual({ time: 600 });
    // Already at an end: nothing to write, as a hotkey at the end writes nothing.
    expect(patch({ time: 600 }, { command: 'skip', seconds: 30 })).toEqual({});
    expect(patch({ time: 0 }, { command: 'skip', seconds: -5 })).toEqual({});
    // A length the game has not reported yet (or reports below 0) keeps every jump at 0.
    expect(patch({ time: 0, length: -1 }, { command: 'skip', seconds: 10 })).toEqual({});
  });

  it('jumps to a time on the seek bar, clamped into the replay', () => {
    expect(patch({}, { command: 'seek', time: 300 })).toEqual({ time: 300 });
    expect(patch({}, { command: 'seek', time: 900 })).toEqual({ time: 600 });
    expect(patch({}, { command: 'seek', time: -4 })).toEqual({ time: 0 });
    expect(patch({}, { command: 'seek', time: 100 })).toEqual({});
  });

  it('steps speed through the presets, from off-preset speeds too, and stops at the ends', () => {
    expect(patch({}, { command: 'speed-up' })).toEqual({ speed: 2 });
    expect(patch({}, { command: 'speed-down' })).toEqual({ speed: 0.5 });
    expect(patch({ speed: 1.5 }, { command: 'speed-up' })).toEqual({ speed: 2 });
    expect(patch({ speed: 1.5 }, { command: 'speed-down' })).toEqual({ speed: 1 });
    expect(patch({ speed: 0.9999 }, { command: 'speed-up' })).toEqual({ speed: 2 });
    expect(patch({ speed: 8 }, { command: 'speed-up' })).toEqual({});
    expect(patch({ speed: 0.25 }, { command: 'speed-down' })).toEqual({});
  });

  it('sets a preset speed, and writes nothing when the replay already plays at it', () => {
    expect(patch({}, { command: 'set-speed', speed: 4 })).toEqual({ speed: 4 });
    expect(patch({ speed: 0.9999 }, { command: 'set-speed', speed: 1 })).toEqual({});
  });

  it('the contract refuses a command with a missing or wrong value', () => {
    expect(replayCommandInputSchema.safeParse({ command: 'skip' }).success).toBe(false);
    expect(replayCommandInputSchema.safeParse({ command: 'seek', time: Number.NaN }).success).toBe(false);
    expect(replayCommandInputSchema.safeParse({ command: 'set-speed', speed: 0 }).success).toBe(false);
    expect(replayCommandInputSchema.safeParse({ command: 'toggle-pause', seconds: 3 }).success).toBe(false);
    expect(replayCommandInputSchema.safeParse({ command: 'rewind' }).success).toBe(false);
  });
});
