import { describe, expect, it } from 'vitest';
import { findLoop, moduleGraph } from './importGraph';

// The layers have no loop (layerGraph.test.ts); inside one, files could still need each other, so that neither
// can be read, tested or moved alone. This proves no file of the repo that ships is in such a loop.
describe('the import graph of modules', () => {
  const graph = moduleGraph();

  it('has no loop between files, on any side', () => {
    expect(findLoop(graph)).toBeNull();
  });

  it('reads every side and resolves an import to its file', () => {
    expect(graph.get('electron/core/features/replay/replayFeature.ts')).toContain(
      'electron/core/platform/feature/feature.ts',
    );
    expect(graph.get('renderer/src/app/App.tsx')).toContain('renderer/src/app/viewRegistry.ts');
    expect(graph.has('shared/contract/index.ts')).toBe(true);
    expect(graph.has('electron/simulator/index.ts')).toBe(true);
  });

  it('finds a loop when there is one', () => {
    const loop = new Map([
      ['a.ts', new Set(['b.ts'])],
      ['b.ts', new Set(['c.ts'])],
      ['c.ts', new Set(['a.ts'])],
      ['d.ts', new Set(['a.ts'])],
    ]);
    expect(findLoop(loop)).toEqual(['a.ts', 'b.ts', 'c.ts', 'a.ts']);
    expect(findLoop(new Map([['a.ts', new Set(['a.ts'])]]))).toEqual(['a.ts', 'a.ts']);
    expect(findLoop(new Map([['a.ts', new Set(['b.ts'])]]))).toBeNull();
  });
});
