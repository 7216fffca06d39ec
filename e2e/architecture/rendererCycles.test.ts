import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// The layer graph proves the renderer sits above the contract; this proves the renderer itself is a tree
// of modules: a feature is read from its page down, and `app/` (the composition root) is never imported back.
const RENDERER_SOURCE = 'renderer/src';

function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    const isModule = /\.tsx?$/.test(name) && !/\.(test|spec)\.tsx?$/.test(name) && !name.endsWith('.d.ts');
    return isModule ? [path.split('\\').join('/')] : [];
  });
}

/** The renderer module a relative import names (`./x` → x.ts, x.tsx or x/index.ts[x]); null for packages and CSS. */
function resolveImport(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = join(dirname(from), specifier);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')];
  const found = candidates.find((candidate) => /\.tsx?$/.test(candidate) && existsSync(candidate));
  return found ? relative('.', found).split('\\').join('/') : null;
}

export function importGraph(files: string[]): Map<string, string[]> {
  return new Map(
    files.map((file) => {
      const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
      const targets = importedFiles
        .map(({ fileName }) => resolveImport(file, fileName))
        .filter((target): target is string => target !== null);
      return [file, [...new Set(targets)]];
    }),
  );
}

/** Every loop of the graph, one per strongly connected component (Tarjan), each listed from its first module. */
export function findCycles(graph: Map<string, string[]>): string[][] {
  let nextIndex = 0;
  const index = new Map<string, number>();
  const lowLink = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const rank = (ranks: Map<string, number>, node: string): number =>
    ranks.get(node) ?? Number.POSITIVE_INFINITY;
  const visit = (node: string): void => {
    index.set(node, nextIndex);
    lowLink.set(node, nextIndex);
    nextIndex += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        lowLink.set(node, Math.min(rank(lowLink, node), rank(lowLink, next)));
      } else if (onStack.has(next)) {
        lowLink.set(node, Math.min(rank(lowLink, node), rank(index, next)));
      }
    }
    if (rank(lowLink, node) !== rank(index, node)) return;
    const component = stack.splice(stack.lastIndexOf(node));
    for (const member of component) onStack.delete(member);
    const selfImport = (graph.get(node) ?? []).includes(node);
    if (component.length > 1 || selfImport) cycles.push(component.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return cycles;
}

/** The feature folder a module belongs to (`players`), or null outside `features/`. */
function featureOf(file: string): string | null {
  const match = /^renderer\/src\/features\/([^/]+)\//.exec(file);
  return match?.[1] ?? null;
}

describe('the renderer module graph', () => {
  const graph = importGraph(sourceFiles(RENDERER_SOURCE));

  it('reads the renderer sources', () => {
    expect(graph.get('renderer/src/app/App.tsx')).toContain('renderer/src/app/viewRegistry.ts');
  });

  it('has no import cycle between modules', () => {
    expect(findCycles(graph)).toEqual([]);
  });

  it('has no import cycle between feature folders', () => {
    const features = new Map<string, Set<string>>();
    for (const [file, targets] of graph) {
      const from = featureOf(file);
      if (!from) continue;
      for (const target of targets) {
        const to = featureOf(target);
        if (to && to !== from) features.set(from, (features.get(from) ?? new Set()).add(to));
      }
    }
    const featureGraph = new Map([...features].map(([from, to]) => [from, [...to]]));
    expect(findCycles(featureGraph)).toEqual([]);
  });

  it('never imports the composition root from a feature or a primitive', () => {
    const intoApp = [...graph].flatMap(([file, targets]) =>
      file.startsWith(`${RENDERER_SOURCE}/app/`)
        ? []
        : targets
            .filter((target) => target.startsWith(`${RENDERER_SOURCE}/app/`))
            .map((target) => `${file} → ${target}`),
    );
    expect(intoApp).toEqual([`${RENDERER_SOURCE}/main.tsx → ${RENDERER_SOURCE}/app/App.tsx`]);
  });

  it('finds a cycle when there is one', () => {
    const loop = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', ['a.ts']],
    ]);
    expect(findCycles(loop)).toEqual([['a.ts', 'b.ts', 'c.ts']]);
    expect(findCycles(new Map([['a.ts', ['a.ts']]]))).toEqual([['a.ts']]);
    expect(
      findCycles(
        new Map([
          ['a.ts', ['b.ts']],
          ['b.ts', []],
        ]),
      ),
    ).toEqual([]);
  });
});
