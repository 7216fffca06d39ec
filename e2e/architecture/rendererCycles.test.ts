import { describe, expect, it } from 'vitest';
import { findLoop, moduleGraph } from './importGraph';

// moduleCycles.test.ts proves no file loop; this proves the renderer is a tree of features: a feature is read
// from its page down, no two features need each other, and `app/` (the composition root) is never imported back.
const RENDERER_SOURCE = 'renderer/src/';

/** The feature folder a module belongs to (`webApi`), or null outside `features/`. */
function featureOf(file: string): string | null {
  const match = /^renderer\/src\/features\/([^/]+)\//.exec(file);
  return match?.[1] ?? null;
}

describe('the renderer module graph', () => {
  const graph = moduleGraph(RENDERER_SOURCE);

  it('has no import loop between feature folders', () => {
    const features = new Map<string, Set<string>>();
    for (const [file, targets] of graph) {
      const from = featureOf(file);
      if (!from) continue;
      for (const target of targets) {
        const to = featureOf(target);
        if (to && to !== from) features.set(from, (features.get(from) ?? new Set()).add(to));
      }
    }
    expect(features.size).toBeGreaterThan(0);
    expect(findLoop(features)).toBeNull();
  });

  it('never imports the composition root from a feature or a primitive', () => {
    const intoApp = [...graph].flatMap(([file, targets]) =>
      file.startsWith(`${RENDERER_SOURCE}app/`)
        ? []
        : [...targets]
            .filter((target) => target.startsWith(`${RENDERER_SOURCE}app/`))
            .map((target) => `${file} → ${target}`),
    );
    // Only the entries: the companion's (index.html) and each overlay feature's (overlayEntries/).
    expect(intoApp.sort()).toEqual([
      `${RENDERER_SOURCE}main.tsx → ${RENDERER_SOURCE}app/App.tsx`,
      `${RENDERER_SOURCE}overlayEntries/card.ts → ${RENDERER_SOURCE}app/startOverlay.tsx`,
      `${RENDERER_SOURCE}overlayEntries/live.ts → ${RENDERER_SOURCE}app/startOverlay.tsx`,
      `${RENDERER_SOURCE}overlayEntries/status.ts → ${RENDERER_SOURCE}app/startOverlay.tsx`,
    ]);
  });
});
