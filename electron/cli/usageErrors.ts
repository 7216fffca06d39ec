import { UsageError } from '@shared/cli/usageError';

/** Exit code of a command line the command cannot run as typed; README "Command line" has the whole scheme. */
export const BAD_USAGE_EXIT_CODE = 2;

/**
 * The one line for an error that says the command line was wrong, or null for any other error:
 * `sightline <cmd>: unknown option --x (see sightline <cmd> --help)`. Covers node:util's parseArgs errors,
 * whichever command parsed, and UsageError.
 */
export function usageErrorLine(command: string | undefined, error: unknown): string | null {
  const problem = usageProblem(error);
  if (problem === null) return null;
  const name = command === undefined ? 'sightline' : `sightline ${command}`;
  return `${name}: ${problem} (see ${name} --help)`;
}

/**
 * Ends a command that threw, as the CLI ends every one: a usage error is its one line on stderr and exit 2; any
 * other error is thrown on (runCli says it and exits 1).
 */
export function exitOnUsageError(
  command: string | undefined,
  error: unknown,
  err: (line: string) => void,
): number {
  const line = usageErrorLine(command, error);
  if (line === null) throw error;
  err(line);
  return BAD_USAGE_EXIT_CODE;
}

function usageProblem(error: unknown): string | null {
  if (error instanceof UsageError) return error.message;
  if (!(error instanceof Error)) return null;
  const code = (error as NodeJS.ErrnoException).code;
  // parseArgs names the option or argument in quotes: "Unknown option '--x'. To specify a positional…".
  const quoted = /'([^']*)'/.exec(error.message)?.[1] ?? '';
  const option = quoted.split(' ')[0] ?? quoted;
  switch (code) {
    case 'ERR_PARSE_ARGS_UNKNOWN_OPTION':
      return `unknown option ${option}`;
    case 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE':
      // "argument missing" at the end of the line; "ambiguous" when the next word is an option ("--x --y").
      return /does not take an argument/.test(error.message)
        ? `${option} takes no value`
        : `${option} needs a value`;
    case 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL':
      return `unexpected argument ${option}`;
    default:
      return null;
  }
}
