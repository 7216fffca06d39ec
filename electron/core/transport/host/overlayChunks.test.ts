import { describe, expect, it } from 'vitest';
import { OVERLAY_CORE_CHUNK, overlayChunkName, type ChunkModuleInfo } from './overlayChunks';

const ROOT = '/repo/renderer';
const VIEWS = (feature: string) => `${ROOT}/src/features/${feature}/overlayViews.tsx`;
const REGISTRY = `${ROOT}/src/app/overlayViewRegistry.ts`;

// Who imports whom in a small renderer: two pages, the overlays' three lazy views, a lazy companion page.
const GRAPH: Record<string, Partial<ChunkModuleInfo>> = {
  [`${ROOT}/index.html`]: {},
  [`${ROOT}/overlay.html`]: {},
  [`${ROOT}/src/main.tsx`]: { importers: [`${ROOT}/index.html`] },
  [`${ROOT}/src/overlayMain.tsx`]: { importers: [`${ROOT}/overlay.html`] },
  [REGISTRY]: { importers: [`${ROOT}/src/overlayMain.tsx`] },
  '/repo/node_modules/react-dom/index.js': {
    importers: [`${ROOT}/src/main.tsx`, `${ROOT}/src/overlayMain.tsx`],
  },
  [VIEWS('live')]: { dynamicImporters: [REGISTRY] },
  [VIEWS('card')]: { dynamicImporters: [REGISTRY] },
  [VIEWS('status')]: { dynamicImporters: [REGISTRY] },
  [`${ROOT}/src/features/store/StorePage.tsx`]: { dynamicImporters: [`${ROOT}/src/main.tsx`] },
  // Shared by the card and status views, through a cycle.
  [`${ROOT}/src/ui/time/useNow.ts`]: { importers: [VIEWS('card'), `${ROOT}/src/ui/time/secondTicks.ts`] },
  [`${ROOT}/src/ui/time/secondTicks.ts`]: { importers: [`${ROOT}/src/ui/time/useNow.ts`, VIEWS('status')] },
  // The arena's views and the companion.
  [`${ROOT}/src/features/live/ScoreStrip.tsx`]: { importers: [VIEWS('live'), `${ROOT}/src/main.tsx`] },
  '/repo/node_modules/@tanstack/query-core/query.js': {
    importers: [`${ROOT}/src/features/live/ScoreStrip.tsx`],
  },
  // The arena's views and the card's.
  [`${ROOT}/src/bridge/hostAssetUrl.ts`]: { importers: [VIEWS('live'), VIEWS('card')] },
  // The card views and the companion.
  [`${ROOT}/src/features/card/cardListWriter.ts`]: { importers: [VIEWS('card'), `${ROOT}/src/main.tsx`] },
  // One view's own.
  [`${ROOT}/src/features/card/TrackerOverlays.tsx`]: { importers: [VIEWS('card')] },
  // The companion's own, and what its pages share.
  [`${ROOT}/src/features/store/Cart.tsx`]: { importers: [`${ROOT}/src/features/store/StorePage.tsx`] },
  [`${ROOT}/src/ui/Button.tsx`]: {
    importers: [`${ROOT}/src/main.tsx`, `${ROOT}/src/features/store/Cart.tsx`],
  },
};
const moduleInfo = (id: string): ChunkModuleInfo | null => {
  const known = GRAPH[id];
  return known ? { importers: known.importers ?? [], dynamicImporters: known.dynamicImporters ?? [] } : null;
};
const chunkOf = (id: string) => overlayChunkName(id, moduleInfo);

describe('the renderer build’s chunks', () => {
  it('puts in the overlay core what an overlay shares with another page or view, cycles included', () => {
    expect(chunkOf('/repo/node_modules/react-dom/index.js')).toBe(OVERLAY_CORE_CHUNK);
    expect(chunkOf(`${ROOT}/src/ui/time/useNow.ts`)).toBe(OVERLAY_CORE_CHUNK);
    expect(chunkOf(`${ROOT}/src/ui/time/secondTicks.ts`)).toBe(OVERLAY_CORE_CHUNK);
    expect(chunkOf(`${ROOT}/src/bridge/hostAssetUrl.ts`)).toBe(OVERLAY_CORE_CHUNK);
  });

  it('leaves to rolldown what one page or view uses alone, the companion’s own, and what one view shares only with the companion', () => {
    expect(chunkOf(`${ROOT}/src/overlayMain.tsx`)).toBeNull();
    expect(chunkOf(REGISTRY)).toBeNull();
    expect(chunkOf(`${ROOT}/src/features/card/TrackerOverlays.tsx`)).toBeNull();
    expect(chunkOf(`${ROOT}/src/features/store/Cart.tsx`)).toBeNull();
    expect(chunkOf(`${ROOT}/src/ui/Button.tsx`)).toBeNull();
    // The card and status overlays do not load TanStack Query, nor the arena overlays the card list's writer.
    expect(chunkOf(`${ROOT}/src/features/live/ScoreStrip.tsx`)).toBeNull();
    expect(chunkOf('/repo/node_modules/@tanstack/query-core/query.js')).toBeNull();
    expect(chunkOf(`${ROOT}/src/features/card/cardListWriter.ts`)).toBeNull();
  });
});
