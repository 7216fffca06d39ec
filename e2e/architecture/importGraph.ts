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

/**
 * Which folder needs which: an import from a/x/… into a/y/… is an edge between the sibling folders a/x and a/y,
 * the two just below where the paths part, however deep the files sit. An import into the folder's own parent
 * or child is no edge (a folder and what it holds are one piece), nor is a file in the repo's root (configs).
 */
export function folderGraph(files: Map<string, Set<string>>): Map<string, Set<string>> {
  const edges = new Map<string, Set<string>>();
  for (const [file, targets] of files) {
    const from = file.split('/').slice(0, -1);
    for (const target of targets) {
      const to = target.split('/').slice(0, -1);
      let shared = 0;
      while (shared < from.length && shared < to.length && from[shared] === to[shared]) shared += 1;
      if (shared === from.length || shared === to.length) continue;
      const folder = from.slice(0, shared + 1).join('/');
      edges.set(folder, (edges.get(folder) ?? new Set()).add(to.slice(0, shared + 1).join('/')));
    }
  }
  return edges;
}
