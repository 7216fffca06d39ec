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
const SECRET_KEY = /token|secret|password|authorization|api[-_]?key/i;
const REDACTED = '[redacted]';

/** The one logger: JSON lines to a sink, with secrets removed before anything is written. */
export function createLogger(sink: (line: string) => void, minLevel: LogLevel = 'info'): Logger {
  const secrets = new Set<string>();

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

  const write = (level: LogLevel, message: string, fields?: LogFields): void => {
    if (LEVELS[level] < LEVELS[minLevel]) return;
    const line = {
      time: new Date().toISOString(),
      level,
      message: scrub(message),
      ...scrubFields(fields ?? {}),
    };
    sink(JSON.stringify(line));
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
