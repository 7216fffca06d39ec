import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './runCli';
import { commandPaths, valueOptions } from './tools/testkit/usageFacts';

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
