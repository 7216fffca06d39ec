import { join } from 'node:path';
import { parseArgs } from 'node:util';
import {
  describeSourceStatus,
  driftSeenInText,
  settingsSchema,
  type SchemaCheck,
  type SchemaDrift,
} from '@shared/contract';
import { createHttpClient } from '../../core/net/httpClient';
import { loadGameClientTrust } from '../../core/net/loopbackTrust';
import {
  EnvironmentError,
  readEnvironment,
  type EnvironmentOverrides,
} from '../../core/settings/environment';
import { gameClientPacing, gameClientSchedule } from '../../core/sources/gameClientPacing';
import { checkSourcesOnce, type SourceFinding } from '../../core/sources/sourceCheckup';
import type { RuntimePaths } from '../runtimePaths';
import type { CommandIo } from '../commandIo';

export const DOCTOR_USAGE = `Usage: sightline doctor

Checks each game client once and prints one line per source:
  live: <state>; schema: matches | <N> drifts: <path> <property> missing in the document|response; <path> <property> is now <type> in the document|response; …
  replay: <state>; schema: …
  card: <state>; schema: none served
"in the response": an answer of the client drifted; "in the document": only its API description did.
Exit code 0 when nothing drifts, 1 when any source drifts, 2 on bad usage.`;

/**
 * `sightline doctor`: the connection state of each source and how the arena client's own API
 * description compares with what Sightline relies on. Its output is read by tools: keep the form.
 */
export async function runDoctorCommand(argv: string[], io: CommandIo, paths: RuntimePaths): Promise<number> {
  let env: EnvironmentOverrides;
  try {
    const { values, positionals } = parseArgs({
      args: argv,
      options: { help: { type: 'boolean', short: 'h' } },
      allowPositionals: true,
    });
    if (values.help) {
      io.out(DOCTOR_USAGE);
      return 0;
    }
    if (positionals.length > 0) throw new TypeError(`unexpected argument "${positionals[0]}"`);
    env = readEnvironment(io.env);
  } catch (error) {
    // parseArgs reports an unknown option as a TypeError.
    if (!(error instanceof TypeError || error instanceof EnvironmentError)) throw error;
    io.err(`sightline doctor: ${error.message}\n\n${DOCTOR_USAGE}`);
    return 2;
  }

  const defaults = settingsSchema.parse({});
  const http = createHttpClient({
    loopbackTrust: loadGameClientTrust(join(paths.resourcesDir, 'riotgames.pem'), env.liveCaFile),
    pacing: gameClientPacing,
    sharedPacing: gameClientSchedule(),
  });
  try {
    const findings = await checkSourcesOnce({
      http,
      urls: {
        live: env.liveUrl ?? defaults.live.url,
        replay: env.replayUrl ?? defaults.replay.url,
        card: env.cardUrl ?? `http://127.0.0.1:${defaults.card.port}`,
      },
    });
    io.out(doctorLine('live', findings.live));
    io.out(doctorLine('replay', findings.replay));
    io.out(`card: ${describeSourceStatus(findings.card.status)}; schema: none served`);
    const drifted = [findings.live, findings.replay].some((finding) => finding.schema?.kind === 'drifts');
    return drifted ? 1 : 0;
  } finally {
    http.close();
  }
}

function doctorLine(source: 'live' | 'replay', finding: SourceFinding): string {
  return `${source}: ${describeSourceStatus(finding.status)}; schema: ${schemaText(finding.schema)}`;
}

function schemaText(schema: SchemaCheck | null): string {
  switch (schema?.kind) {
    case undefined:
      return 'not checked';
    case 'matches':
      return 'matches';
    case 'drifts':
      return `${schema.drifts.length} drifts: ${schema.drifts.map(driftText).join('; ')}`;
    case 'none-served':
      return 'none served';
    case 'unreadable':
      return `unreadable (${schema.reason})`;
  }
}

/**
 * `<path> <property> missing in the document`, `<path> <property> is now <type> in the response`; a missing
 * path or method has no property.
 */
function driftText(drift: SchemaDrift): string {
  const where = driftSeenInText(drift);
  if (drift.property === null)
    return `${drift.path}${drift.method ? ` ${drift.method}` : ''} missing ${where}`;
  if (drift.change === 'missing') return `${drift.path} ${drift.property} missing ${where}`;
  return `${drift.path} ${drift.property} is now ${drift.now} ${where}`;
}
