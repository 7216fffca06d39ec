import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ElectronViteConfigFnObject, UserConfig } from 'electron-vite';
import { beforeAll, describe, expect, it } from 'vitest';
import viteConfig from '../../electron.vite.config';
import { CONTENT_SECURITY_POLICY } from '../../electron/core/transport/host/securityHeaders';
import { REPO_ROOT, bundledModules, ensureAppBuilt, filesUnder, reachableFrom } from './builtOutput';

// Spec 1 §1: "Keys must not appear in distributed code": checked here on what the installers carry (the built
// files electron-builder.json takes), beside noApiKeysInSource.test.ts on the sources. A key is RGAPI-<uuid>.
const KEY = /RGAPI-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

/** Test tooling that never ships: benchmarks, the fault matrix and soak (the harness), fuzzing, test kits. */
const TOOLING = /(^|\/)bench\/|Bench\.ts$|^e2e\/reliability\/|fuzz|TestKit\.ts$|\/testing\//;

interface BuilderConfig {
  files: string[];
}

const builderConfig = JSON.parse(
  readFileSync(join(REPO_ROOT, 'electron-builder.json'), 'utf8'),
) as BuilderConfig;

/** The folders a build writes (electron-vite's outDirs), for the app or for the development tools. */
function outDirs(mode: 'production' | 'dev-tools'): string[] {
  const config: UserConfig = (viteConfig as ElectronViteConfigFnObject)({ command: 'build', mode });
  return [config.main, config.preload, config.renderer].flatMap((part) => part?.build?.outDir ?? []);
}

/** What the installers carry of the repo: every file under each `<folder>/**\/*` of electron-builder.json. */
function shippedFiles(): string[] {
  return builderConfig.files.flatMap((pattern) => filesUnder(pattern.replace(/\/\*\*\/\*$/, '')));
}

const shippedScripts = (): string[] => shippedFiles().filter((file) => /\.(c|m)?js$/.test(file));

beforeAll(() => ensureAppBuilt(), 180_000);

describe('what the installers carry', () => {
  it('is the app’s build and its resources, and never the development tools’ build', () => {
    expect(builderConfig.files.every((pattern) => /^[\w-]+(\/[\w-]+)*\/\*\*\/\*$/.test(pattern))).toBe(true);
    const folders = builderConfig.files.map((pattern) => pattern.replace(/\/\*\*\/\*$/, ''));
    expect(folders.sort()).toEqual([...outDirs('production'), 'resources'].sort());
    expect(outDirs('dev-tools')).toEqual(['out/dev-tools']);
    expect(folders).not.toContain('out/dev-tools');
  });

  it('holds no key-shaped string in any file', () => {
    const files = shippedFiles();
    expect(files).toContain('out/main/index.js');
    expect(files.filter((file) => KEY.test(readFileSync(join(REPO_ROOT, file), 'utf8')))).toEqual([]);
  });

  it('holds no benchmark, fault matrix, soak, fuzzing or test kit, and of the tests’ code only the simulator', () => {
    const modules = shippedScripts().flatMap((file) =>
      bundledModules(file).map((module) => ({ file, module })),
    );
    expect(modules.map(({ module }) => module)).toContain('electron/shell/main.electron.ts');
    const tooling = modules.filter(({ module }) => TOOLING.test(module));
    expect(tooling).toEqual([]);
    const tests = modules.filter(
      ({ module }) => module.startsWith('e2e/') && !module.startsWith('electron/simulator/'),
    );
    expect(tests).toEqual([]);
  });

  it('keeps the pages’ strict policy: no nonce, no websocket, nothing of the dev server’s', () => {
    const pages = shippedFiles().filter((file) => file.startsWith('out/renderer/') && file.endsWith('.html'));
    expect(pages).toEqual(expect.arrayContaining(['out/renderer/index.html', 'out/renderer/overlay.html']));
    // A meta tag cannot carry frame-ancestors: the servers' header adds it.
    const strict = CONTENT_SECURITY_POLICY.split('; ')
      .filter((directive) => !directive.startsWith('frame-ancestors'))
      .join('; ');
    for (const page of pages) {
      const html = readFileSync(join(REPO_ROOT, page), 'utf8');
      const policies = [
        ...html.matchAll(/<meta\s+http-equiv="Content-Security-Policy"\s+content="([^"]*)"/g),
      ];
      expect(
        policies.map((match) => match[1]),
        page,
      ).toEqual([strict]);
      expect(html, page).not.toMatch(/nonce|@react-refresh|@vite\/client/);
    }
  });

  it('keeps the simulator out of the desktop app, and a lazy chunk of the CLI’s simulate and demo', () => {
    const simulatorIn = (files: Iterable<string>): string[] =>
      [...files].filter((file) =>
        bundledModules(file).some((module) => module.startsWith('electron/simulator/')),
      );
    expect(simulatorIn(reachableFrom('out/main/index.js', 'any'))).toEqual([]);
    expect(simulatorIn(reachableFrom('out/main/cli.js', 'static'))).toEqual([]);
    const lazily = simulatorIn(reachableFrom('out/main/cli.js', 'any'));
    expect(lazily).toHaveLength(1);
    expect(lazily[0]).toMatch(/^out\/main\/chunks\/simulator-[\w-]+\.js$/);
  });
});
