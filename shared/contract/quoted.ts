/**
 * Outside values as a message quotes them, so the message stays a sentence: text clipped, and a list or an
 * object named rather than copied (JSON.stringify would also recurse through a deeply nested one and throw).
 */
export function clipped(text: string, max = 120): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

export function quoted(value: unknown, max = 40): string {
  if (typeof value === 'string') return JSON.stringify(clipped(value, max));
  if (typeof value !== 'object' || value === null) return String(value);
  return Array.isArray(value) ? 'a list' : 'an object';
}
