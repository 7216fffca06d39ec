import { describe, expect, it } from 'vitest';
import { findLoop, folderGraph, moduleGraph } from './importGraph';

// moduleCycles.test.ts proves no file loop; files can still be free of loops while their folders need each
// other (a/x.ts → b/y.ts, b/z.ts → a/w.ts), so that no folder can be read, moved or owned alone. This proves
// no two folders of the repo, on any side and at any depth, need each other.
describe('the folder graph', () => {
  it('has no loop between folders anywhere in the repo', () => {
    expect(findLoop(folderGraph(moduleGraph()))).toBeNull();
  });

  it('sees the core’s layers depend one way', () => {
    const core = folderGraph(moduleGraph('electron/core/'));
    expect(core.get('electron/core/features')).toContain('electron/core/platform');
    expect(core.get('electron/core/app')).toContain('electron/core/features');
    expect(core.get('electron/core/platform')).toBeUndefined();
  });

  it('finds a loop between sibling folders, however deep their files are', () => {
    const files = new Map([
      ['electron/core/a/x.ts', new Set(['electron/core/b/deep/y.ts'])],
      ['electron/core/b/z.ts', new Set(['electron/core/a/sub/w.ts'])],
    ]);
    expect(findLoop(folderGraph(files))).toEqual(['electron/core/a', 'electron/core/b', 'electron/core/a']);
  });

  it('takes a folder and what it holds as one piece, and leaves the repo’s root files out', () => {
    const files = new Map([
      ['renderer/src/features/a/index.ts', new Set(['renderer/src/features/a/sub/x.ts'])],
      ['renderer/src/features/a/sub/x.ts', new Set(['renderer/src/features/a/helper.ts'])],
      ['electron.vite.config.ts', new Set(['electron/core/transport/host/pages.ts'])],
      ['e2e/devServer/server.ts', new Set(['electron.vite.config.ts'])],
    ]);
    expect(findLoop(folderGraph(files))).toBeNull();
  });
});
