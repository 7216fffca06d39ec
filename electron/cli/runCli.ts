import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { commandHelpText, EXIT_CODES_TEXT } from './commandHelp';
import { checkHostPortFree } from '../core/app/hostPortInUse';
import { readEnvironment } from '../core/platform/settings/environment';
import { readTextArgument } from '../core/platform/cli/readTextArgument';
import { cliRuntimePaths } from '../core/platform/cli/runtimePaths';
import { loadBuiltDevTools, type DevTools } from './builtDevTools';
import { loadSimulator } from './toolEntries';
import { BAD_USAGE_EXIT_CODE, exitOnUsageError, usageErrorLine } from './usageErrors';

export interface CliIo {
  moduleUrl: string;
  env: NodeJS.ProcessEnv;
  out: (line: string) => void;
  err: (line: string) => void;
  /**
   * The terminal's input, for `serve` (the payment codes' unlock) and a file argument given as `-`; opened only by
   * the command that reads it.
   */
  input?: () => NodeJS.ReadableStream;
  /**
   * The development tools (`bench`, `faults`, `soak`); by default the checkout's build of them (out/dev-tools/),
   * which the app never carries. Tests hand in the sources.
   */
  devTools?: () => Promise<DevTools>;
}

/**
 * What the top-level --help says about set-up, beside the README's "Set up" (helpMatchesReadme.test.ts holds
 * the two together).
 */
const SETUP_TEXT = `Set up: npm install builds the app and this command line, and downloads Electron. If Electron's download
is blocked, run npm install --ignore-scripts, then npm run build: every command works without Electron, and
npm run demo:browser or sightline serve show the app in your browser.`;

/**
 * Every command, subcommand and flag the README's "Command line" section names, and no other
 * (helpMatchesReadme.test.ts holds the two together). A line indented two spaces starts a usage, a deeper line
 * that starts with [, | or - continues it, and two spaces end it before its description.
 */
export const USAGE = `Usage: sightline <command>

  serve [--cfg <path>]...    run the core and the browser host (OBS sources, browser mode); prints the
                             companion URL, then each overlay's URL and browser-source size. --cfg: the
                             replay page may also switch that game.cfg (or the game folder's)
  simulate --scenario <file> [--live-port N] [--card-port N] [--replay-port N] [--control-port N]
           [--ddragon-port N] [--card-data-port N] [--ca-out <dir>]
                             run the simulator of every outside service: the game clients,
                             the static data hosts, the web API, sign-on and the store
  demo [--browser] [--scenario <file>] [--cfg <path>]... [--no-open] [--verbose]
                             run the simulator and the app against it (full-game.json unless --scenario);
                             --browser: the headless host in your browser, no Electron needed (npm run
                             demo:browser); --cfg: the replay page switches that game.cfg instead of the
                             simulated install's; --no-open: print the URLs without opening a browser;
                             --verbose: the game data download's progress
  replay enable|disable|status [--cfg <path>]
                             switch the replay API in game.cfg (keeps a backup)
  replay play|pause|seek <time>|speed <x>
                             drive the running replay (the simulator's: set SIGHTLINE_LIVE_CA to its CA)
  replay highlights [--kinds <k,…>] [--before <s>] [--after <s>] [--record <folder>]
                             the running replay's highlights, one JSON line per clip; --record writes a
                             webm per clip
  doctor                     check each game client once: its state, and whether the arena client's
                             own API description still matches what Sightline reads (exit 1 on drift)
  data sync [--locale L] [--sets set1,set9…] [--variant lite|full] [--region R] [--card-version V] [--pack]
                             download the static data of both games into the cache
  data status                show what is cached, per game and language, with sizes
  data clear [all|arena|cards]
                             empty the cache (all of it unless arena or cards)
  api account <gameName#tagLine> --region <r>
  api match <matchId>... [--region <r>]
  api match-by-code <matchId> --code <tournamentCode> [--region <r>]
  api summoner-by-name <name> --platform <p>
                             web API lookups with your own key (SIGHTLINE_API_KEY), one JSON line each
  tournament check-url <url> | confirm-key [--off] | provider create | create [--no-first-code]
             | codes create | codes update | code | lobby-events
             | results [--match] [--code <code> --choose <gameId>] | receive [--tournament-key]
             | migrate --to <postgres://…|file> [--from <…>]
                             run community tournaments through the web API (sightline tournament: options)
  store discover <url>       the store's negotiated protocol version, transport and endpoint
  store search <url> <query> [--profile <agent profile URL>] [--country US] [--currency USD] [--limit N]
                             one line per product: title, price, variant ID
  deck decode <code> [--codes]
                             print a deck code's cards with the cached card data's names, cost and
                             region (--codes: count:cardCode lines only)
  deck encode <file>         make a deck code from count:cardCode lines (- reads standard input)
  bench [<name>]             run the benchmarks and print their figures
  faults [--service <s>] [--fault-ms <ms>]
                             every simulated fault on the local clients and the web API: the reliability table
  soak [--hours 8] [--time-scale 60]
                             an evening of use, accelerated: memory and handles over time

Every command and subcommand answers --help (or -h) with its usage; sightline --version prints the version.
${EXIT_CODES_TEXT}

${SETUP_TEXT}`;

/** Long-running commands return null and keep the process alive until a signal stops them. */
export async function runCli(argv: string[], io: CliIo): Promise<number | null> {
  const [command, ...rest] = argv;
  if (command !== undefined && wantsHelp(rest)) return printCommandHelp(command, io);
  try {
    switch (command) {
      case 'serve': {
        await checkHostPortFreeFirst(io.env);
        const { parseServeArgs, serve } = await loadServe();
        await stopOnSignalFromStart(
          serve({
            env: io.env,
            ...cliRuntimePaths(io.moduleUrl),
            ...parseServeArgs(rest),
            out: io.out,
            input: io.input?.(),
          }),
          io.err,
        );
        return null;
      }
      case 'simulate': {
        const { runSimulateCommand } = await loadSimulator();
        await stopOnSignalFromStart(
          runSimulateCommand(rest, io.out, (path) =>
            readTextArgument(path, io.input ?? (() => process.stdin)),
          ).then((simulator) => ({ stop: () => simulator.close() })),
          io.err,
        );
        return null;
      }
      case 'faults': {
        const { runFaultsCommand } = await (await devTools(io, command)).loadReliabilityHarness();
        const { serve } = await loadServe();
        return await runFaultsCommand(rest, io, { ...cliRuntimePaths(io.moduleUrl), serve });
      }
      case 'soak': {
        const { runSoakCommand } = await (await devTools(io, command)).loadReliabilityHarness();
        const { serve } = await loadServe();
        return await runSoakCommand(rest, io, { ...cliRuntimePaths(io.moduleUrl), serve });
      }
      case 'replay': {
        const { runReplayCommand } = await import('../core/features/replay/cli/replayCommand');
        const { gameClientPacing, gameClientSchedule } = await import('../core/app/gameClientPacing');
        return await runReplayCommand(rest, io, cliRuntimePaths(io.moduleUrl), {
          policy: gameClientPacing,
          schedule: gameClientSchedule,
        });
      }
      case 'doctor': {
        const { runDoctorCommand } = await import('../core/app/doctor/doctorCli');
        return await runDoctorCommand(rest, io, cliRuntimePaths(io.moduleUrl));
      }
      case 'data': {
        const { runDataCommand } = await import('../core/features/staticData/cli/dataCli');
        return await runDataCommand(rest, io);
      }
      case 'api': {
        const { runApiCommand } = await import('../core/features/webApi/cli/apiCommand');
        return await runApiCommand(rest, io, { createdIn: deskCreatedCode });
      }
      case 'tournament': {
        const { runTournamentCommand } = await import('../core/features/tournament/cli/tournamentCommand');
        return await runTournamentCommand(rest, io);
      }
      case 'store': {
        const { runStoreCommand } = await import('../core/features/store/cli/storeCli');
        return await runStoreCommand(rest, io);
      }
      case 'deck': {
        const { runDeckCommand } = await import('../core/features/staticData/cli/deckCli');
        return await runDeckCommand(rest, io);
      }
      case 'bench': {
        const { runBenchCommand } = await devTools(io, command);
        return await runBenchCommand(rest, io, cliRuntimePaths(io.moduleUrl).repoRoot);
      }
      case 'demo': {
        await checkHostPortFreeFirst(io.env);
        const { runDemo } = await import('./commands/demoCommand');
        const { started: demo, stopListening } = await stopOnSignalFromStart(
          runDemo(rest, {
            env: io.env,
            ...cliRuntimePaths(io.moduleUrl),
            out: io.out,
            err: io.err,
            ...(io.input ? { terminalInput: io.input } : {}),
          }),
          io.err,
        );
        if (!demo.exited) return null;
        // The desktop demo ends with the app: the simulators are stopped by then, so the process can exit.
        const code = await demo.exited;
        stopListening();
        return code;
      }
      case undefined:
      case 'help':
      case '--help':
      case '-h':
        io.out(USAGE);
        return 0;
      case '--version':
      case '-v':
        io.out(await packageVersion(cliRuntimePaths(io.moduleUrl).repoRoot));
        return 0;
      default:
        io.err(
          command.startsWith('-')
            ? `sightline: unknown option ${command} (see sightline --help)`
            : `sightline: unknown command "${command}" (see sightline --help)`,
        );
        return BAD_USAGE_EXIT_CODE;
    }
  } catch (error) {
    if (usageErrorLine(command, error) !== null) return exitOnUsageError(command, error, io.err);
    io.err(`sightline ${command}: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}

/** --help or -h anywhere before a lone "--" (which passes what follows as arguments). */
function wantsHelp(args: readonly string[]): boolean {
  const end = args.indexOf('--');
  return (end === -1 ? args : args.slice(0, end)).some((arg) => arg === '--help' || arg === '-h');
}

async function printCommandHelp(command: string, io: CliIo): Promise<number> {
  const help = commandHelpText(USAGE, command, await ownHelpText(command));
  if (help === null) {
    io.err(`sightline: unknown command "${command}" (see sightline --help)`);
    return BAD_USAGE_EXIT_CODE;
  }
  io.out(help);
  return 0;
}

/**
 * The reference texts of the commands that have one, loaded like the command itself (a --help starts as
 * light as the command); the others' help is their lines of USAGE.
 */
async function ownHelpText(command: string): Promise<string | null> {
  switch (command) {
    case 'doctor':
      return (await import('../core/app/doctor/doctorCli')).DOCTOR_USAGE;
    case 'store':
      return (await import('../core/features/store/cli/storeCli')).STORE_USAGE;
    case 'data':
      return (await import('../core/features/staticData/cli/dataCli')).DATA_USAGE;
    case 'replay':
      return (await import('../core/features/replay/cli/replayCommand')).REPLAY_USAGE;
    case 'api':
      return (await import('../core/features/webApi/cli/apiCli')).API_CLI_USAGE;
    case 'tournament':
      return (await import('../core/features/tournament/cli/tournamentCli')).TOURNAMENT_CLI_USAGE;
    default:
      return null;
  }
}

/** The tournament feature's answer, loaded only when `api match-by-code` asks it. */
async function deskCreatedCode(dataDir: string, code: string): Promise<boolean> {
  return (await import('../core/features/tournament/cli/tournamentCommand')).deskCreatedCode(dataDir, code);
}

/** package.json's version: what `sightline --version` prints. */
async function packageVersion(repoRoot: string): Promise<string> {
  const manifest: unknown = JSON.parse(await readFile(join(repoRoot, 'package.json'), 'utf8'));
  const version = (manifest as { version?: unknown }).version;
  if (typeof version !== 'string') throw new Error('package.json names no version');
  return version;
}

function devTools(io: CliIo, command: string): Promise<DevTools> {
  return io.devTools ? io.devTools() : loadBuiltDevTools(cliRuntimePaths(io.moduleUrl).repoRoot, command);
}

/**
 * The whole core, loaded only by the commands that run it: a command beside the app (`api`, `doctor`…) starts
 * without it, which matters when a stream deck or a script runs many.
 */
const loadServe = () => import('../core/app/serve/serve');

/**
 * A host port set in the environment and taken by another program is said before the core loads (seconds on a
 * busy machine) and before the demo's simulators and download; one set in settings.json, once the core starts.
 */
async function checkHostPortFreeFirst(env: NodeJS.ProcessEnv): Promise<void> {
  await checkHostPortFree(readEnvironment(env).hostPort ?? 0);
}

/**
 * Stops on Ctrl-C or SIGTERM from the moment the command starts, not once it has: a signal that came while it
 * started (or just after it said it had, before the process got back to listening) would otherwise end the
 * process at once and leave what it made behind, such as the demo's temporary folder. A signal during the start
 * stops the command once started. Resolves with the started command and what stops listening; rejects, no
 * longer listening, when the start fails.
 */
async function stopOnSignalFromStart<T extends { stop(): Promise<void> }>(
  starting: Promise<T>,
  err: (line: string) => void,
): Promise<{ started: T; stopListening: () => void }> {
  let stopping = false;
  const handler = (): void => {
    if (stopping) return;
    stopping = true;
    void starting
      .then((started) => started.stop())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          err(`sightline: stopping failed: ${error instanceof Error ? error.message : String(error)}`);
          process.exit(1);
        },
      );
  };
  const stopListening = (): void => {
    process.off('SIGINT', handler);
    process.off('SIGTERM', handler);
  };
  process.once('SIGINT', handler);
  process.once('SIGTERM', handler);
  try {
    return { started: await starting, stopListening };
  } catch (error) {
    stopListening();
    throw error;
  }
}
