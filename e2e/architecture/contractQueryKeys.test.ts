import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// Query keys are derived from the contract's channel by one module (renderer/src/state/contractQueries.ts), so a
// channel is cached under one name and invalidating it reaches every page. A key written by hand breaks that.
const RENDERER = 'renderer/src';
const KEY_MODULE = join(RENDERER, 'state', 'contractQueries.ts');
const HAND_WRITTEN_KEY = /queryKey\s*:\s*\[\s*['"`]/g;

function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

/** `file:line` for every query key in this source that starts with a string literal. */
export function handWrittenQueryKeys(file: string, source: string): string[] {
  return [...source.matchAll(HAND_WRITTEN_KEY)].map(
    (match) => `${file}:${source.slice(0, match.index).split('\n').length}`,
  );
}

describe('renderer query keys', () => {
  const files = sourceFiles(RENDERER).filter((file) => file !== KEY_MODULE);

  it('are found in the renderer', () => {
    expect(files.length).toBeGreaterThan(100);
  });

  it('are derived from the contract channel, never written by hand', () => {
    const found = files.flatMap((file) => handWrittenQueryKeys(file, readFileSync(file, 'utf8')));
    expect(found).toEqual([]);
  });

  it('finds a hand-written key, and not a derived one', () => {
    const source = [
      "useQuery({ queryKey: contractQueryKey('app.info') });",
      "useQuery({\n  queryKey: [\n    'webApi.recent', puuid],\n});",
      'invalidateQueries({ queryKey: [`store`] });',
    ].join('\n');
    expect(handWrittenQueryKeys('x.ts', source)).toEqual(['x.ts:3', 'x.ts:6']);
  });
});
