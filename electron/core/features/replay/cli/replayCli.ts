import { formatGameTime } from '@shared/contract';
import { REPLAY_SPEED_PRESETS, type Playback, type PlaybackPatch } from '@shared/contract/replay';

/** `sightline replay play|pause|seek <time>|speed <x>`: argv in, lines to print or one error out. */

export const REPLAY_CLI_USAGE = `Usage: sightline replay <command>

  play               resume playback
  pause              pause playback
  seek <time>        jump to a game time: seconds (630) or minutes:seconds (10:30)
  speed <x>          set the playback speed, 0.25 to 8 (0.5 is half speed, 2 double)`;

/**
 * The speeds the game's replay plays at: from its slowest preset to its fastest (0.25× to 8×, the range of
 * its own replay controls and of the Replay page's buttons).
 */
export const REPLAY_SPEED_RANGE = {
  min: REPLAY_SPEED_PRESETS[0],
  max: REPLAY_SPEED_PRESETS[REPLAY_SPEED_PRESETS.length - 1] ?? REPLAY_SPEED_PRESETS[0],
} as const;

/** A failure is `usage` when the command line itself was wrong (exit 2), not the replay's answer (exit 1). */
export type ReplayCliResult = { ok: true; lines: string[] } | { ok: false; error: string; usage?: true };

export type PlaybackAnswer = { ok: true; value: Playback } | { ok: false; error: { message: string } };

/**
 * What the playback commands need of the replay API: this process's ReplayClient, or the running Sightline's
 * (electron/core/features/replay/cli/remotePlaybackControl.ts), whose pacing the game then sees alone.
 */
export interface PlaybackControl {
  playback(): Promise<PlaybackAnswer>;
  setPlayback(patch: PlaybackPatch): Promise<PlaybackAnswer>;
}

export async function runReplayCliCommand(
  client: PlaybackControl,
  args: readonly string[],
): Promise<ReplayCliResult> {
  const [command, value, ...extra] = args;
  if (extra.length > 0 || (value !== undefined && (command === 'play' || command === 'pause'))) {
    return usageFailure(`too many arguments for "${command}"`);
  }
  switch (command) {
    case 'play':
      return send(
        client,
        { paused: false },
        (playback) => `playing at ${position(playback)}, ${speed(playback)}`,
      );
    case 'pause':
      return send(client, { paused: true }, (playback) => `paused at ${position(playback)}`);
    case 'seek': {
      if (value === undefined) return usageFailure('seek needs a time, e.g. "seek 630" or "seek 10:30"');
      const time = parseGameTime(value);
      if (time === null)
        return usageFailure(`"${value}" is not a time; use seconds (630) or minutes:seconds (10:30)`);
      const current = await client.playback();
      if (!current.ok) return failure(current.error.message);
      if (time > current.value.length) {
        return failure(
          `${formatGameTime(time)} is past the end of the replay (${formatGameTime(current.value.length)})`,
        );
      }
      return send(client, { time }, (playback) => `jumped to ${position(playback)}`);
    }
    case 'speed': {
      if (value === undefined) return usageFailure('speed needs a number, e.g. "speed 2"');
      const wanted = Number(value);
      const { min, max } = REPLAY_SPEED_RANGE;
      if (value.trim() === '' || !Number.isFinite(wanted) || wanted < min || wanted > max) {
        return usageFailure(
          `"${value}" is not a speed the replay plays at; use ${min} to ${max}, e.g. 0.5 or 2`,
        );
      }
      return send(client, { speed: wanted }, (playback) => `${speed(playback)} at ${position(playback)}`);
    }
    case undefined:
      return usageFailure('a command is needed: play, pause, seek <time> or speed <x>');
    default:
      return usageFailure(`unknown replay command "${command}"`);
  }
}

/** Seconds ("630", "630.5"), minutes:seconds ("10:30") or hours:minutes:seconds; null when none of them. */
export function parseGameTime(text: string): number | null {
  const parts = text.trim().split(':');
  if (parts.length > 3 || parts.some((part) => !/^\d+(\.\d+)?$/.test(part))) return null;
  const numbers = parts.map(Number);
  // Only the last part may have a fraction, and only the first may run past 59.
  if (numbers.slice(0, -1).some((part) => !Number.isInteger(part))) return null;
  if (numbers.slice(1).some((part) => part >= 60)) return null;
  return numbers.reduce((total, part) => total * 60 + part, 0);
}

async function send(
  client: PlaybackControl,
  patch: PlaybackPatch,
  describe: (playback: Playback) => string,
): Promise<ReplayCliResult> {
  const result = await client.setPlayback(patch);
  return result.ok ? { ok: true, lines: [describe(result.value)] } : failure(result.error.message);
}

const position = (playback: Playback): string =>
  `${formatGameTime(playback.time)} of ${formatGameTime(playback.length)}`;

const speed = (playback: Playback): string => `speed ${playback.speed}×`;

function failure(error: string): { ok: false; error: string } {
  return { ok: false, error };
}

function usageFailure(error: string): { ok: false; error: string; usage: true } {
  return { ok: false, error, usage: true };
}
