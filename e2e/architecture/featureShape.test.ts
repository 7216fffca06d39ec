import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { requestInputSchemas } from '../../shared/contract';
import { FEATURES_DIR, featureShapeProblems, type SourceText } from './featureShape';
import { sourceFiles } from './importGraph';

const CHANNELS = new Set(Object.keys(requestInputSchemas));

/** The core's features and its app folder, as they are on disk. */
function coreFiles(): SourceText[] {
  return (
    sourceFiles()
      .filter((path) => path.startsWith(FEATURES_DIR) || path.startsWith('electron/core/app/'))
      // git lists a tracked file deleted in the working tree too.
      .filter((path) => existsSync(path))
      .map((path) => ({ path, text: readFileSync(path, 'utf8') }))
  );
}

/** A small tree of one feature, `demo`, shaped as the README says. */
const shapedDemo = (): SourceText[] => [
  {
    path: 'electron/core/features/demo/demoFeature.ts',
    text: `import { createDemoHandlers } from './demoHandlers';
      export const createDemoFeature = () => ({ handlers: createDemoHandlers(), pollers: [] });`,
  },
  {
    path: 'electron/core/features/demo/demoHandlers.ts',
    text: `export const h = () => ({ 'app.info': () => 1 });`,
  },
  { path: 'electron/core/features/demo/handlers/more.ts', text: `export const m = { 'app.quit': () => 2 };` },
  { path: 'electron/core/features/demo/demoSlice.ts', text: `export const s = { state: 1, publish() {} };` },
  { path: 'electron/core/features/demo/cli/demoCli.ts', text: `import { x } from '../demoFeature';` },
  {
    path: 'electron/core/app/startCore.ts',
    text: `import { createDemoFeature } from '../features/demo/demoFeature';`,
  },
];

describe('one shape per feature', () => {
  it('holds for every feature of the core', () => {
    expect(featureShapeProblems(coreFiles(), CHANNELS)).toEqual([]);
  }, 60_000);

  it('takes a feature shaped as the README says, with a cli/ folder and a handlers/ folder', () => {
    expect(featureShapeProblems(shapedDemo(), CHANNELS)).toEqual([]);
  });

  it('refuses a feature without <name>Feature.ts', () => {
    const tree = shapedDemo().filter((file) => !file.path.endsWith('demoFeature.ts'));
    expect(featureShapeProblems(tree, CHANNELS)).toContain(
      'features/demo has no demoFeature.ts, the entry that composes what it registers',
    );
  });

  it('refuses handlers registered outside the entry', () => {
    const tree = [
      ...shapedDemo(),
      {
        path: 'electron/core/features/demo/extra/extraFeature.ts',
        text: `export const f = () => ({ handlers: {}, pollers: [] });`,
      },
    ];
    expect(featureShapeProblems(tree, CHANNELS)).toEqual([
      'electron/core/features/demo/extra/extraFeature.ts registers handlers: only demoFeature.ts composes what the feature registers',
    ]);
  });

  it('refuses a request answered outside a *Handlers.ts file, the entry included', () => {
    const tree = shapedDemo().map((file) =>
      file.path.endsWith('demoFeature.ts')
        ? {
            ...file,
            text: `export const f = () => ({ handlers: { 'app.info': async () => 1 }, pollers: [] });`,
          }
        : file,
    );
    expect(featureShapeProblems(tree, CHANNELS)).toEqual([
      'electron/core/features/demo/demoFeature.ts answers app.info: requests are answered in a *Handlers.ts file',
    ]);
  });

  it('refuses app/ importing a file inside a feature instead of its entry', () => {
    const tree = [
      ...shapedDemo(),
      {
        path: 'electron/core/app/sourceCheckup.ts',
        text: `import type { S } from '../features/demo/demoSlice';`,
      },
    ];
    expect(featureShapeProblems(tree, CHANNELS)).toEqual([
      'electron/core/app/sourceCheckup.ts imports electron/core/features/demo/demoSlice: app/ reaches a feature through demoFeature.ts only',
    ]);
  });
});
