import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';

const alias = { '@shared': fileURLToPath(new URL('./shared', import.meta.url)) };

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
    base: '/',
    resolve: { alias },
    plugins: [react()],
    build: {
      outDir: 'out/renderer',
      rolldownOptions: { input: fileURLToPath(new URL('./renderer/index.html', import.meta.url)) },
    },
  },
});
