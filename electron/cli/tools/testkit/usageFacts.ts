/**
 * The usage text of `sightline --help` read as facts, for the tests that hold it against the README
 * (helpMatchesReadme.test.ts) and run every command it names (everyCommand.test.ts).
 */

/**
 * A usage as facts: the command, each path of words before the flags, each flag. "data clear [all|arena|cards]
 * [--x N]" → data, data clear, data clear all, data clear arena, data clear cards, data --x. A bar with spaces on
 * both sides separates phrases ("codes create | code"); a bar inside a word separates alternatives of that word.
 */
export function usageFacts(usage: string, commands: ReadonlySet<string>): string[] {
  const text = usage
    .replace(/<[^>]*>/g, ' ')
    .replace(/…|\.\.\./g, ' ')
    // "seek <time>|speed <x>": a bar left alone by a placeholder still joins two alternatives.
    .replace(/(\S)\|\s+/g, '$1|')
    .replace(/\s+\|(\S)/g, '|$1');
  const [first = '', ...others] = text.split(/\s+\|\s+/);
  const command = first.trim().split(/\s+/)[0] ?? '';
  if (!commands.has(command)) return [];
  const facts = new Set([command]);
  const phrases = [first.trim().slice(command.length), ...others];
  for (const phrase of phrases) {
    let paths = [command];
    let flagSeen = false;
    for (const token of phrase.split(/\s+/).filter(Boolean)) {
      const flag = /^\[?(--[a-z][a-z-]*)/.exec(token)?.[1];
      if (flag) {
        flagSeen = true;
        facts.add(`${command} ${flag}`);
        continue;
      }
      if (flagSeen) continue;
      const words = token
        .replace(/[[\]]/g, '')
        .split('|')
        .filter((word) => /^[a-z][a-z-]*$/.test(word));
      if (words.length === 0) continue;
      paths = paths.flatMap((path) => words.map((word) => `${path} ${word}`));
      for (const path of paths) facts.add(path);
    }
  }
  return [...facts];
}

/** The usages of `--help`: a line indented two spaces starts one, a deeper line that starts with [, | or - goes on. */
export function helpUsages(help: string): string[] {
  const usages: string[] = [];
  for (const line of help.split('\n')) {
    const start = /^ {2}(\S.*)$/.exec(line)?.[1];
    const more = /^ {3,}([[|-].*)$/.exec(line)?.[1];
    const usage = (start ?? more)?.split(/\s{2,}/)[0];
    if (usage === undefined) continue;
    if (start !== undefined) usages.push(usage);
    else usages[usages.length - 1] += ` ${usage}`;
  }
  return usages;
}

/** Every command and subcommand path of a --help text ("data", "data clear", "data clear all"…), no flags. */
export function commandPaths(help: string): string[] {
  const usages = helpUsages(help);
  const commands = new Set(usages.map((usage) => usage.split(' ')[0] ?? ''));
  const facts = usages.flatMap((usage) => usageFacts(usage, commands));
  return [...new Set(facts.filter((fact) => !fact.includes(' --')))];
}

/** A flag that takes a value, with the command words typed before it: "data sync [--locale L]" → data sync, --locale. */
export interface ValueOption {
  words: string[];
  flag: string;
}

/**
 * Every flag of a --help text that takes a value ("--locale L", "[--cfg <path>]"), not the switches ("[--pack]"),
 * each after the words of the phrase that names it ("tournament results [--code <code>]" → tournament results).
 */
export function valueOptions(help: string): ValueOption[] {
  const found: ValueOption[] = [];
  for (const usage of helpUsages(help)) {
    const phrases = usage.replace(/<[^>]*>/g, ' V ').split(/\s+\|\s+/);
    const command = phrases[0]?.trim().split(/\s+/)[0] ?? '';
    for (const [index, phrase] of phrases.entries()) {
      const tokens = phrase
        .trim()
        .split(/\s+/)
        .slice(index === 0 ? 1 : 0);
      const words = [command];
      let flagSeen = false;
      for (const [at, token] of tokens.entries()) {
        const flag = /^\[?(--[a-z][a-z-]*)$/.exec(token)?.[1];
        const next = tokens[at + 1];
        if (flag !== undefined && next !== undefined && !/^[-[|]/.test(next))
          found.push({ words: [...words], flag });
        if (token.includes('--')) flagSeen = true;
        const word = /^[a-z][a-z-]*/.exec(token)?.[0];
        if (!flagSeen && word !== undefined && !token.startsWith('[')) words.push(word);
      }
    }
  }
  return found;
}
