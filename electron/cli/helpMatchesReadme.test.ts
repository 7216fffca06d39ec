import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { OVERLAY_ROUTES } from '@shared/contract';
import { runCli } from './runCli';
import { helpUsages, usageFacts } from './tools/testkit/usageFacts';

/**
 * The README's command list and `sightline --help` name the same commands, subcommands and flags. Each side is
 * read as usage text: a command, then its words (subcommands and fixed arguments such as `all`) up to the first
 * flag, then its flags; placeholders (`<file>`, `N`) and flag values are not compared.
 */

const README = new URL('../../README.md', import.meta.url);
const MODULE_URL = new URL('../../out/main/cli.js', import.meta.url).href;

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
      'tournament migrate',
      'tournament --to',
      'tournament --from',
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

describe("the README's set-up and --help", () => {
  it('say the same about a blocked Electron download', async () => {
    const plain = (text: string): string => text.replace(/`/g, '').replace(/\s+/g, ' ');
    const advice = /If Electron's download is blocked[^.]*\./.exec(plain(await help()))?.[0];
    expect(advice).toContain('npm install --ignore-scripts');
    const setUp = /\n## Set up\n([\s\S]*?)\n## /.exec(await readFile(README, 'utf8'))?.[1] ?? '';
    expect(plain(setUp)).toContain(advice);
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
