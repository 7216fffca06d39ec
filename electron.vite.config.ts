import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { extname, join, resolve as resolvePath } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type UserConfig } from 'electron-vite';
import { build, type Plugin, type ResolvedConfig, type Rollup } from 'vite';
import {
  isOverlayPath,
  OVERLAY_FEATURES,
  OVERLAY_ROUTES,
  overlayRouteAt,
  type OverlayFeature,
} from './shared/contract/overlays';
import {
  overlayRoutePage,
  overlayRoutePagePath,
  type OverlayBundle,
} from './electron/core/transport/host/overlayRoutePages';

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

/** The renderer's features that draw overlays, each built as an entry of its own (overlayFeatureBundles). */
const OVERLAY_FEATURE_NAMES = [...new Set(Object.values(OVERLAY_FEATURES))];

/** A feature's overlay entry, from the renderer's root: what the build bundles and the dev server names. */
const overlayEntryModule = (feature: OverlayFeature): string => `src/overlayEntries/${feature}.ts`;

/**
 * Builds each feature's overlay entry (renderer/src/overlayEntries/<feature>.ts) as one script with one style
 * sheet, beside the companion's build, and writes each overlay route its page: renderer/overlay.html naming its
 * feature's bundle (overlayRoutePage). The host and the app protocol answer the route with it
 * (electron/core/transport/host/rendererFiles.ts); overlay.html itself, which names no script, is what they answer
 * a mistyped route with. One script, not a chunk per set of pages sharing code: on a fresh OBS source each file
 * is a request (over at most six connections), and an arena overlay loading five scripts and three style sheets
 * drew its first value ~20 ms later than from one of each. Each bundle repeats what the features share (React,
 * the bridge); a source runs one.
 */
function overlayFeatureBundles(): Plugin {
  let config: ResolvedConfig | null = null;
  return {
    name: 'sightline-overlay-feature-bundles',
    apply: 'build',
    configResolved: (resolved) => void (config = resolved),
    // After the companion's files are written: the build empties the folder before it writes them.
    async writeBundle() {
      if (!config) return this.error('the overlay bundles ran before the build’s config was resolved');
      const outDir = resolvePath(config.root, config.build.outDir);
      const template = await readFile(join(config.root, 'overlay.html'), 'utf8');
      await writeFile(join(outDir, 'overlay.html'), template);
      await mkdir(join(outDir, 'overlay'), { recursive: true });
      for (const feature of OVERLAY_FEATURE_NAMES) {
        const bundle = await buildOverlayFeature(config, feature, outDir);
        for (const route of OVERLAY_ROUTES.filter((known) => OVERLAY_FEATURES[known.name] === feature))
          await writeFile(
            join(outDir, overlayRoutePagePath(route.name)),
            overlayRoutePage(template, bundle, config.base),
          );
      }
    },
  };
}

/** One feature's overlay entry, built into `outDir` as one script (its lazy imports inlined) and its styles. */
async function buildOverlayFeature(
  config: ResolvedConfig,
  feature: OverlayFeature,
  outDir: string,
): Promise<OverlayBundle> {
  const built = await build({
    configFile: false,
    root: config.root,
    base: config.base,
    mode: config.mode,
    logLevel: config.logLevel,
    resolve: { alias },
    plugins: [react()],
    build: {
      outDir,
      emptyOutDir: false,
      copyPublicDir: false,
      target: config.build.target,
      cssTarget: config.build.cssTarget,
      minify: true,
      rolldownOptions: {
        input: { [`overlay-${feature}`]: join(config.root, overlayEntryModule(feature)) },
        output: { codeSplitting: false },
      },
    },
  });
  const outputs = (Array.isArray(built) ? built : [built]).flatMap((result) =>
    'output' in result ? result.output : [],
  );
  const chunks = outputs.filter((file): file is Rollup.OutputChunk => file.type === 'chunk');
  const [entry] = chunks;
  if (chunks.length !== 1 || !entry)
    throw new Error(`the ${feature} overlays built as ${chunks.length} scripts, not one`);
  return { script: entry.fileName, styles: [...(entry.viteMetadata?.importedCss ?? [])] };
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
 * protocol does (electron/core/transport/host/rendererFiles.ts): an overlay route with overlay.html naming its
 * feature's entry (as the build's page for the route names its bundle; a mistyped route's names none) and every
 * other route, Vite's own fallback, with index.html. Their policy lets hot reload in (devServerPolicy) with a
 * nonce new at each start; the built pages keep the strict one.
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
    transformIndexHtml(html, context) {
      if (!CSP_META.test(html)) throw new Error('a page without its Content-Security-Policy meta tag');
      const page = html.replace(CSP_META, (_meta, start: string, policy: string, end: string) =>
        [start, devServerPolicy(policy, nonce), end].join(''),
      );
      const path = new URL(context.originalUrl ?? '/', 'http://dev-server').pathname;
      const route = overlayRouteAt(path);
      if (!route) return page;
      const src = `/${overlayEntryModule(OVERLAY_FEATURES[route.name])}`;
      return { html: page, tags: [{ tag: 'script', attrs: { type: 'module', src }, injectTo: 'body' }] };
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
    plugins: [react(), absoluteAssetBase(), overlayFeatureBundles(), devServerPages()],
    build: {
      outDir: 'out/renderer',
      // electron-vite leaves the renderer unminified; OBS sources parse every byte on each load, next to the game.
      minify: true,
      // The companion is one script of about 720 KB, read from the app's own files (or the loopback host).
      chunkSizeWarningLimit: 800,
      rolldownOptions: {
        // The companion's page; each overlay feature is an entry of its own, built beside it (overlayFeatureBundles).
        input: { index: fileURLToPath(new URL('./renderer/index.html', import.meta.url)) },
      },
    },
  },
};

export default defineConfig(({ mode }) => (mode === DEV_TOOLS_MODE ? devToolsBuild : appBuild));
