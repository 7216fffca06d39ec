import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import ts from 'typescript';

/** The repo's TypeScript files that ship: tests and declarations left out, as the layering rule leaves them out. */
export function sourceFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '-co', '--exclude-standard', '*.ts', '*.tsx'], {
    encoding: 'utf8',
  });
  return listed
    .split('\n')
    .filter((file) => file && !/\.(test|spec)\.tsx?$/.test(file) && !file.endsWith('.d.ts'));
}

/**
 * What a file imports, as repo paths without an extension (`@shared/` and relative specifiers resolved, packages
 * left out).
 */
export function importedPaths(file: string): string[] {
  const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  return importedFiles.flatMap(({ fileName }) => importedPath(file, fileName) ?? []);
}

/** The repo path (without an extension) an import specifier of `file` names, or null for a package. */
export function importedPath(file: string, specifier: string): string | null {
  if (specifier.startsWith('@shared/')) return `shared/${specifier.slice('@shared/'.length)}`;
  if (!specifier.startsWith('.')) return null;
  return normalize(join(dirname(file), specifier))
    .split('\\')
    .join('/');
}

/** The module an import names: `x` is x.ts, x.tsx, x/index.ts or x/index.tsx; null for anything else (CSS, JSON). */
export function resolveModule(path: string): string | null {
  const candidates = [path, `${path}.ts`, `${path}.tsx`, `${path}/index.ts`, `${path}/index.tsx`];
  return candidates.find((candidate) => /\.tsx?$/.test(candidate) && existsSync(candidate)) ?? null;
}

/** Which source file imports which, for the files whose path starts with `scope` (the whole repo when empty). */
export function moduleGraph(scope = ''): Map<string, Set<string>> {
  const edges = new Map<string, Set<string>>();
  for (const file of sourceFiles()) {
    if (!file.startsWith(scope)) continue;
    const targets = new Set<string>();
    for (const path of importedPaths(file)) {
      const target = resolveModule(path);
      if (target?.startsWith(scope) && !/\.(test|spec)\.tsx?$/.test(target)) targets.add(target);
    }
    edges.set(file, targets);
  }
  return edges;
}

/** One loop of the graph (layers or files), if there is any. */
export function findLoop(edges: Map<string, Set<string>>): string[] | null {
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
