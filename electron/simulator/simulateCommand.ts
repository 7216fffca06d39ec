import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { UsageError } from '@shared/cli/usageError';
import { startDemoServices, type DemoServices } from './demo/demoServices';
import { startSimulator } from './gameClientSimulator';
import { loadScenarioFile } from './scenario';

/**
 * `sightline simulate --scenario <file> [--live-port N] [--card-port N] [--replay-port N] [--control-port N]
 *   [--ddragon-port N] [--card-data-port N] [--ca-out <dir>]`
 *
 * Prints one line per service (`live: https://127.0.0.1:N`, `card: …`, `replay: …`, `control: …`), then
 * `ca: <path>` when --ca-out is given, then the static data hosts (`ddragon: …`, `cardData: …`, `constants: …`),
 * then the web-facing services the demo runs too (`webApi: …`, `signOn: …`, `store: …`), and keeps running until
 * the returned handle is closed. New lines only ever go last, so that tooling reading the earlier lines by
 * position keeps working. `argv` is what follows `simulate` (a leading "simulate" is skipped).
 */

interface SimulateArgs {
  scenario: string;
  livePort?: number;
  cardPort?: number;
  replayPort?: number;
  controlPort?: number;
  /** Data Dragon; the game constants are served under it (`/docs/lol`). */
  ddragonPort?: number;
  cardDataPort?: number;
  caOut?: string;
}

type PortOption =
  'live-port' | 'card-port' | 'replay-port' | 'control-port' | 'ddragon-port' | 'card-data-port';

function parsePort(flag: string, value: string): number {
  const port = Number(value);
  if (!/^\d+$/.test(value) || port > 65535)
    throw new UsageError(`${flag} needs a port number from 0 to 65535, got "${value}"`);
  return port;
}

export function parseSimulateArgs(argv: readonly string[]): SimulateArgs {
  const args = argv[0] === 'simulate' ? argv.slice(1) : [...argv];
  // An unknown option or a flag without its value throws: the CLI turns it into one line and exit 2.
  const { values } = parseArgs({
    args,
    options: {
      scenario: { type: 'string' },
      'ca-out': { type: 'string' },
      'live-port': { type: 'string' },
      'card-port': { type: 'string' },
      'replay-port': { type: 'string' },
      'control-port': { type: 'string' },
      'ddragon-port': { type: 'string' },
      'card-data-port': { type: 'string' },
    },
  });
  if (!values.scenario) throw new UsageError('--scenario <file> is required');
  const port = (option: PortOption): number | undefined => {
    const value = values[option];
    return value === undefined ? undefined : parsePort(`--${option}`, value);
  };
  return {
    scenario: values.scenario,
    caOut: values['ca-out'],
    livePort: port('live-port'),
    cardPort: port('card-port'),
    replayPort: port('replay-port'),
    controlPort: port('control-port'),
    ddragonPort: port('ddragon-port'),
    cardDataPort: port('card-data-port'),
  };
}

export async function runSimulateCommand(
  argv: string[],
  out: (line: string) => void,
  readText?: (path: string) => Promise<string>,
): Promise<{ close(): Promise<void> }> {
  const args = parseSimulateArgs(argv);
  const scenario = await loadScenarioFile(args.scenario, readText);
  const simulator = await startSimulator({
    scenario,
    livePort: args.livePort,
    cardPort: args.cardPort,
    replayPort: args.replayPort,
    controlPort: args.controlPort,
    staticHosts: { ddragonPort: args.ddragonPort, cardDataPort: args.cardDataPort },
  });
  let caPath: string | null = null;
  if (args.caOut) {
    try {
      const dir = resolve(args.caOut);
      await mkdir(dir, { recursive: true });
      caPath = join(dir, 'ca.pem');
      await writeFile(caPath, simulator.caPem, 'utf8');
    } catch (error) {
      await simulator.close();
      throw new Error(
        `Cannot write the CA to ${args.caOut}: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
  out(`live: ${simulator.urls.live}`);
  out(`card: ${simulator.urls.card}`);
  out(`replay: ${simulator.urls.replay}`);
  out(`control: ${simulator.urls.control}`);
  if (caPath) out(`ca: ${caPath}`);
  let services: DemoServices;
  try {
    services = await startDemoServices({ world: simulator.control, scenario });
  } catch (error) {
    await simulator.close();
    throw error;
  }
  out(`ddragon: ${simulator.urls.ddragon}`);
  out(`cardData: ${simulator.urls.cardData}`);
  out(`constants: ${simulator.urls.constants}`);
  for (const [name, url] of Object.entries(services.urls)) out(`${name}: ${url}`);
  return {
    close: async () => {
      await services.close();
      await simulator.close();
    },
  };
}
