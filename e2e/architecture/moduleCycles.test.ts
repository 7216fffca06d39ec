import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { findLoop, importedPaths, sourceFiles } from './importGraph';

// The layers have no loop (layerGraph.test.ts); inside one, files could still need each other, so that neither
// can be read, tested or moved alone. This proves the main process's files (core, CLI, shell) have no such loop.
const SCOPE = 'electron/';

/** The file an import names: `x` is `x.ts`, `x.tsx` or `x/index.ts`. */
function resolveFile(path: string): string | null {
  for (const candidate of [`${path}.ts`, `${path}.tsx`, `${path}/index.ts`, path]) {
    if (candidate.endsWith('.ts') || candidate.endsWith('.tsx')) {
      if (existsSync(candidate)) return candidate;
    }
  }
  return null;
}

function fileEdges(): Map<string, Set<string>> {
  const edges = new Map<string, Set<string>>();
  for (const file of sourceFiles()) {
    if (!file.startsWith(SCOPE)) continue;
    const targets = new Set<string>();
    for (const path of importedPaths(file)) {
      const target = resolveFile(path);
      if (target?.startsWith(SCOPE) && !/\.(test|spec)\.tsx?$/.test(target)) targets.add(target);
    }
    edges.set(file, targets);
  }
  return edges;
}

describe('the import graph of the main process', () => {
  it('has no loop between files', () => {
    expect(findLoop(fileEdges())).toBeNull();
  });

  it('reads every file of the core and the CLI', () => {
    const files = [...fileEdges().keys()];
    expect(files).toContain('electron/core/feature/feature.ts');
    expect(files).toContain('electron/cli/commandIo.ts');
    // an import resolves to its file: the core's features reach the feature context
    expect(fileEdges().get('electron/core/replay/replayFeature.ts')).toContain(
      'electron/core/feature/feature.ts',
    );
  });
});
