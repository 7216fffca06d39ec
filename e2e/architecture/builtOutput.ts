import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

/** The repo, where electron-vite writes out/ and electron-builder reads electron-builder.json. */
export const REPO_ROOT = join(import.meta.dirname, '..', '..');

/** The app's build (`electron-vite build`), made first when a fresh checkout has none. */
export function ensureAppBuilt(): void {
  if (existsSync(join(REPO_ROOT, 'out', 'main', 'index.js'))) return;
  execFileSync(join(REPO_ROOT, 'node_modules', '.bin', 'electron-vite'), ['build', '--logLevel', 'warn'], {
    cwd: REPO_ROOT,
    stdio: 'inherit',
  });
}

/** Every file under a repo folder, as repo paths with forward slashes. */
export function filesUnder(folder: string): string[] {
  const absolute = join(REPO_ROOT, folder);
  if (!existsSync(absolute)) return [];
  return readdirSync(absolute, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(REPO_ROOT, join(entry.parentPath, entry.name)).split('\\').join('/'));
}

/**
 * The source modules a built (unminified) main-process file holds: rolldown heads each with a `// <path>`
 * comment line.
 */
export function bundledModules(file: string): string[] {
  const text = readFileSync(join(REPO_ROOT, file), 'utf8');
  return [...text.matchAll(/^\/\/ ((?:electron|shared|e2e|renderer)\/\S+\.tsx?)$/gm)].map(
    (match) => match[1] ?? '',
  );
}

export interface BuiltImports {
  static: string[];
  dynamic: string[];
}

/** The built files a built file imports, statically and with `import()`, as repo paths. */
export function builtImports(file: string): BuiltImports {
  const text = readFileSync(join(REPO_ROOT, file), 'utf8');
  const resolveSpecifier = (specifier: string): string =>
    relative(REPO_ROOT, join(REPO_ROOT, dirname(file), specifier))
      .split('\\')
      .join('/');
  const dynamic = [...text.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g)].map((match) => match[1] ?? '');
  const all = [...text.matchAll(/(?:\bfrom|^import|\bimport\()\s*["'](\.{1,2}\/[^"']+)["']/gm)].map(
    (match) => match[1] ?? '',
  );
  return {
    static: all.filter((specifier) => !dynamic.includes(specifier)).map(resolveSpecifier),
    dynamic: dynamic.filter((specifier) => specifier.startsWith('.')).map(resolveSpecifier),
  };
}

/** The built files `entry` reaches: through static imports only, or through dynamic ones as well. */
export function reachableFrom(entry: string, through: 'static' | 'any'): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string): void => {
    if (seen.has(file)) return;
    seen.add(file);
    const imports = builtImports(file);
    for (const next of through === 'any' ? [...imports.static, ...imports.dynamic] : imports.static)
      visit(next);
  };
  visit(entry);
  return seen;
}
