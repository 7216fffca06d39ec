import { describe, expect, it } from 'vitest';
import { findLoop, importedPaths, sourceFiles } from './importGraph';
import { layerOf } from './layeringRule.js';

// The whole repo's import graph, folded into layers: the lint rule judges one import at a time, this proves
// the result has no loop. Tests are left out, as the rule leaves them out.
function layerEdges(): Map<string, Set<string>> {
  const edges = new Map<string, Set<string>>();
  for (const file of sourceFiles()) {
    const from = layerOf(file);
    if (from === 'root') continue;
    for (const target of importedPaths(file)) {
      const to = layerOf(target);
      if (to === 'root' || to === from) continue;
      edges.set(from, (edges.get(from) ?? new Set()).add(to));
    }
  }
  return edges;
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
