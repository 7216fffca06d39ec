import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { SettingsPatch } from '@shared/contract';
import { ENVIRONMENT_VARIABLES } from '@shared/environment/environmentVariables';
import type { RuntimePaths } from '../runtimePaths';
import { loadSimulator } from '../toolEntries';
import { runDataCommand } from './dataCommand';
import { serve } from './serveCommand';

export interface DemoOptions extends RuntimePaths {
  env: NodeJS.ProcessEnv;
  out: (line: string) => void;
  /** The game data download's progress before the URLs are printed. Default: nowhere. */
  err?: (line: string) => void;
}

/**
 * `npm run demo` / `npm run demo:browser`: the simulator of every outside service, and the app pointed
 * at it, trusting the simulator's CA explicitly (the only way a test CA is ever trusted). A fresh demo
 * data folder starts with settings that make the web-facing pages usable at once, and the game data is
 * downloaded from the simulated hosts before the URLs are printed, so the first look already has art.
 */
export async function runDemo(argv: string[], options: DemoOptions): Promise<{ stop(): Promise<void> }> {
  const { values } = parseArgs({
    args: argv,
    options: { browser: { type: 'boolean' }, scenario: { type: 'string' }, 'no-open': { type: 'boolean' } },
  });
  const scenarioFile = resolve(
    values.scenario ?? join(options.repoRoot, 'e2e/simulator/scenarios/full-game.json'),
  );
  const { loadScenarioFile, startSimulator, startDemoServices, PUBLISHED_CARD_SETS } = await loadSimulator();
  const simulator = await startSimulator({ scenario: await loadScenarioFile(scenarioFile) });
  const workDir = await mkdtemp(join(tmpdir(), 'sightline-demo-'));
  const caFile = join(workDir, 'ca.pem');
  await writeFile(caFile, simulator.caPem);
  const dataDir = options.env[ENVIRONMENT_VARIABLES.dataDir] ?? join(workDir, 'data');
  await mkdir(dataDir, { recursive: true });
  const services = await startDemoServices();
  await writeFirstRunSettings(join(dataDir, 'settings.json'), services);
  const stopServices = async (): Promise<void> => {
    await services.close();
    await simulator.close();
  };

  const env: NodeJS.ProcessEnv = {
    ...options.env,
    [ENVIRONMENT_VARIABLES.dataDir]: dataDir,
    [ENVIRONMENT_VARIABLES.liveUrl]: simulator.urls.live,
    [ENVIRONMENT_VARIABLES.liveCaFile]: caFile,
    [ENVIRONMENT_VARIABLES.cardUrl]: simulator.urls.card,
    // The live URL: the simulator serves the replay API on the live port, as the game does on 2999.
    [ENVIRONMENT_VARIABLES.replayUrl]: simulator.urls.replay,
    [ENVIRONMENT_VARIABLES.ddragonUrl]: simulator.urls.ddragon,
    [ENVIRONMENT_VARIABLES.cardDataUrl]: simulator.urls.cardData,
    [ENVIRONMENT_VARIABLES.constantsUrl]: simulator.urls.constants,
    ...services.env,
  };
  await presyncStaticData(env, PUBLISHED_CARD_SETS, options.err ?? (() => undefined));
  options.out(`simulator: ${scenarioFile}`);
  for (const [name, url] of Object.entries(simulator.urls)) options.out(`simulated ${name}: ${url}`);
  for (const line of services.lines) options.out(line);

  if (values.browser) {
    const core = await serve({ ...options, env });
    services.receiveCallbacksAt(new URL(core.host.url('/')).origin);
    if (!values['no-open'] && !options.env.CI) openInBrowser(core.host.url('/'));
    return {
      stop: async () => {
        await core.stop();
        await stopServices();
      },
    };
  }

  // The desktop app's host must be on a known port for tournament callbacks to reach it.
  const hostPort = Number(env[ENVIRONMENT_VARIABLES.hostPort]) || (await reserveLoopbackPort());
  env[ENVIRONMENT_VARIABLES.hostPort] = String(hostPort);
  services.receiveCallbacksAt(`http://127.0.0.1:${hostPort}`);
  const electronBinary = createRequire(import.meta.url)('electron') as string;
  const app = spawn(electronBinary, [options.repoRoot], { env, stdio: 'inherit' });
  app.on('exit', () => void stopServices().finally(() => process.exit(0)));
  return {
    stop: async () => {
      app.kill();
      await stopServices();
    },
  };
}

/**
 * The same download as `sightline data sync`, of the sets the simulated host publishes, into the demo's data
 * folder. A failure is only reported: the app's background sync tries again (the demo turns it on).
 */
async function presyncStaticData(
  env: NodeJS.ProcessEnv,
  sets: readonly string[],
  err: (line: string) => void,
): Promise<void> {
  err('demo: downloading the game data from the simulated hosts…');
  const io = { env, out: (line: string) => err(`demo: ${line}`), err };
  const code = await runDataCommand(['sync', '--sets', sets.join(',')], io);
  if (code !== 0) err('demo: the game data is incomplete; Sightline keeps trying in the background.');
}

/**
 * Only into a data folder without settings: a demo never overwrites what someone saved. A new demo user sees
 * the first-run guide, and the game data is kept current in the background.
 */
async function writeFirstRunSettings(file: string, services: { settings: SettingsPatch }): Promise<void> {
  const settings: SettingsPatch = {
    ...services.settings,
    staticData: { autoSync: true },
    firstRun: { dismissed: false },
  };
  try {
    await writeFile(file, `${JSON.stringify(settings, null, 2)}\n`, { flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
}

async function reserveLoopbackPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (address === null || typeof address === 'string') throw new Error('no free loopback port');
  return address.port;
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
