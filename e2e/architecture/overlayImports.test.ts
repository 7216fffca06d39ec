import { readFileSync } from 'node:fs';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { importedPath, resolveModule } from './importGraph';

// An overlay is an OBS source beside the game: its feature's entry (overlayEntries/<feature>.ts, one script each)
// carries only what overlays draw. This walks what that code imports at run time (type-only imports are erased by
// the build) and holds the line: no schema library, not the contract's barrel (which drags every schema in), none
// of the companion's features, and the request cache only in the arena overlays' entry, which asks lookups.
const OVERLAY_ENTRIES = {
  status: 'renderer/src/overlayEntries/status.ts',
  live: 'renderer/src/overlayEntries/live.ts',
  card: 'renderer/src/overlayEntries/card.ts',
} as const;
const COMPANION_ENTRY = 'renderer/src/main.tsx';

/** Modules no overlay may carry: features it does not draw, and the companion's own registry. */
const FORBIDDEN_MODULES = [
  /^shared\/contract\/index\.ts$/,
  /^renderer\/src\/features\/(store|tournament|replay|webApi|signOn|settings|history|firstRun|overlays)\//,
  /^renderer\/src\/features\/staticData\/library\//,
  /^renderer\/src\/app\/(App|viewRegistry)\.tsx?$/,
];
const FORBIDDEN_PACKAGES = ['zod'];
/** Only the arena overlays ask lookups: their entry brings the request cache, the others never do. */
const REQUEST_CACHE = ['@tanstack/react-query', '@tanstack/query-core'];

/** What a module imports that survives the build: static and dynamic imports and re-exports, not `import type`. */
function runTimeImports(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const named = clause?.namedBindings;
      const typeOnly =
        clause !== undefined &&
        (clause.isTypeOnly ||
          (clause.name === undefined &&
            named !== undefined &&
            ts.isNamedImports(named) &&
            named.elements.length > 0 &&
            named.elements.every((element) => element.isTypeOnly)));
      if (!typeOnly) found.push(node.moduleSpecifier.text);
    } else if (
      ts.isExportDeclaration(node) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      if (!node.isTypeOnly) found.push(node.moduleSpecifier.text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] !== undefined &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      found.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The package an import names (`@tanstack/react-query`, `zod` of `zod/v4`), or null for a file of the repo. */
function packageOf(specifier: string): string | null {
  if (specifier.startsWith('.') || specifier.startsWith('@shared/')) return null;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? null);
}

/** Every module and package that code reached from `entry` runs, lazy imports too (the build inlines them). */
function reachedAtRunTime(entry: string) {
  const modules = new Set<string>();
  const packages = new Set<string>();
  const next = [entry];
  for (let file = next.pop(); file !== undefined; file = next.pop()) {
    if (modules.has(file)) continue;
    modules.add(file);
    for (const specifier of runTimeImports(file)) {
      const path = importedPath(file, specifier);
      const module = path === null ? null : resolveModule(path);
      if (module !== null) next.push(module);
      const name = packageOf(specifier);
      if (name !== null) packages.add(name);
    }
  }
  return { modules, packages };
}

describe('the overlays’ run-time imports', () => {
  const reached = Object.fromEntries(
    Object.entries(OVERLAY_ENTRIES).map(([feature, entry]) => [feature, reachedAtRunTime(entry)]),
  );

  it('carry no schema library, no contract barrel and none of the companion’s features', () => {
    for (const [feature, overlay] of Object.entries(reached)) {
      expect(
        [...overlay.modules].filter((file) => FORBIDDEN_MODULES.some((rule) => rule.test(file))),
        feature,
      ).toEqual([]);
      expect(
        FORBIDDEN_PACKAGES.filter((name) => overlay.packages.has(name)),
        feature,
      ).toEqual([]);
    }
  });

  it('load the request cache only with the overlays that ask lookups', () => {
    expect(REQUEST_CACHE.filter((name) => reached.status?.packages.has(name))).toEqual([]);
    expect(REQUEST_CACHE.filter((name) => reached.card?.packages.has(name))).toEqual([]);
    expect(reached.live?.packages.has('@tanstack/react-query')).toBe(true);
  });

  it('reach each feature’s overlay views and no other feature’s, and the companion’s entry would fail the same check', () => {
    const views = {
      status: 'renderer/src/features/status/StatusOverlay.tsx',
      live: 'renderer/src/features/live/ScoreboardOverlays.tsx',
      card: 'renderer/src/features/card/TrackerOverlays.tsx',
    };
    for (const [feature, overlay] of Object.entries(reached))
      for (const [viewFeature, view] of Object.entries(views))
        expect(overlay.modules.has(view), `${feature} → ${view}`).toBe(viewFeature === feature);
    const companion = reachedAtRunTime(COMPANION_ENTRY);
    expect(companion.packages.has('zod')).toBe(true);
    expect([...companion.modules].some((file) => FORBIDDEN_MODULES.some((rule) => rule.test(file)))).toBe(
      true,
    );
  });
});
