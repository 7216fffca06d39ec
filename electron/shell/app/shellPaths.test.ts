import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { shellPaths } from './shellPaths';

describe('shellPaths', () => {
  it('finds the preload, renderer and resources beside the built main bundle', () => {
    const root = join('/', 'opt', 'Sightline', 'app');
    const moduleUrl = pathToFileURL(join(root, 'out', 'main', 'index.js')).href;
    expect(shellPaths(moduleUrl)).toEqual({
      preloadPath: join(root, 'out', 'preload', 'index.cjs'),
      rendererDir: join(root, 'out', 'renderer'),
      resourcesDir: join(root, 'resources'),
    });
  });

  it('reaches the bundled resources from where the build puts the main bundle', () => {
    const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
    const paths = shellPaths(pathToFileURL(join(repoRoot, 'out', 'main', 'index.js')).href);
    expect(existsSync(join(paths.resourcesDir, 'riotgames.pem'))).toBe(true);
  });
});
