import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { UsageError } from '@shared/cli/usageError';
import {
  describeSourceStatus,
  driftSeenInText,
  settingsSchema,
  type OtherAsker,
  type SchemaCheck,
  type SchemaDrift,
  type SourceFindings,
  type SourceId,
} from '@shared/contract';
import { cardClientUrl } from '../../features/card/cardFeature';
import type { RunningInstance } from '../../platform/instance/runningInstance';
import { createHttpClient } from '../../platform/net/httpClient';
import { loadGameClientTrust } from '../../platform/net/loopbackTrust';
import {
  defaultDataDir,
  EnvironmentError,
  readEnvironment,
  type EnvironmentOverrides,
} from '../../platform/settings/environment';
import { ASKED_WITHIN_MS, askersBySource } from '../gameClientAskers';
import { gameClientPacing, gameClientSchedule } from '../gameClientPacing';
import { checkSourcesOnce, type SourceFinding } from '../sourceCheckup';
import { primaryPollsClients } from '../../transport/remote/primaryClients';
import { connectToRunningSightline } from '../../transport/remote/remoteCore';
import type { RuntimePaths } from '../../platform/cli/runtimePaths';
import { DOCTOR_EXIT } from './doctorExitCodes';
import type { CommandIo } from '../../platform/cli/commandIo';

export const DOCTOR_USAGE = `Usage: sightline doctor

Checks each game client once and prints one line per source:
  live: <state>; schema: matches | <N> drifts: <path> <property> missing in the document|response; <path> <property> is now <type> in the document|response; …
  replay: <state>; schema: …
  card: <state>; schema: none served
"in the response": an answer of the client drifted; "in the document": only its API description did.
Then, when another Sightline process talks to a client (the running app or serve this command asked, or one
that asked a client in the last few seconds), one more line:
  shared: <source> also asked by <app|serve|command> (pid <N>) since <ISO time>; …
Exit codes, first that applies: 2 bad usage; 1 any source drifts; 3 any source cannot be reached or
answers wrongly (its line says "error: …", such as an untrusted certificate); 4 no client is running (every
line says "not running": the games are closed, nothing is wrong with Sightline); 0 otherwise. A client that
is not running beside one that answers is not an error: the other game is simply closed.`;

/**
 * `sightline doctor`: the connection state of each source and how the arena client's own API
 * description compares with what Sightline relies on. Its output is read by tools: keep the form.
 * Beside the running Sightline (on the same clients) it reports what that one's polling found, asking no
 * client itself.
 */
export async function runDoctorCommand(argv: string[], io: CommandIo, paths: RuntimePaths): Promise<number> {
  // An option or an argument throws (doctor takes none): the CLI turns it into one line and exit 2.
  parseArgs({ args: argv, options: {} });
  let env: EnvironmentOverrides;
  try {
    env = readEnvironment(io.env);
  } catch (error) {
    if (!(error instanceof EnvironmentError)) throw error;
    // A malformed address to check is bad usage: one line and exit 2, like a wrong word.
    throw new UsageError(error.message);
  }

  const { findings, askers } = (await findingsOfPrimary(io, env)) ?? (await checkAlone(env, paths));
  io.out(doctorLine('live', findings.live));
  io.out(doctorLine('replay', findings.replay));
  io.out(`card: ${describeSourceStatus(findings.card.status)}; schema: none served`);
  const shared = sharedLine(askers);
  if (shared) io.out(shared);
  return doctorExitCode(findings);
}

/** 1 on drift, as it always was; then 3 when a source errors, 4 when none runs (DOCTOR_USAGE). */
function doctorExitCode(findings: SourceFindings): number {
  const sources = DOCTOR_ORDER.map((id) => findings[id]);
  if (sources.some((finding) => finding.schema?.kind === 'drifts')) return DOCTOR_EXIT.drift;
  if (sources.some((finding) => finding.status.state === 'error')) return DOCTOR_EXIT.unreachable;
  if (sources.every((finding) => finding.status.state === 'not-running')) return DOCTOR_EXIT.noneRunning;
  return 0;
}

/** What doctor prints: each client's findings, and the other Sightline processes asking the clients. */
interface DoctorReport {
  findings: SourceFindings;
  askers: Record<SourceId, OtherAsker[]>;
}

/** What the running Sightline on the data folder knows of the clients; null when none runs or it polls others. */
async function findingsOfPrimary(io: CommandIo, env: EnvironmentOverrides): Promise<DoctorReport | null> {
  const remote = await connectToRunningSightline(
    env.dataDir ?? defaultDataDir(process.platform, io.env),
    io.env,
  );
  if (!remote) return null;
  try {
    const wanted = { live: env.liveUrl, replay: env.replayUrl, card: env.cardUrl };
    if (!(await primaryPollsClients(remote, wanted))) return null;
    const findings = await remote.request('sources.checkup', {});
    return { findings, askers: askersThroughPrimary(remote.instance, findings) };
  } catch {
    // It stopped meanwhile, or is older than this command: the command checks alone.
    return null;
  } finally {
    remote.close();
  }
}

/** Each client checked once by this process, through the machine's shared schedule. */
async function checkAlone(env: EnvironmentOverrides, paths: RuntimePaths): Promise<DoctorReport> {
  const defaults = settingsSchema.parse({});
  const schedule = gameClientSchedule('doctor');
  const http = createHttpClient({
    loopbackTrust: loadGameClientTrust(join(paths.resourcesDir, 'riotgames.pem'), env.liveCaFile),
    pacing: gameClientPacing,
    sharedPacing: schedule,
  });
  try {
    const urls = {
      live: env.liveUrl ?? defaults.live.url,
      replay: env.replayUrl ?? defaults.replay.url,
      card: cardClientUrl(env, defaults),
    };
    const findings = await checkSourcesOnce({ http, urls });
    return { findings, askers: askersBySource(await schedule.otherAskers(ASKED_WITHIN_MS), urls) };
  } finally {
    http.close();
  }
}

function doctorLine(source: 'live' | 'replay', finding: SourceFinding): string {
  return `${source}: ${describeSourceStatus(finding.status)}; schema: ${schemaText(finding.schema)}`;
}

/**
 * Beside the running Sightline, that one talks to every client for this command (since it started), and
 * the processes it saw asking them besides.
 */
function askersThroughPrimary(
  primary: RunningInstance,
  findings: SourceFindings,
): Record<SourceId, OtherAsker[]> {
  const itself: OtherAsker = { pid: primary.pid, kind: primary.kind, since: Date.parse(primary.since) };
  const of = (id: SourceId): OtherAsker[] => [itself, ...(findings[id].status.alsoAskedBy ?? [])];
  return { live: of('live'), replay: of('replay'), card: of('card') };
}

/** The order of doctor's lines. */
const DOCTOR_ORDER: readonly SourceId[] = ['live', 'replay', 'card'];

/** `shared: live also asked by serve (pid 1234) since 2026-11-27T19:40:12Z; …`; null when no other process asks. */
function sharedLine(askers: Record<SourceId, OtherAsker[]>): string | null {
  const parts = DOCTOR_ORDER.flatMap((id) =>
    askers[id].map(
      (asker) =>
        `${id} also asked by ${asker.kind} (pid ${asker.pid}) since ${new Date(asker.since).toISOString().replace(/\.\d{3}Z$/, 'Z')}`,
    ),
  );
  return parts.length > 0 ? `shared: ${parts.join('; ')}` : null;
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
