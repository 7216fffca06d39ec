import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { OVERLAY_ROUTES } from '@shared/contract';
import { runCli } from './runCli';

/**
 * The README's command list and `sightline --help` name the same commands, subcommands and flags. Each side is
 * read as usage text: a command, then its words (subcommands and fixed arguments such as `all`) up to the first
 * flag, then its flags; placeholders (`<file>`, `N`) and flag values are not compared.
 */

const README = new URL('../../README.md', import.meta.url);
const MODULE_URL = new URL('../../out/main/cli.js', import.meta.url).href;

/**
 * A usage as facts: the command, each path of words before the flags, each flag. "data clear [all|arena|cards]
 * [--x N]" → data, data clear, data clear all, data clear arena, data clear cards, data --x. A bar with spaces on
 * both sides separates phrases ("codes create | code"); a bar inside a word separates alternatives of that word.
 */
function usageFacts(usage: string, commands: ReadonlySet<string>): string[] {
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
function helpUsages(help: string): string[] {
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

/**
 * The usages of the README's "Command line" section: every code span that starts with `npx sightline`, and in a
 * bullet about one command, the spans that start with that command or with a flag (`--pack`, `data clear arena`).
 */
function readmeUsages(readme: string, commands: ReadonlySet<string>): string[] {
  const section = /\n## Command line\n([\s\S]*?)\n## /.exec(readme)?.[1] ?? '';
  const usages: string[] = [];
  for (const bullet of section.split(/\n- /).slice(1)) {
    let command: string | null = null;
    const prose = bullet.replace(/```[\s\S]*?```/g, ' ').replace(/\s*\n\s*/g, ' ');
    for (const [, span = ''] of prose.matchAll(/`([^`]+)`/g)) {
      const full = /^npx sightline (\S+)/.exec(span);
      if (full?.[1] && commands.has(full[1])) {
        command ??= full[1];
        usages.push(span.slice('npx sightline '.length));
      } else if (command !== null && (span.startsWith(`${command} `) || span.startsWith('--'))) {
        usages.push(span.startsWith('--') ? `${command} ${span}` : span);
      }
    }
  }
  return usages;
}

async function help(): Promise<string> {
  const out: string[] = [];
  const code = await runCli(['--help'], {
    moduleUrl: MODULE_URL,
    env: {},
    out: (l) => out.push(l),
    err: () => {},
  });
  expect(code).toBe(0);
  return out.join('\n');
}

async function bothSides(): Promise<{ inHelp: Set<string>; inReadme: Set<string> }> {
  const helpLines = helpUsages(await help());
  const commands = new Set(helpLines.map((usage) => usage.split(' ')[0] ?? ''));
  const inHelp = new Set(helpLines.flatMap((usage) => usageFacts(usage, commands)));
  const inReadme = new Set(
    readmeUsages(await readFile(README, 'utf8'), commands).flatMap((usage) => usageFacts(usage, commands)),
  );
  return { inHelp, inReadme };
}

describe('sightline --help and the README', () => {
  it('both name the commands and flags users missed in --help', async () => {
    const { inHelp, inReadme } = await bothSides();
    const missed = [
      'demo --scenario',
      'demo --no-open',
      'data sync',
      'data --region',
      'data clear all',
      'tournament codes update',
      'tournament code',
      'tournament receive',
      'replay seek',
    ];
    for (const fact of missed) {
      expect(inHelp.has(fact), `--help: ${fact}`).toBe(true);
      expect(inReadme.has(fact), `README: ${fact}`).toBe(true);
    }
  });

  it('list the same commands, subcommands and flags', async () => {
    const { inHelp, inReadme } = await bothSides();
    expect(
      [...inReadme].filter((fact) => !inHelp.has(fact)),
      'in the README, not in --help',
    ).toEqual([]);
    expect(
      [...inHelp].filter((fact) => !inReadme.has(fact)),
      'in --help, not in the README',
    ).toEqual([]);
  });
});

describe("the README's serve example", () => {
  it('shows every overlay line with the browser-source size serve prints', async () => {
    const readme = await readFile(README, 'utf8');
    for (const route of OVERLAY_ROUTES) {
      expect(readme).toContain(
        `overlay ${route.name}: http://127.0.0.1:<port>${route.path}?token=<overlay token> (${route.width}×${route.height})`,
      );
    }
  });
});
