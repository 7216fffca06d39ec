/** The part of a module's build information the grouping reads (rolldown's ModuleInfo). */
export interface ChunkModuleInfo {
  importers: readonly string[];
  dynamicImporters: readonly string[];
}

export type ModuleInfoOf = (moduleId: string) => ChunkModuleInfo | null;

/** The chunk every overlay page loads beside its entry and its view: React, the bridge, the store, what views share. */
export const OVERLAY_CORE_CHUNK = 'core';

const OVERLAY_PAGE = /[\\/]renderer[\\/]overlay\.html$/;
/** A feature's overlay views, the module each overlay route loads lazily; its first group is the feature. */
export const OVERLAY_VIEWS_MODULE =
  /[\\/]renderer[\\/]src[\\/]features[\\/]([^\\/]+)[\\/]overlayViews\.tsx?$/;

/**
 * The pages and lazily loaded modules `moduleId` runs for: the roots it is reached from by static imports (a page
 * has no importer; a lazy module is imported dynamically).
 */
function rootsOf(moduleId: string, moduleInfo: ModuleInfoOf): string[] {
  const roots: string[] = [];
  const seen = new Set([moduleId]);
  const queue = [moduleId];
  for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
    const info = moduleInfo(next);
    if (!info || info.importers.length === 0 || info.dynamicImporters.length > 0) roots.push(next);
    for (const importer of info?.importers ?? []) {
      if (seen.has(importer)) continue;
      seen.add(importer);
      queue.push(importer);
    }
  }
  return roots;
}

/**
 * rolldown's `codeSplitting` name for a module of the renderer build: the overlay core, or null to leave it to
 * rolldown. Left to itself, rolldown makes a chunk of each set of pages and views that shares modules: an arena
 * overlay loaded nine scripts and three style sheets, over at most six connections on a fresh OBS source, and a
 * page of twelve small modules showed its value ~35 ms after one of a single module on our CI machine. What the
 * overlays' page shares with the companion, and what two overlay views share, goes to the core instead. What one
 * view shares only with the companion stays a chunk of its own (TanStack Query and the bar's widgets for the arena
 * views, the list writer for the card views), so no other route loads it: a route loads its entry, rolldown's
 * runtime, the core, its view and that chunk.
 */
export function overlayChunkName(moduleId: string, moduleInfo: ModuleInfoOf): string | null {
  const roots = rootsOf(moduleId, moduleInfo);
  if (roots.length < 2) return null;
  const views = roots.filter((root) => OVERLAY_VIEWS_MODULE.test(root));
  return roots.some((root) => OVERLAY_PAGE.test(root)) || views.length >= 2 ? OVERLAY_CORE_CHUNK : null;
}
