import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { SettingsPatch } from '@shared/contract';
import { ENVIRONMENT_VARIABLES } from '@shared/environment/environmentVariables';
import { readTextArgument } from '../../core/platform/cli/readTextArgument';
import type { RuntimePaths } from '../../core/platform/cli/runtimePaths';
import { loadSimulator } from '../toolEntries';
import { runDataCommand } from '../../core/features/staticData/cli/dataCli';
import { serve } from '../../core/app/serve/serve';

export interface DemoOptions extends RuntimePaths {
  env: NodeJS.ProcessEnv;
  out: (line: string) => void;
  /** The game data download's progress before the URLs are printed. Default: nowhere. */
  err?: (line: string) => void;
  /**
   * The terminal's input, opened only in browser mode: `unlock` typed there takes payment codes again (see
   * serve); the desktop app gets the terminal to itself.
   */
  terminalInput?: () => NodeJS.ReadableStream;
  /** Opens a URL in the default browser; resolves false when it could not. Default: the platform's opener. */
  openBrowser?: (url: string) => Promise<boolean>;
}

/**
 * `npm run demo` / `npm run demo:browser`: the simulator of every outside service, and the app pointed
 * at it, trusting the simulator's CA explicitly (the only way a test CA is ever trusted). A fresh demo
 * data folder starts with settings that make the web-facing pages usable at once, and the game data is
 * downloaded from the simulated hosts before the URLs are printed, so the first look already has art.
 */
export interface RunningDemo {
  stop(): Promise<void>;
  /**
   * The desktop demo: settles with the exit code once the app has exited and the simulators are stopped (non-zero,
   * with a message on `err`, when Electron could not start or failed). Absent in browser mode, which runs until
   * stopped.
   */
  exited?: Promise<number>;
}

export async function runDemo(argv: string[], options: DemoOptions): Promise<RunningDemo> {
  const { values } = parseArgs({
    args: argv,
    options: {
      browser: { type: 'boolean' },
      scenario: { type: 'string' },
      cfg: { type: 'string', multiple: true },
      'no-open': { type: 'boolean' },
      verbose: { type: 'boolean' },
    },
  });
  // Before anything starts: without the binary there is nothing to point at the simulators.
  const electronBinary = values.browser ? null : findElectronBinary();
  const scenarioFile =
    values.scenario === '-'
      ? '-'
      : resolve(values.scenario ?? join(options.repoRoot, 'electron/simulator/scenarios/full-game.json'));
  const {
    loadScenarioFile,
    startSimulator,
    startDemoServices,
    loopScenario,
    nextGameLine,
    createSimulatedGameInstall,
    PUBLISHED_CARD_SETS,
  } = await loadSimulator();
  const scenario = await loadScenarioFile(scenarioFile, (path) =>
    readTextArgument(path, options.terminalInput ?? (() => process.stdin)),
  );
  const simulator = await startSimulator({ scenario });
  // Whatever fails while the rest starts, nothing started is left running.
  let services: { close(): Promise<void> } | null = null;
  let world: { stop(): void } | null = null;
  // The CA and, unless SIGHTLINE_DATA_DIR names one, the data folder: removed when the demo ends, however it ends.
  let workDir: string | null = null;
  const removeWorkDir = async (): Promise<void> => {
    if (workDir) await rm(workDir, { recursive: true, force: true });
  };
  try {
    workDir = await mkdtemp(join(tmpdir(), 'sightline-demo-'));
    const caFile = join(workDir, 'ca.pem');
    await writeFile(caFile, simulator.caPem);
    const dataDir = options.env[ENVIRONMENT_VARIABLES.dataDir] ?? join(workDir, 'data');
    await mkdir(dataDir, { recursive: true });
    const started = await startDemoServices({ world: simulator.control, scenario });
    services = started;
    await writeFirstRunSettings(join(dataDir, 'settings.json'), started);
    let servicesStopped: Promise<void> | null = null;
    const stopServices = (): Promise<void> =>
      (servicesStopped ??= (async () => {
        try {
          world?.stop();
          await started.close();
          await simulator.close();
        } finally {
          await removeWorkDir();
        }
      })());

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
      ...started.env,
    };
    await presyncStaticData(
      env,
      PUBLISHED_CARD_SETS,
      options.err ?? (() => undefined),
      values.verbose ?? false,
    );
    options.out(`simulator: ${scenarioFile}`);
    for (const [name, url] of Object.entries(simulator.urls)) options.out(`simulated ${name}: ${url}`);
    for (const line of started.lines) options.out(line);
    // Last, so tools that read the lines by position keep working: what `replay` and `doctor` need to trust it.
    options.out(`simulated CA: ${caFile} (SIGHTLINE_LIVE_CA for sightline replay and doctor)`);
    // The demo's world does not end: when the scenario is over, the next game starts, and the terminal says so.
    // On stderr, as the demo's other words: stdout keeps its lines for the tools that read them.
    const say = options.err ?? (() => undefined);
    // The replay desk's game.cfg switch needs a file: a real one named with --cfg, or the simulated install's.
    const gameCfgPaths = values.cfg?.length
      ? values.cfg.map((path) => resolve(path))
      : [await createSimulatedGameInstall(workDir, scenario.replay?.enabled ?? false)];
    say(
      values.cfg?.length
        ? `demo: the replay page's game.cfg switch works on ${gameCfgPaths.join(', ')}`
        : `demo: the replay page's game.cfg switch works on a simulated install: ${gameCfgPaths.join(', ')} (--cfg <path> names a real one)`,
    );
    world = loopScenario(simulator.control, scenario, (game) => say(nextGameLine(game)));

    if (electronBinary === null) {
      const core = await serve({ ...options, env, gameCfgPaths, input: options.terminalInput?.() });
      started.receiveCallbacksAt(new URL(core.host.url('/')).origin);
      if (!values['no-open'] && !options.env.CI) {
        const opened = await (options.openBrowser ?? openInDefaultBrowser)(core.host.url('/'));
        say(
          opened
            ? 'demo: the companion page is open in your browser'
            : 'demo: no browser could be opened here; open the companion URL above in one',
        );
      }
      return {
        stop: async () => {
          try {
            await core.stop();
          } finally {
            await stopServices();
          }
        },
      };
    }

    // The desktop app's host must be on a known port for tournament callbacks to reach it.
    const hostPort = Number(env[ENVIRONMENT_VARIABLES.hostPort]) || (await reserveLoopbackPort());
    env[ENVIRONMENT_VARIABLES.hostPort] = String(hostPort);
    started.receiveCallbacksAt(`http://127.0.0.1:${hostPort}`);
    const cfgArguments = gameCfgPaths.flatMap((path) => ['--cfg', path]);
    const app = spawn(electronBinary, [options.repoRoot, ...cfgArguments], { env, stdio: 'inherit' });
    const err = options.err ?? (() => undefined);
    const exited = new Promise<number>((done) => {
      let ended = false;
      const end = (code: number, problem: string | null): void => {
        if (ended) return;
        ended = true;
        if (problem !== null) err(`sightline demo: ${problem} ${BROWSER_DEMO_HINT}`);
        void stopServices().finally(() => done(code));
      };
      app.once('error', (error) => end(1, `the desktop app could not be started (${error.message}).`));
      app.once('exit', (code, signal) =>
        code === 0 || signal !== null
          ? end(code ?? 0, null)
          : end(code ?? 1, `the desktop app exited with code ${code ?? 'unknown'}.`),
      );
    });
    return {
      exited,
      stop: async () => {
        app.kill();
        await stopServices();
      },
    };
  } catch (error) {
    world?.stop();
    await services?.close();
    await simulator.close();
    await removeWorkDir();
    throw error;
  }
}

const BROWSER_DEMO_HINT =
  'The simulators are stopped. `npm run demo:browser` runs the same demo in your browser, without Electron.';

/**
 * The Electron binary `npm install` downloads (Electron's own `ELECTRON_OVERRIDE_DIST_PATH` names another folder).
 * `npm install --ignore-scripts` leaves it out: say so, and name the demo that needs none.
 */
function findElectronBinary(): string {
  let binary: string;
  try {
    binary = createRequire(import.meta.url)('electron') as string;
  } catch (error) {
    throw new Error(
      `the Electron binary is not installed (${error instanceof Error ? error.message : String(error)}). ` +
        `Run \`node node_modules/electron/install.js\` to download it, or \`npm run demo:browser\` for the same ` +
        'demo in your browser, without Electron.',
    );
  }
  if (!existsSync(binary)) {
    throw new Error(
      `the Electron binary is missing (${binary}). Run \`npm run demo:browser\` for the same demo in your ` +
        'browser, without Electron.',
    );
  }
  return binary;
}

/**
 * The same download as `sightline data sync`, of the sets the simulated host publishes, into the demo's data
 * folder. A failure is only reported: the app's background sync tries again (the demo turns it on).
 */
async function presyncStaticData(
  env: NodeJS.ProcessEnv,
  sets: readonly string[],
  err: (line: string) => void,
  verbose: boolean,
): Promise<void> {
  err('demo: downloading the game data from the simulated hosts…');
  // The sync's progress and summary only with --verbose, or when it failed: what went wrong is in them.
  const lines: string[] = [];
  const keep = (line: string): void => {
    if (verbose) err(line);
    else lines.push(line);
  };
  const io = { env, out: (line: string) => keep(`demo: ${line}`), err: keep };
  const code = await runDataCommand(['sync', '--sets', sets.join(',')], io);
  if (code === 0) return;
  for (const line of lines) err(line);
  err('demo: the game data is incomplete; Sightline keeps trying in the background.');
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

/** An opener still running after this long is taken as opening (xdg-open may wait for the browser it started). */
const OPENER_SETTLE_MS = 3000;

/**
 * The platform's opener (`xdg-open`, `open`, `start`) on the URL: false when there is none or it failed (no
 * desktop, no browser), so the demo says so instead of claiming a page it never opened.
 */
function openInDefaultBrowser(url: string): Promise<boolean> {
  const [command, args] =
    process.platform === 'win32'
      ? ['cmd', ['/c', 'start', '', url]]
      : process.platform === 'darwin'
        ? ['open', [url]]
        : ['xdg-open', [url]];
  return new Promise((resolve) => {
    const opener = spawn(command, args, { stdio: 'ignore', detached: true });
    const settle = setTimeout(() => resolve(true), OPENER_SETTLE_MS).unref();
    opener.once('error', () => {
      clearTimeout(settle);
      resolve(false);
    });
    opener.once('exit', (code) => {
      clearTimeout(settle);
      resolve(code === 0);
    });
    opener.unref();
  });
}
