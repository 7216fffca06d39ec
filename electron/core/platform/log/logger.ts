export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
export type LogFields = Record<string, unknown>;

export interface Logger {
  debug(message: string, fields?: LogFields): void;
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
  /** Every later line has this value replaced, wherever it appears (keys, tokens). */
  addSecret(value: string): void;
}

const LEVELS: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

/** How often one line may repeat: `burst` lines of a level and message per `intervalMs`, then one summary. */
export interface RepeatLimit {
  burst: number;
  intervalMs: number;
}

/**
 * A flood of one warning (2,000 refused sign-on callbacks in a second) is five lines and a count, not 200 KB:
 * the first few tell what happened, the summary how often.
 */
export const REPEAT_LIMIT: RepeatLimit = { burst: 5, intervalMs: 60_000 };

/** The logger's timers: they never keep a process alive (a CLI command exits with a summary pending). */
export interface LogClock {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const UNREFERENCED_CLOCK: LogClock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => setTimeout(callback, ms).unref(),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

export interface LoggerOptions {
  repeats?: RepeatLimit;
  clock?: LogClock;
}

/** One level and message within its interval: how many were written, and how many held back since. */
interface Repeats {
  level: LogLevel;
  message: string;
  endsAt: number;
  written: number;
  held: number;
  timer: unknown;
}

/** Messages tracked at once, at most (messages with values in them would otherwise pile up). */
const MAX_TRACKED_MESSAGES = 500;
const SECRET_KEY = /token|secret|password|authorization|api[-_]?key/i;
const REDACTED = '[redacted]';

/**
 * The one logger: JSON lines to a sink, with secrets removed before anything is written, and a line repeated
 * past its limit summarised (`<message> (repeated N more times in 60 s)`, with `repeated: N`), so every caller is
 * spared a flood.
 */
export function createLogger(
  sink: (line: string) => void,
  minLevel: LogLevel = 'info',
  options: LoggerOptions = {},
): Logger {
  const secrets = new Set<string>();
  const limit = options.repeats ?? REPEAT_LIMIT;
  const clock = options.clock ?? UNREFERENCED_CLOCK;
  const repeats = new Map<string, Repeats>();

  const scrub = (text: string): string => {
    let result = text;
    for (const secret of secrets) result = result.split(secret).join(REDACTED);
    // Query parameters that carry credentials, whatever their value.
    return result.replace(/([?&](?:api_key|token)=)[^&\s"]+/gi, `$1${REDACTED}`);
  };

  const scrubFields = (fields: LogFields): LogFields =>
    Object.fromEntries(
      Object.entries(fields).map(([key, value]) => [
        key,
        SECRET_KEY.test(key)
          ? REDACTED
          : scrub(typeof value === 'string' ? value : (JSON.stringify(value) ?? '')),
      ]),
    );

  const emit = (level: LogLevel, message: string, fields?: LogFields): void => {
    const line = {
      time: new Date().toISOString(),
      level,
      message: scrub(message),
      ...scrubFields(fields ?? {}),
    };
    sink(JSON.stringify(line));
  };

  /** Ends a message's interval: the summary of what was held back, if anything was. */
  const close = (key: string, entry: Repeats): void => {
    repeats.delete(key);
    if (entry.timer !== null) clock.clearTimeout(entry.timer);
    if (entry.held === 0) return;
    const seconds = Math.round(limit.intervalMs / 1000);
    emit(entry.level, `${entry.message} (repeated ${entry.held} more times in ${seconds} s)`, {
      repeated: entry.held,
    });
  };

  /** Makes room for one more message: those whose interval is over go, else the oldest (its summary now). */
  const makeRoom = (now: number): void => {
    for (const [key, entry] of repeats) if (entry.endsAt <= now) close(key, entry);
    const oldest = repeats.entries().next();
    if (repeats.size >= MAX_TRACKED_MESSAGES && !oldest.done) close(...oldest.value);
  };

  const write = (level: LogLevel, message: string, fields?: LogFields): void => {
    if (LEVELS[level] < LEVELS[minLevel]) return;
    const now = clock.now();
    const key = `${level} ${message}`;
    let entry = repeats.get(key);
    if (entry && entry.endsAt <= now) {
      close(key, entry);
      entry = undefined;
    }
    if (!entry) {
      if (repeats.size >= MAX_TRACKED_MESSAGES) makeRoom(now);
      entry = { level, message, endsAt: now + limit.intervalMs, written: 0, held: 0, timer: null };
      repeats.set(key, entry);
    }
    if (entry.written < limit.burst) {
      entry.written += 1;
      return emit(level, message, fields);
    }
    entry.held += 1;
    if (entry.timer === null) {
      const ended = entry;
      entry.timer = clock.setTimeout(() => {
        ended.timer = null;
        if (repeats.get(key) === ended) close(key, ended);
      }, entry.endsAt - now);
    }
  };

  return {
    debug: (m, f) => write('debug', m, f),
    info: (m, f) => write('info', m, f),
    warn: (m, f) => write('warn', m, f),
    error: (m, f) => write('error', m, f),
    addSecret: (value) => {
      if (value.length >= 4) secrets.add(value);
    },
  };
}

export const silentLogger: Logger = createLogger(() => undefined, 'error');
