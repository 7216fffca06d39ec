import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ElectronViteConfigFnObject } from 'electron-vite';
import { createServer } from 'vite';
import viteConfig from '../../electron.vite.config';

export interface RendererDevServer {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  close(): Promise<void>;
}

/**
 * The renderer's dev server as `npm run dev` makes it (electron.vite.config.ts, served), on a free loopback port.
 * Its dependency cache goes to a folder of its own, never the shared node_modules/.vite.
 */
export async function startRendererDevServer(): Promise<RendererDevServer> {
  const { renderer } = (viteConfig as ElectronViteConfigFnObject)({ command: 'serve', mode: 'development' });
  const cacheDir = mkdtempSync(join(tmpdir(), 'sightline-dev-server-'));
  const server = await createServer({
    ...renderer,
    configFile: false,
    root: join(import.meta.dirname, '..', '..', 'renderer'),
    cacheDir,
    logLevel: 'warn',
    server: { host: '127.0.0.1', port: 0 },
  });
  await server.listen();
  const { port } = server.httpServer?.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: async () => {
      await server.close();
      // The dependency optimizer can still be writing its temporary folder just after the server closed (a clean
      // clone's run met ENOTEMPTY here): the removal is tried again for up to about a second.
      rmSync(cacheDir, { recursive: true, force: true, maxRetries: 8, retryDelay: 25 });
    },
  };
}
