/**
 * Game times as casters type and read them: "12:34" on the transport, "12:34.5" on keyframes. Parsing
 * accepts plain seconds too ("754.5"), so a time copied from a file or a log can be pasted as it is.
 */

export function formatTimecode(seconds: number, { tenths = false } = {}): string {
  const safe = Number.isFinite(seconds) ? Math.max(0, seconds) : 0;
  // Round once, in the unit shown, so 59.96 s reads "1:00.0" and never "0:60.0".
  const units = tenths ? Math.round(safe * 10) : Math.floor(safe);
  const whole = tenths ? Math.floor(units / 10) : units;
  const minutes = Math.floor(whole / 60);
  const text = `${minutes}:${String(whole % 60).padStart(2, '0')}`;
  return tenths ? `${text}.${units % 10}` : text;
}

export type TimecodeParse = { ok: true; seconds: number } | { ok: false; error: string };

const TIMECODE = /^(?:(\d+):)?(?:(\d+):)?(\d+(?:\.\d+)?)$/;

/** "83", "83.5", "1:23", "1:23.5" or "1:02:03"; seconds past a colon must be under 60. */
export function parseTimecode(input: string): TimecodeParse {
  const text = input.trim();
  if (text === '') return { ok: false, error: 'enter a time, e.g. 12:30' };
  const match = TIMECODE.exec(text);
  if (!match) return { ok: false, error: `"${text}" is not a time; write minutes:seconds, e.g. 12:30` };
  const [, first, second, last = '0'] = match;
  const seconds = Number(last);
  const [hours, minutes] = second === undefined ? [0, Number(first ?? 0)] : [Number(first), Number(second)];
  if (first !== undefined && seconds >= 60)
    return { ok: false, error: `"${text}": seconds must be under 60` };
  if (second !== undefined && minutes >= 60)
    return { ok: false, error: `"${text}": minutes must be under 60` };
  return { ok: true, seconds: hours * 3600 + minutes * 60 + seconds };
}
