import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { initialAppState, type AppState } from '@shared/contract';
import { OVERLAY_ROUTES } from '@shared/contract/overlays';
import { createRequestRouter, type RequestHandlers } from '../../../platform/router/requestRouter';
import { createAudienceFeeds } from '../../../platform/hub/audienceFeeds';
import { StateHub } from '../../../platform/hub/stateHub';
import { createLogger, silentLogger } from '../../../platform/log/logger';
import { stubHandlers } from '../stubHandlers';
import {
  startBrowserHost,
  type BrowserHost,
  type BrowserHostOptions,
} from '../../../transport/host/browserHost';
import { createHostTokens, type HostTokens } from '../../../transport/host/hostTokens';
import { overlayRoutePagePath } from '../../../transport/host/overlayRoutePages';

/** A real browser host on 127.0.0.1 with a tiny renderer, for tests and benches that talk to it over sockets. */

export const TEST_TOKENS = {
  companion: 'test-token-0123456789abcdef',
  overlay: 'overlay-token-0123456789abcdef',
} as const;

/** What `secret.js`, beside the renderer folder, holds: a page that shows it was served from outside. */
export const OUTSIDE_SECRET = 'outside the renderer';

/** The title of the test renderer's overlays' pages (overlay.html and each route's own). */
export const TEST_OVERLAY_PAGE_TITLE = 'Sightline overlay';

/** The test renderer's hashed bundle file (assets/app.js): text long enough that compressing it pays. */
export const TEST_BUNDLE_SCRIPT = `console.log(1);\n${'export const overlay = "Sightline";\n'.repeat(200)}`;

/** The URL path of the test renderer's bundle file. */
export const TEST_BUNDLE_PATH = '/assets/app.js';

/** A public route that needs no token, with a small body cap (as the tournament callback has). */
export const TEST_PUBLIC_ROUTE = { path: '/public/callback', maxBodyBytes: 64 } as const;

export interface TestHost {
  host: BrowserHost;
  hub: StateHub<AppState>;
  tokens: HostTokens;
  rendererDir: string;
  /** The host's log, one JSON line each. */
  logLines: string[];
  close(): Promise<void>;
}

export type TestHostOptions = Partial<
  Pick<BrowserHostOptions, 'publicRoutes' | 'assets' | 'timeouts' | 'downloads' | 'compress'>
> & {
  /** Handlers beside `app.info`; every other channel fails loudly. */
  handlers?: Partial<RequestHandlers>;
  /** The state the host pushes (a bench's live pipeline); a fresh hub by default. */
  hub?: StateHub<AppState>;
};

/**
 * index.html, overlay.html and each route's page (which names assets/app.js as its script), assets/app.js and
 * art.png, with `secret.js` one folder up.
 */
export async function makeRendererDir(): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'sightline-host-'));
  const rendererDir = join(root, 'renderer');
  await mkdir(join(rendererDir, 'assets'), { recursive: true });
  await writeFile(join(rendererDir, 'index.html'), '<!doctype html><title>Sightline</title>');
  await writeFile(
    join(rendererDir, 'overlay.html'),
    `<!doctype html><title>${TEST_OVERLAY_PAGE_TITLE}</title>`,
  );
  await mkdir(join(rendererDir, 'overlay'));
  for (const route of OVERLAY_ROUTES) {
    await writeFile(
      join(rendererDir, overlayRoutePagePath(route.name)),
      `<!doctype html><title>${TEST_OVERLAY_PAGE_TITLE}</title><meta name="route" content="${route.name}">` +
        `<script type="module" crossorigin src="${TEST_BUNDLE_PATH}"></script>`,
    );
  }
  await writeFile(join(rendererDir, 'assets', 'app.js'), TEST_BUNDLE_SCRIPT);
  await writeFile(join(rendererDir, 'art.png'), 'PNG bytes');
  await writeFile(join(root, 'secret.js'), OUTSIDE_SECRET);
  return rendererDir;
}

export async function startTestHost(options: TestHostOptions = {}): Promise<TestHost> {
  const rendererDir = await makeRendererDir();
  const hub = options.hub ?? new StateHub<AppState>(initialAppState(0));
  const tokens = createHostTokens({ ...TEST_TOKENS });
  const logLines: string[] = [];
  const router = createRequestRouter(
    stubHandlers({
      'app.info': async () => ({
        version: 't',
        mode: 'browser',
        overlays: [],
        hostUrl: null,
        overlayHostUrl: null,
        locale: null,
      }),
      ...options.handlers,
    }),
    silentLogger,
  );
  const host = await startBrowserHost({
    port: 0,
    tokens,
    rendererDir,
    router,
    feeds: createAudienceFeeds(hub),
    logger: createLogger((line) => logLines.push(line)),
    assets: options.assets,
    downloads: options.downloads,
    timeouts: options.timeouts,
    compress: options.compress,
    publicRoutes: options.publicRoutes ?? [
      {
        method: 'POST',
        ...TEST_PUBLIC_ROUTE,
        handle: async () => ({ status: 200, body: 'ok' }),
      },
    ],
  });
  return { host, hub, tokens, rendererDir, logLines, close: () => host.close() };
}

/** Pushes one patch of about `bytes` (the live source's reason), different every round. */
export function pushLargePatch(hub: StateHub<AppState>, round: number, bytes: number): void {
  const live = hub.state.sources.live;
  hub.set('sources', { ...hub.state.sources, live: { ...live, reason: `${round}:${'x'.repeat(bytes)}` } });
}
