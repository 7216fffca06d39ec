import { notAChoice } from '@shared/cli/usageError';
import { parseArgs } from 'node:util';
import type { StartHost } from './simulatedWorld';
import { SERVICE_NAMES } from '../simulator/scenario';
import { allFaultCells } from './faultCells';
import { runFaultMatrix } from './faultMatrix';
import { formatFaultMatrix } from './faultMatrixTable';

export interface FaultsCommandIo {
  out: (line: string) => void;
  err: (line: string) => void;
}

/**
 * `sightline faults [--service <live|replay|card|webApi|staticData|store|signOn>] [--fault-ms <ms>]`: every
 * fault on every local client, the web API, the static data hosts, the store and the sign-on host (DNS down
 * on the last four), against the real host; prints
 * the table and exits 1 when any cell fails, 2 on bad usage.
 */
export async function runFaultsCommand(
  argv: string[],
  io: FaultsCommandIo,
  host: { rendererDir: string; resourcesDir: string; serve: StartHost },
): Promise<number> {
  // An unknown option or a flag without its value throws: the CLI turns it into one line and exit 2.
  const { values } = parseArgs({
    args: argv,
    options: { service: { type: 'string' }, 'fault-ms': { type: 'string' } },
  });
  const service = values.service;
  const services: readonly string[] = [...SERVICE_NAMES, 'webApi', 'staticData', 'store', 'signOn'];
  if (service !== undefined && !services.includes(service)) throw notAChoice('--service', service, services);
  const faultMs = values['fault-ms'] === undefined ? undefined : Number(values['fault-ms']);
  if (faultMs !== undefined && !(Number.isInteger(faultMs) && faultMs >= 1000)) {
    io.err('sightline faults: --fault-ms must be a whole number of milliseconds, at least 1000');
    return 2;
  }
  const cells = allFaultCells().filter((cell) => service === undefined || cell.service === service);
  io.err(`sightline faults: ${cells.length} cells, about ${Math.ceil((cells.length * 8) / 60)} min`);
  const results = await runFaultMatrix({
    cells,
    ...host,
    faultMs,
    onCell: (result) =>
      io.err(`  ${result.cell.service} ${result.cell.fault}: ${result.passed ? 'pass' : 'FAIL'}`),
  });
  for (const line of formatFaultMatrix(results)) io.out(line);
  return results.every((result) => result.passed) ? 0 : 1;
}
