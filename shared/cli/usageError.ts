/**
 * A command line the command cannot run as typed: an unknown option, a missing, malformed or out-of-range
 * value. The CLI prints its message as one line and exits 2 (electron/cli/usageErrors.ts). Here, not in the
 * CLI, because the commands that throw it live in every layer: the core's, the simulator's, the harness's.
 */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/**
 * A word the command does not know, or a missing one, as every command says it: `unknown action "x"`,
 * `missing action (sync, status or clear)`. The CLI adds the command's name and "(see … --help)".
 */
export function unknownWord(what: string, word: string | undefined, choices: readonly string[]): UsageError {
  return new UsageError(
    word === undefined ? `missing ${what} (${oneOf(choices)})` : `unknown ${what} "${word}"`,
  );
}

/** An option's value that is not one of its choices: `--variant takes lite or full, not "x"`. */
export function notAChoice(option: string, value: string, choices: readonly string[]): UsageError {
  return new UsageError(`${option} takes ${oneOf(choices)}, not "${value}"`);
}

/** A word past what the command takes, said as node:util's parseArgs says it. */
export function unexpectedArgument(word: string): UsageError {
  return new UsageError(`unexpected argument ${word}`);
}

/** A required argument not given: `missing <url>`. */
export function missingArgument(name: string): UsageError {
  return new UsageError(`missing ${name}`);
}

function oneOf(choices: readonly string[]): string {
  if (choices.length <= 1) return choices.join('');
  return `${choices.slice(0, -1).join(', ')} or ${choices[choices.length - 1] ?? ''}`;
}
