/**
 * `sightline <command> --help`: the command's usage, taken from the one text that describes it. A command with
 * a reference text of its own (the options of `tournament`, the output forms of `doctor`) prints that; any other
 * prints its lines of the top-level usage, the list the README's "Command line" mirrors. Nothing is written twice.
 */

/** The exit-code scheme of every command, said once under the top-level usage and each derived --help. */
export const EXIT_CODES_TEXT =
  'Exit codes: 0 done, 1 failed or refused, 2 bad usage (an unknown option, a missing, malformed or\n' +
  'out-of-range value); doctor: 1 a schema drifts, 3 a source cannot be reached or answers wrongly,\n' +
  '4 no game client is running.';

/** The commands named in a usage text: the first word of each line indented by exactly two spaces. */
export function commandsOf(usage: string): string[] {
  const names = usage
    .split('\n')
    .map((line) => /^ {2}([a-z][a-z-]*)/.exec(line)?.[1])
    .filter((name): name is string => name !== undefined);
  return [...new Set(names)];
}

/**
 * A command's lines of the top-level usage: each line that starts with the command (indented two spaces) and
 * the deeper lines that go on from it. Null for a command the usage does not name.
 */
export function usageBlockOf(usage: string, command: string): string | null {
  const lines: string[] = [];
  let inside = false;
  for (const line of usage.split('\n')) {
    if (/^ {2}\S/.test(line)) inside = line.slice(2).split(/\s/)[0] === command;
    else if (!/^ {3,}\S/.test(line)) inside = false;
    if (inside) lines.push(line);
  }
  return lines.length > 0 ? lines.join('\n') : null;
}

/** The --help of a command: its own reference text, else its block of the top-level usage. */
export function commandHelpText(usage: string, command: string, ownText: string | null): string | null {
  if (ownText !== null) return ownText;
  const block = usageBlockOf(usage, command);
  return block === null ? null : `Usage: sightline ${command} …\n\n${block}\n\n${EXIT_CODES_TEXT}`;
}
