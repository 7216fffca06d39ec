import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadScenarioFile, startSimulator } from '../../../e2e/simulator/index';
import { ENVIRONMENT_VARIABLES } from '../../core/settings/environment';
import type { RuntimePaths } from '../runtimePaths';
import { serve } from './serveCommand';

export interface DemoOptions extends RuntimePaths {
  env: NodeJS.ProcessEnv;
  out: (line: string) => void;
}

/**
 * `npm run demo` / `npm run demo:browser`: the simulator of every outside service, and the app pointed
 * at it, trusting the simulator's CA explicitly (the only way a test CA is ever trusted).
 */
export async function runDemo(argv: string[], options: DemoOptions): Promise<{ stop(): Promise<void> }> {
  const { values } = parseArgs({
    args: argv,
    options: { browser: { type: 'boolean' }, scenario: { type: 'string' }, 'no-open': { type: 'boolean' } },
  });
  const scenarioFile = resolve(
    values.scenario ?? join(options.repoRoot, 'e2e/simulator/scenarios/full-game.json'),
  );
  const simulator = await startSimulator({ scenario: await loadScenarioFile(scenarioFile) });
  const workDir = await mkdtemp(join(tmpdir(), 'sightline-demo-'));
  const caFile = join(workDir, 'ca.pem');
  await writeFile(caFile, simulator.caPem);
  const dataDir = options.env[ENVIRONMENT_VARIABLES.dataDir] ?? join(workDir, 'data');
  await mkdir(dataDir, { recursive: true });

  const env: NodeJS.ProcessEnv = {
    ...options.env,
    [ENVIRONMENT_VARIABLES.dataDir]: dataDir,
    [ENVIRONMENT_VARIABLES.liveUrl]: simulator.urls.live,
    [ENVIRONMENT_VARIABLES.liveCaFile]: caFile,
    [ENVIRONMENT_VARIABLES.cardUrl]: simulator.urls.card,
    [ENVIRONMENT_VARIABLES.replayUrl]: simulator.urls.replay,
    [ENVIRONMENT_VARIABLES.ddragonUrl]: simulator.urls.ddragon,
    [ENVIRONMENT_VARIABLES.cardDataUrl]: simulator.urls.cardData,
    [ENVIRONMENT_VARIABLES.constantsUrl]: simulator.urls.constants,
  };
  options.out(`simulator: ${scenarioFile}`);
  for (const [name, url] of Object.entries(simulator.urls)) options.out(`simulated ${name}: ${url}`);

  if (values.browser) {
    const core = await serve({ ...options, env });
    if (!values['no-open'] && !options.env.CI) openInBrowser(core.hostUrl);
    return {
      stop: async () => {
        await core.stop();
        await simulator.close();
      },
    };
  }

  const electronBinary = createRequire(import.meta.url)('electron') as string;
  const app = spawn(electronBinary, [options.repoRoot], { env, stdio: 'inherit' });
  app.on('exit', () => void simulator.close().finally(() => process.exit(0)));
  return {
    stop: async () => {
      app.kill();
      await simulator.close();
    },
  };
}

function openInBrowser(url: string): void {
  const [command, args] =
    process.platform === 'win32'
      ? ['cmd', ['/c', 'start', '', url]]
      : process.platform === 'darwin'
        ? ['open', [url]]
        : ['xdg-open', [url]];
  spawn(command, args, { stdio: 'ignore', detached: true })
    .on('error', () => undefined)
    .unref();
}
