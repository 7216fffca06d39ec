import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { OVERLAY_ROUTES } from '@shared/contract';
import { startCore, type Core } from '../../core/app/startCore';
import { createMemorySecretStore } from '../../core/secrets/secretStore';
import { defaultDataDir, readEnvironment } from '../../core/settings/environment';

export interface ServeOptions {
  env: NodeJS.ProcessEnv;
  rendererDir: string;
  resourcesDir: string;
  out: (line: string) => void;
}

/**
 * `sightline serve`: the core and browser host without Electron. Its output is an interface for
 * tooling: the companion URL first, then one line per overlay.
 */
export async function serve(options: ServeOptions): Promise<Core> {
  const env = readEnvironment(options.env);
  const dataDir = env.dataDir ?? defaultDataDir(process.platform, options.env);
  await mkdir(dataDir, { recursive: true });
  const logFile = createWriteStream(join(dataDir, 'sightline.log'), { flags: 'a' });
  const core = await startCore({
    mode: 'browser',
    dataDir,
    env,
    variables: options.env,
    rendererDir: options.rendererDir,
    resourcesDir: options.resourcesDir,
    secretStore: createMemorySecretStore(),
    log: (line) => logFile.write(`${line}\n`),
  });
  for (const line of serveBanner(core)) options.out(line);
  if (core.settings.loadProblem) options.out(`warning: ${core.settings.loadProblem}`);
  return {
    ...core,
    stop: async () => {
      await core.stop();
      logFile.end();
    },
  };
}

export function serveBanner(core: Pick<Core, 'host'>): string[] {
  return [
    `companion: ${core.host.url('/')}`,
    ...OVERLAY_ROUTES.map((route) => `overlay ${route.name}: ${core.host.url(route.path)}`),
  ];
}
