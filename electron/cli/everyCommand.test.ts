import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './runCli';
import { commandsOf } from './commandHelp';
import { commandPaths, helpUsages, valueOptions } from './tools/testkit/usageFacts';

/**
 * Every command and subcommand that `sightline --help` names, listed from that text (a command added there is
 * run here too): each answers --help and -h with its usage and exit 0, and a mistyped option with one line
 * and exit 2, before it starts anything.
 */

// Stands where the built CLI runs from, so resources/ and package.json resolve as they do for `npx sightline`.
const MODULE_URL = new URL('../../out/main/cli.js', import.meta.url).href;

let env: NodeJS.ProcessEnv;
beforeAll(async () => {
  // A data folder of its own: `api` and `tournament` open one before they read their options.
  env = { SIGHTLINE_DATA_DIR: await mkdtemp(join(tmpdir(), 'every-command-')) };
});

async function run(argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(argv, {
    moduleUrl: MODULE_URL,
    env,
    out: (line) => out.push(line),
    err: (line) => err.push(line),
    devTools: () => import('./tools/devTools'),
  });
  return { code, out: out.join('\n'), err };
}

async function topLevelHelp(): Promise<string> {
  const help = await run(['--help']);
  expect(help.code).toBe(0);
  return help.out;
}

describe('every command and subcommand', () => {
  it('are many: the list comes from --help, with subcommands', async () => {
    const paths = commandPaths(await topLevelHelp());
    for (const path of [
      'serve',
      'demo',
      'replay seek',
      'data clear all',
      'tournament codes create',
      'deck decode',
    ])
      expect(paths).toContain(path);
    expect(paths.length).toBeGreaterThan(40);
  });

  it('answers --help and -h with its usage on stdout, nothing on stderr, exit 0', async () => {
    for (const path of commandPaths(await topLevelHelp())) {
      const words = path.split(' ');
      for (const flag of ['--help', '-h']) {
        const result = await run([...words, flag]);
        expect(result, `${path} ${flag}`).toMatchObject({ code: 0, err: [] });
        expect(result.out, `${path} ${flag}`).toMatch(new RegExp(`^Usage: sightline ${words[0]}\\b`));
        expect(result.out, `${path} ${flag}: the exit codes`).toMatch(/exit code/i);
      }
    }
  }, 120_000);

  it('answers a mistyped option with one line on stderr and exit 2, whatever the command', async () => {
    for (const path of commandPaths(await topLevelHelp())) {
      const words = path.split(' ');
      const result = await run([...words, '--no-such-option']);
      expect(result, path).toEqual({
        code: 2,
        out: '',
        err: [`sightline ${words[0]}: unknown option --no-such-option (see sightline ${words[0]} --help)`],
      });
    }
  }, 120_000);
});

describe('every option that takes a value', () => {
  it('are many: the list comes from --help', async () => {
    const options = valueOptions(await topLevelHelp()).map(({ words, flag }) => `${words.join(' ')} ${flag}`);
    for (const option of [
      'serve --cfg',
      'simulate --scenario',
      'data sync --locale',
      'tournament results --code',
    ])
      expect(options).toContain(option);
    expect(options).not.toContain('data sync --pack');
    expect(options.length).toBeGreaterThan(25);
  });

  it('answers the option given without its value with the same one line and exit 2, whatever the command', async () => {
    for (const { words, flag } of valueOptions(await topLevelHelp())) {
      const command = words[0] ?? '';
      const expected = {
        code: 2,
        out: '',
        err: [`sightline ${command}: ${flag} needs a value (see sightline ${command} --help)`],
      };
      // At the end of the line, and followed by another option (which is not its value).
      expect(await run([...words, flag]), `${words.join(' ')} ${flag}`).toEqual(expected);
      expect(await run([...words, flag, '--no-such-option']), `${words.join(' ')} ${flag} --…`).toEqual(
        expected,
      );
    }
  }, 120_000);
});

/** The one line of bad usage, whatever the command: `sightline <cmd>: <problem> (see sightline <cmd> --help)`. */
function usageLine(command: string, problem: string): RegExp {
  return new RegExp(`^sightline ${command}: ${problem} \\(see sightline ${command} --help\\)$`);
}

/** The commands of --help that take a subcommand word first ("data sync", "store discover"…). */
function commandsWithSubcommands(help: string): string[] {
  const paths = commandPaths(help);
  return commandsOf(help).filter((command) => paths.some((path) => path.startsWith(`${command} `)));
}

/**
 * The paths of --help's usages that a required argument follows ("store discover <url>", "deck decode <code>"),
 * read from each usage phrase: its words, then a placeholder outside brackets.
 */
function pathsWithRequiredArgument(help: string): string[] {
  const paths = new Set<string>();
  for (const usage of helpUsages(help)) {
    const [first = '', ...others] = usage.split(/\s+\|\s+/);
    const command = first.split(' ')[0] ?? '';
    for (const phrase of [first.slice(command.length), ...others]) {
      const words = /^((?:[a-z][a-z-]* )+)</.exec(phrase.trim());
      if (words?.[1]) paths.add(`${command} ${words[1].trim()}`);
    }
  }
  return [...paths];
}

describe('a wrong word', () => {
  it('after any command is one line on stderr and exit 2, not the usage', async () => {
    const help = await topLevelHelp();
    const commands = commandsOf(help);
    expect(commands.length).toBeGreaterThan(12);
    for (const command of commands) {
      const result = await run([command, 'no-such-word']);
      expect(result, command).toMatchObject({ code: 2, out: '' });
      expect(result.err, command).toHaveLength(1);
      expect(result.err[0], command).toMatch(
        usageLine(command, '(unknown [a-z ]+ "no-such-word"(; .+)?|unexpected argument no-such-word)'),
      );
    }
  }, 120_000);

  it('missing after a command that takes a subcommand is one line and exit 2', async () => {
    const commands = commandsWithSubcommands(await topLevelHelp());
    for (const command of ['data', 'store', 'deck', 'replay', 'api', 'tournament'])
      expect(commands).toContain(command);
    for (const command of commands) {
      const result = await run([command]);
      expect(result, command).toMatchObject({ code: 2, out: '' });
      expect(result.err, command).toHaveLength(1);
      expect(result.err[0], command).toMatch(usageLine(command, 'missing .+'));
    }
  }, 120_000);

  it('missing where a subcommand needs its argument is one line and exit 2', async () => {
    const paths = pathsWithRequiredArgument(await topLevelHelp());
    for (const path of ['store discover', 'deck decode', 'api account', 'tournament check-url'])
      expect(paths).toContain(path);
    for (const path of [...paths, 'replay seek', 'replay speed']) {
      const words = path.split(' ');
      const command = words[0] ?? '';
      const result = await run(words);
      expect(result, path).toMatchObject({ code: 2, out: '' });
      expect(result.err, path).toHaveLength(1);
      expect(result.err[0], path).toMatch(usageLine(command, '.+'));
    }
  }, 120_000);

  it('for an option that takes one of a few values is one line and exit 2', async () => {
    const help = await topLevelHelp();
    const choices = [...help.matchAll(/\[?(--[a-z-]+) ([a-z0-9_]+(?:\|[a-z0-9_]+)+)\]?/g)];
    expect(choices.map((match) => match[1])).toContain('--variant');
    for (const [, flag = '', values = ''] of choices) {
      const option = valueOptions(help).find((found) => found.flag === flag);
      const words = option?.words ?? [];
      const command = words[0] ?? '';
      const result = await run([...words, flag, 'no-such-value']);
      expect(result, flag).toMatchObject({ code: 2, out: '' });
      expect(result.err, flag).toEqual([
        `sightline ${command}: ${flag} takes ${values
          .split('|')
          .join(', ')
          .replace(/, (?=[^,]*$)/, ' or ')}, not "no-such-value" (see sightline ${command} --help)`,
      ]);
    }
  });
});

describe('a word past what a command takes', () => {
  it('is refused with the same one line and exit 2 (bench takes one name)', async () => {
    expect(await run(['bench', 'no-such-bench', 'extra'])).toEqual({
      code: 2,
      out: '',
      err: ['sightline bench: unexpected argument extra (see sightline bench --help)'],
    });
  });
});

describe('sightline itself', () => {
  it('--version and -v print the version of package.json', async () => {
    const manifest = JSON.parse(await readFile(new URL('../../package.json', import.meta.url), 'utf8')) as {
      version: string;
    };
    for (const flag of ['--version', '-v']) {
      expect(await run([flag])).toEqual({ code: 0, out: manifest.version, err: [] });
    }
  });

  it('says the exit codes and what to do when the Electron download is blocked', async () => {
    const help = await topLevelHelp();
    expect(help).toContain('Exit codes: 0 done, 1 failed or refused, 2 bad usage');
    expect(help).toContain('npm install --ignore-scripts');
  });

  it('answers an unknown option or command with one line and exit 2', async () => {
    expect(await run(['--no-such-option'])).toEqual({
      code: 2,
      out: '',
      err: ['sightline: unknown option --no-such-option (see sightline --help)'],
    });
    expect(await run(['frobnicate'])).toEqual({
      code: 2,
      out: '',
      err: ['sightline: unknown command "frobnicate" (see sightline --help)'],
    });
  });
});
