import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';
import type { Plugin } from 'vite';

const alias = { '@shared': fileURLToPath(new URL('./shared', import.meta.url)) };

/**
 * Views are routes (/overlay/status), so assets must load from the root, not relative to the route.
 * electron-vite forces base './' for production builds; this runs after it and restores '/'.
 * In Electron the same absolute paths resolve against app://sightline/.
 */
function absoluteAssetBase(): Plugin {
  return { name: 'sightline-absolute-asset-base', enforce: 'post', config: () => ({ base: '/' }) };
}

export default defineConfig({
  main: {
    resolve: { alias },
    build: {
      outDir: 'out/main',
      rolldownOptions: {
        // index: the Electron shell. cli: the same core without Electron (serve, simulate, demo, bench).
        input: {
          index: fileURLToPath(new URL('./electron/shell/main.electron.ts', import.meta.url)),
          cli: fileURLToPath(new URL('./electron/cli/main.ts', import.meta.url)),
        },
        // The web API bench's yardsticks (dev dependencies, loaded only by `sightline bench`) stay in node_modules:
        // bundled, bottleneck's optional Redis support warned of its direct eval on every build.
        external: ['@fightmegg/riot-rate-limiter', 'twisted'],
      },
    },
  },
  preload: {
    resolve: { alias },
    build: {
      outDir: 'out/preload',
      rolldownOptions: {
        input: { index: fileURLToPath(new URL('./electron/preload/index.ts', import.meta.url)) },
        // A sandboxed preload must be CommonJS; a "type": "module" package would otherwise get .mjs.
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: 'renderer',
    resolve: { alias },
    plugins: [react(), absoluteAssetBase()],
    build: {
      outDir: 'out/renderer',
      rolldownOptions: { input: fileURLToPath(new URL('./renderer/index.html', import.meta.url)) },
    },
  },
});
