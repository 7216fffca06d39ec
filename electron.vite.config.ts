import { randomBytes } from 'node:crypto';
import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type UserConfig } from 'electron-vite';
import type { Plugin, Rollup } from 'vite';
import { isOverlayPath, OVERLAY_FEATURES, OVERLAY_ROUTES } from './shared/contract/overlays';
import {
  overlayRoutePage,
  overlayRoutePagePath,
  type BuiltChunk,
} from './electron/core/transport/host/overlayRoutePages';
import { OVERLAY_VIEWS_MODULE, overlayChunkName } from './electron/core/transport/host/overlayChunks';

/** `electron-vite build --mode dev-tools` builds the development tools instead of the app. */
const DEV_TOOLS_MODE = 'dev-tools';

const alias = { '@shared': fileURLToPath(new URL('./shared', import.meta.url)) };

/**
 * Views are routes (/overlay/status), so assets must load from the root, not relative to the route.
 * electron-vite forces base './' for production builds; this runs after it and restores '/'.
 * In Electron the same absolute paths resolve against app://sightline/.
 */
function absoluteAssetBase(): Plugin {
  return { name: 'sightline-absolute-asset-base', enforce: 'post', config: () => ({ base: '/' }) };
}

/**
 * Writes each overlay route its own page (overlayRoutePage): overlay.html naming the route's view chunk and what
 * it imports, so a cold OBS source fetches them beside the entry rather than after it ran. The host and the app
 * protocol answer the route with it (electron/core/transport/host/rendererFiles.ts).
 */
function overlayRoutePages(): Plugin {
  let base = '/';
  return {
    name: 'sightline-overlay-route-pages',
    enforce: 'post',
    apply: 'build',
    configResolved: (config) => void (base = config.base),
    generateBundle(_options, bundle) {
      const page = bundle['overlay.html'];
      if (page?.type !== 'asset') return this.error('the build made no overlay.html');
      const built = Object.values(bundle).filter((file): file is Rollup.OutputChunk => file.type === 'chunk');
      const chunks = new Map<string, BuiltChunk>(
        built.map((chunk) => [
          chunk.fileName,
          {
            fileName: chunk.fileName,
            imports: chunk.imports,
            css: [...(chunk.viteMetadata?.importedCss ?? [])],
          },
        ]),
      );
      const chunkOf = (test: (moduleId: string) => boolean, what: string): BuiltChunk => {
        const found = built.find((chunk) => chunk.facadeModuleId !== null && test(chunk.facadeModuleId));
        const known = found && chunks.get(found.fileName);
        if (!known) return this.error(`the build made no chunk for ${what}`);
        return known;
      };
      const entry = chunkOf((id) => id.endsWith('/renderer/overlay.html'), 'the overlays’ entry');
      for (const route of OVERLAY_ROUTES) {
        const feature = OVERLAY_FEATURES[route.name];
        const view = chunkOf(
          (id) => OVERLAY_VIEWS_MODULE.exec(id)?.[1] === feature,
          `the ${feature} overlays`,
        );
        this.emitFile({
          type: 'asset',
          fileName: overlayRoutePagePath(route.name),
          source: overlayRoutePage(String(page.source), entry, view, chunks, base),
        });
      }
    },
  };
}

/** The pages' meta policy (renderer/index.html, renderer/overlay.html): the policy is its second group. */
const CSP_META = /(<meta\s+http-equiv="Content-Security-Policy"\s+content=")([^"]*)(")/;

/**
 * The pages' policy as the dev server serves them: scripts also by the server's nonce (@vitejs/plugin-react's
 * inline preamble, which Vite gives the nonce), and connections also to the HMR client's websocket on loopback.
 * Vite puts both scripts first in <head>, before the meta tag takes effect; the nonce keeps them allowed wherever
 * they land.
 */
function devServerPolicy(policy: string, nonce: string): string {
  const added: Record<string, string> = {
    'script-src': `'nonce-${nonce}'`,
    'connect-src': 'ws://localhost:* ws://127.0.0.1:*',
  };
  return policy
    .split(';')
    .map((part) => {
      const directive = part.trim();
      const more = added[directive.split(/\s+/)[0] ?? ''];
      return more ? `${directive} ${more}` : directive;
    })
    .join('; ');
}

/**
 * `npm run dev` (electron-vite's dev server, never the build): the dev server answers the routes as the app's
 * protocol does (electron/core/transport/host/rendererFiles.ts): an overlay route with overlay.html (without the route's
 * preloads, which only the build makes) and every other route, Vite's own fallback, with index.html. Their policy
 * lets hot reload in (devServerPolicy) with a nonce new at each start; the built pages keep the strict one.
 */
function devServerPages(): Plugin {
  const nonce = randomBytes(18).toString('base64url');
  return {
    name: 'sightline-dev-server-pages',
    apply: 'serve',
    // The app loads the port electron-vite names (ELECTRON_RENDERER_URL): another one would leave it blank.
    config: () => ({ html: { cspNonce: nonce }, server: { strictPort: true } }),
    configureServer(server) {
      server.middlewares.use((request, _response, next) => {
        const url = new URL(request.url ?? '/', 'http://dev-server');
        if (isOverlayPath(url.pathname) && extname(url.pathname) === '')
          request.url = `/overlay.html${url.search}`;
        next();
      });
    },
    transformIndexHtml(html) {
      if (!CSP_META.test(html)) throw new Error('a page without its Content-Security-Policy meta tag');
      return html.replace(CSP_META, (_meta, start: string, policy: string, end: string) =>
        [start, devServerPolicy(policy, nonce), end].join(''),
      );
    },
  };
}

/**
 * The development tools (benchmarks, fault matrix, soak) as their own build, never in the app's: `npm run
 * bench|faults|soak` build it with `--mode dev-tools`, the shipped CLI loads it from there
 * (electron/cli/toolEntries.ts), and the installers leave out/dev-tools/ out (electron-builder.json).
 */
const devToolsBuild: UserConfig = {
  main: {
    resolve: { alias },
    build: {
      outDir: 'out/dev-tools',
      rolldownOptions: {
        input: { devTools: fileURLToPath(new URL('./electron/cli/tools/devTools.ts', import.meta.url)) },
        // The web API bench's yardsticks (dev dependencies) stay in node_modules: bundled, bottleneck's optional
        // Redis support warned of its direct eval on every build.
        external: ['@fightmegg/riot-rate-limiter', 'twisted'],
      },
    },
  },
};

const appBuild: UserConfig = {
  main: {
    resolve: { alias },
    build: {
      outDir: 'out/main',
      rolldownOptions: {
        // index: the Electron shell. cli: the same core without Electron (serve, simulate, demo, data…).
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
    resolve: { alias },
    plugins: [react(), absoluteAssetBase(), overlayRoutePages(), devServerPages()],
    build: {
      outDir: 'out/renderer',
      // electron-vite leaves the renderer unminified; OBS sources parse every byte on each load, next to the game.
      minify: true,
      rolldownOptions: {
        // Two pages: the companion (index.html) and the overlays (overlay.html), each with only its own code; the
        // host and the app protocol answer every /overlay/* route with the second (electron/core/transport/host/rendererFiles.ts).
        input: {
          index: fileURLToPath(new URL('./renderer/index.html', import.meta.url)),
          overlay: fileURLToPath(new URL('./renderer/overlay.html', import.meta.url)),
        },
        output: {
          codeSplitting: {
            groups: [
              {
                debugName: 'overlay core',
                name: (moduleId, context) => overlayChunkName(moduleId, (id) => context.getModuleInfo(id)),
              },
            ],
          },
        },
      },
    },
  },
};

export default defineConfig(({ mode }) => (mode === DEV_TOOLS_MODE ? devToolsBuild : appBuild));
