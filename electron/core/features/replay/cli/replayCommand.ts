import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { unexpectedArgument, unknownWord, UsageError } from '@shared/cli/usageError';
import { createHttpClient } from '../../../platform/net/httpClient';
import { loadGameClientTrust } from '../../../platform/net/loopbackTrust';
import { replayApiFindings, type ReplayApiState } from '../gameCfg/gameCfgEditor';
import { enableReplayApi, readReplayApiStatus } from '../gameCfg/gameCfgFile';
import { locateGameCfg, nodeGameCfgLocatorDeps } from '../gameCfg/gameCfgLocator';
import { nodeRecordingFileSystem } from '../recordingTracker';
import { createReplayClient } from '../replayClient';
import { REPLAY_CLI_USAGE, runReplayCliCommand, type ReplayCliResult } from './replayCli';
import {
  defaultDataDir,
  readEnvironment,
  type EnvironmentOverrides,
} from '../../../platform/settings/environment';
import type { PacingPolicy } from '../../../platform/net/requestPacer';
import type { SharedPacingSchedule } from '../../../platform/net/sharedPacingSchedule';
import { primaryPollsClients } from '../../../transport/remote/primaryClients';
import { remotePlaybackControl } from './remotePlaybackControl';
import { connectToRunningSightline, type RemoteCore } from '../../../transport/remote/remoteCore';
import type { CommandIo } from '../../../platform/cli/commandIo';
import { HIGHLIGHTS_USAGE, runHighlightsCommand } from './highlightsCli';
import type { RuntimePaths } from '../../../platform/cli/runtimePaths';

export const REPLAY_USAGE = `${REPLAY_CLI_USAGE}
${HIGHLIGHTS_USAGE}
  enable [--cfg <path>]   switch the replay API on in game.cfg (keeps a backup)
  disable [--cfg <path>]  switch it off
  status [--cfg <path>]   show where game.cfg is and whether the replay API is on

Exit codes: 0 done, 1 failed (no game.cfg, no replay running, the game refused, a live game, a clip not
recorded), 2 bad usage (an unknown command or option, a time or speed that is not one).`;

/**
 * How every Sightline process paces its asks of the game clients (the app's policy and the schedule the user's
 * processes share): handed in by the command line's dispatch, as the app composes it.
 */
export interface GameClientPacing {
  policy: PacingPolicy;
  schedule: (kind: string) => SharedPacingSchedule;
}

/** The words `sightline replay` takes first, as its usage lists them. */
const REPLAY_COMMANDS = ['play', 'pause', 'seek', 'speed', 'highlights', 'enable', 'disable', 'status'];

/** `sightline replay …`: game.cfg's switch, and playback of the running replay. Returns the exit code. */
export async function runReplayCommand(
  argv: string[],
  io: CommandIo,
  paths: RuntimePaths,
  pacing: GameClientPacing,
): Promise<number> {
  if (argv[0] === 'highlights') return highlightsCommand(argv.slice(1), io, paths, pacing);
  const { values, positionals } = parseArgs({
    args: argv,
    options: { cfg: { type: 'string' } },
    allowPositionals: true,
  });
  const [action, extra] = positionals;
  if (action === 'enable' || action === 'disable' || action === 'status') {
    if (extra !== undefined) throw unexpectedArgument(extra);
    return configCommand(action, values.cfg, io);
  }
  if (action === undefined) throw unknownWord('replay command', action, REPLAY_COMMANDS);
  const env = readEnvironment(io.env);
  const remote = await primaryOnSameReplay(io, env);
  if (remote) {
    try {
      return report(await runReplayCliCommand(remotePlaybackControl(remote), positionals), io);
    } finally {
      remote.close();
    }
  }
  const http = createHttpClient({
    loopbackTrust: loadGameClientTrust(join(paths.resourcesDir, 'riotgames.pem'), env.liveCaFile),
    pacing: pacing.policy,
    sharedPacing: pacing.schedule('replay'),
  });
  try {
    const client = createReplayClient({
      http,
      baseUrl: () => env.replayUrl ?? 'https://127.0.0.1:2999',
      liveDataUrl: () => env.liveUrl ?? 'https://127.0.0.1:2999',
    });
    return report(await runReplayCliCommand(client, positionals), io);
  } finally {
    http.close();
  }
}

/**
 * The reel is made here, not through a running Sightline: its reads and the recordings' polls go through the
 * schedule every process of this user keeps, so the game sees no path asked more often than with one.
 */
async function highlightsCommand(
  argv: string[],
  io: CommandIo,
  paths: RuntimePaths,
  pacing: GameClientPacing,
): Promise<number> {
  const env = readEnvironment(io.env);
  const http = createHttpClient({
    loopbackTrust: loadGameClientTrust(join(paths.resourcesDir, 'riotgames.pem'), env.liveCaFile),
    pacing: pacing.policy,
    sharedPacing: pacing.schedule('replay highlights'),
  });
  try {
    const liveUrl = env.liveUrl ?? 'https://127.0.0.1:2999';
    const client = createReplayClient({
      http,
      baseUrl: () => env.replayUrl ?? 'https://127.0.0.1:2999',
      liveDataUrl: () => liveUrl,
    });
    return await runHighlightsCommand(argv, io, {
      client,
      http,
      liveUrl: () => liveUrl,
      recordingFs: nodeRecordingFileSystem,
    });
  } finally {
    http.close();
  }
}

/** The running Sightline on the data folder when it drives the replay this command would (null otherwise). */
async function primaryOnSameReplay(io: CommandIo, env: EnvironmentOverrides): Promise<RemoteCore | null> {
  const remote = await connectToRunningSightline(
    env.dataDir ?? defaultDataDir(process.platform, io.env),
    io.env,
  );
  if (remote && (await primaryPollsClients(remote, { replay: env.replayUrl, live: env.liveUrl })))
    return remote;
  remote?.close();
  return null;
}

function report(result: ReplayCliResult, io: CommandIo): number {
  if (!result.ok) {
    // A wrong command line is one line and exit 2, as for every command (runCli's usageErrorLine).
    if (result.usage) throw new UsageError(result.error);
    io.err(`sightline replay: ${result.error}`);
    return 1;
  }
  for (const line of result.lines) io.out(line);
  return 0;
}

async function configCommand(
  action: 'enable' | 'disable' | 'status',
  cfg: string | undefined,
  io: CommandIo,
) {
  const found = await findGameCfg(cfg);
  if (!found.ok) {
    io.err(`sightline replay: ${found.error}`);
    return 1;
  }
  const { path } = found;
  if (action === 'status') {
    const status = await readReplayApiStatus(path);
    if (!status.ok) {
      io.err(`sightline replay: ${status.error.message}`);
      return 1;
    }
    io.out(`game.cfg: ${path}`);
    io.out(`replay API: ${switchText(status.value.state)}`);
    if (status.value.readOnly) io.out('note: the file is read-only');
    // After the lines above, which tools read by position: what in the file works against the setting.
    for (const finding of replayApiFindings(status.value.state)) io.out(`problem: ${finding}`);
    return 0;
  }
  const change = await enableReplayApi(path, action === 'enable');
  if (!change.ok) {
    io.err(`sightline replay: ${change.error.message}`);
    return 1;
  }
  io.out(change.value.message);
  if (change.value.backupPath) io.out(`backup: ${change.value.backupPath}`);
  return 0;
}

/**
 * `enabled (EnableReplayApi=1)`, `disabled (EnableReplayApi=0)`; with no entry under [General] the switch is off
 * as the game reads it (its default), so it says `disabled`, and why, rather than the editor's `missing`.
 */
function switchText({ setting, rawValue }: ReplayApiState): string {
  if (rawValue === null) return "disabled (no EnableReplayApi under [General]: the game's default)";
  return `${setting} (EnableReplayApi=${rawValue})`;
}

/**
 * The game.cfg to use: `--cfg` read as the app reads a picked path (a game.cfg, a Config folder or an
 * install folder), or else the first install found on this machine.
 */
async function findGameCfg(
  cfg: string | undefined,
): Promise<{ ok: true; path: string } | { ok: false; error: string }> {
  if (cfg === undefined) {
    const location = await locateGameCfg(nodeGameCfgLocatorDeps());
    const path = location.candidates.find((candidate) => candidate.exists)?.path;
    return path
      ? { ok: true, path }
      : { ok: false, error: 'no game.cfg found; pass --cfg <path to game.cfg or the game folder>' };
  }
  const { candidates: picked } = await locateGameCfg({ ...nodeGameCfgLocatorDeps([cfg]), pickedOnly: true });
  const path = picked.find((candidate) => candidate.exists)?.path;
  if (path) return { ok: true, path };
  if (!(await isFolder(cfg))) return { ok: true, path: cfg }; // The editor explains a missing or odd file.
  return {
    ok: false,
    error: `no game.cfg in ${cfg}; tried ${picked.map((candidate) => candidate.path).join(', ')}`,
  };
}

async function isFolder(path: string): Promise<boolean> {
  return stat(path).then(
    (info) => info.isDirectory(),
    () => false,
  );
}
