import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { layerOf } from './layeringRule.js';

// The whole repo's import graph, folded into layers: the lint rule judges one import at a time, this proves
// the result has no loop. Tests are left out, as the rule leaves them out.
function sourceFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '-co', '--exclude-standard', '*.ts', '*.tsx'], {
    encoding: 'utf8',
  });
  return listed
    .split('\n')
    .filter((file) => file && !/\.(test|spec)\.tsx?$/.test(file) && !file.endsWith('.d.ts'));
}

function layerEdges(): Map<string, Set<string>> {
  const edges = new Map<string, Set<string>>();
  for (const file of sourceFiles()) {
    const from = layerOf(file);
    if (from === 'root') continue;
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    for (const { fileName } of importedFiles) {
      const target = fileName.startsWith('@shared/')
        ? `shared/${fileName.slice('@shared/'.length)}`
        : fileName.startsWith('.')
          ? normalize(join(dirname(file), fileName))
              .split('\\')
              .join('/')
          : null;
      const to = target === null ? 'root' : layerOf(target);
      if (to === 'root' || to === from) continue;
      edges.set(from, (edges.get(from) ?? new Set()).add(to));
    }
  }
  return edges;
}

/** One loop of layers, if there is any. */
function findLoop(edges: Map<string, Set<string>>): string[] | null {
  const state = new Map<string, 'open' | 'done'>();
  const walk = (layer: string, path: string[]): string[] | null => {
    if (state.get(layer) === 'open') return [...path.slice(path.indexOf(layer)), layer];
    if (state.get(layer) === 'done') return null;
    state.set(layer, 'open');
    for (const next of edges.get(layer) ?? []) {
      const loop = walk(next, [...path, layer]);
      if (loop) return loop;
    }
    state.set(layer, 'done');
    return null;
  };
  for (const layer of edges.keys()) {
    const loop = walk(layer, []);
    if (loop) return loop;
  }
  return null;
}

describe('the import graph', () => {
  it('has no loop between layers', () => {
    expect(findLoop(layerEdges())).toBeNull();
  });

  it('reaches the contract from both sides of it, and the core only from above', () => {
    const edges = layerEdges();
    expect([...(edges.get('renderer') ?? [])]).toEqual(['shared']);
    expect([...(edges.get('simulator') ?? [])]).toEqual(['shared']);
    expect([...(edges.get('core') ?? [])]).toEqual(['shared']);
    expect(edges.get('shared')).toBeUndefined();
  });

  it('finds a loop when there is one', () => {
    const edges = new Map([
      ['core', new Set(['shared', 'cli'])],
      ['cli', new Set(['core'])],
    ]);
    expect(findLoop(edges)).toEqual(['core', 'cli', 'core']);
  });
});
