import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { moduleGraph } from './importGraph';

// An overlay is pushed only OverlayState (shared/contract/audience.ts): a view that read the companion's state
// through useAppState would draw nothing there. Type-checked through useOverlayState, held here for every module
// an overlay view imports.
const OVERLAY_VIEWS = [
  'renderer/src/features/card/TrackerOverlays.tsx',
  'renderer/src/features/live/ScoreboardOverlays.tsx',
  'renderer/src/features/live/staticDataIcons.tsx',
  'renderer/src/features/status/StatusOverlay.tsx',
];
const DEFINES_HOOKS = 'renderer/src/state/AppContext.tsx';

describe('the overlay views', () => {
  it('read only what overlays are pushed: no module they import calls useAppState', () => {
    const graph = moduleGraph('renderer/src/');
    const reached = new Set<string>();
    const next = [...OVERLAY_VIEWS];
    for (let file = next.pop(); file !== undefined; file = next.pop()) {
      if (reached.has(file)) continue;
      expect(graph.has(file), file).toBe(true);
      reached.add(file);
      next.push(...(graph.get(file) ?? []));
    }
    const readers = [...reached].filter(
      (file) => file !== DEFINES_HOOKS && /\buseAppState\(/.test(readFileSync(file, 'utf8')),
    );
    expect(readers).toEqual([]);
  });
});
