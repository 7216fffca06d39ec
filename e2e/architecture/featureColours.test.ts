import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// Feature stylesheets name their colours through the design tokens of the global stylesheet, so a colour is
// changed once and two features never drift apart by a shade.
const FEATURES = 'renderer/src/features';
const GLOBAL_STYLESHEET = 'renderer/src/styles.css';
const HEX_COLOUR = /#[0-9a-fA-F]{3,8}\b/g;

function filesEndingIn(folder: string, pattern: RegExp): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return filesEndingIn(path, pattern);
    return pattern.test(name) ? [path] : [];
  });
}

/** `file:line #colour` for every raw hex colour in this CSS text. */
export function rawHexColours(file: string, css: string): string[] {
  const withoutComments = css.replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ' '));
  return withoutComments
    .split('\n')
    .flatMap((line, index) => (line.match(HEX_COLOUR) ?? []).map((hex) => `${file}:${index + 1} ${hex}`));
}

/** Custom properties a stylesheet declares (`--x:`), or a component sets inline (`{ '--x': … }`). */
function definedProperties(source: string): string[] {
  return [...source.matchAll(/(--[\w-]+)\s*:|['"`](--[\w-]+)['"`]/g)].flatMap(
    (match) => match[1] ?? match[2] ?? [],
  );
}

describe('feature stylesheets', () => {
  const files = filesEndingIn(FEATURES, /\.css$/);

  it('are found', () => {
    expect(files.length).toBeGreaterThan(10);
  });

  it('use design tokens, never a raw hex colour', () => {
    const found = files.flatMap((file) => rawHexColours(file, readFileSync(file, 'utf8')));
    expect(found).toEqual([]);
  });

  it('use only tokens that are defined', () => {
    const components = filesEndingIn('renderer/src', /\.tsx?$/);
    const sources = [GLOBAL_STYLESHEET, ...files, ...components].map((file) => readFileSync(file, 'utf8'));
    const defined = new Set(sources.flatMap(definedProperties));
    const undefinedTokens = files.flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/var\((--[\w-]+)/g)]
        .flatMap((match) => match[1] ?? [])
        .filter((token) => !defined.has(token))
        .map((token) => `${file} ${token}`),
    );
    expect(undefinedTokens).toEqual([]);
  });

  it('finds a raw colour, and not one in a comment', () => {
    const css = '.a {\n  color: #ffb3ad; /* was #fff */\n  background: var(--bg);\n}';
    expect(rawHexColours('x.css', css)).toEqual(['x.css:2 #ffb3ad']);
  });
});
