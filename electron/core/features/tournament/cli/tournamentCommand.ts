import type { RequestInput } from '@shared/contract';
import { createFeatureContext } from '../../../platform/feature/feature';
import { createLogger } from '../../../platform/log/logger';
import { defaultDataDir, readEnvironment } from '../../../platform/settings/environment';
import { deskRequests, deskRequestsThrough } from './deskRequests';
import { runTournamentCli, type OpenedDesk } from './tournamentCli';
import { startStandaloneReceiver } from '../receiver/standaloneReceiver';
import { resolveTournamentDatabase } from '../database/tournamentDatabaseSetting';
import { runTournamentMigrate } from '../migrate/migrateCli';
import { tournamentDbPath } from '../storage/tournamentStore';
import { createTournamentFeature } from '../tournamentFeature';
import { UsageError } from '@shared/cli/usageError';
import { keyFingerprint } from '../../webApi/key/keyFingerprint';
import { connectToRunningSightline, type RemoteCore } from '../../../transport/remote/remoteCore';
import { openCliWebApi } from '../../webApi/cli/cliWebApi';
import type { CommandIo } from '../../../platform/cli/commandIo';

/**
 * Whether this data folder's desk made a tournament code, for `sightline api match-by-code`. The database driver
 * loads only then: every other lookup starts without it.
 */
export async function deskCreatedCode(dataDir: string, code: string): Promise<boolean> {
  return (await import('../storage/deskCodeFile')).deskCreatedCodeIn(dataDir, code);
}

/**
 * `sightline tournament …`: the tournament desk from the command line, with the same handlers, database
 * and signing secret as the app: the running app's or `serve`'s desk when one runs on the data folder, else its
 * own. The key: SIGHTLINE_API_KEY, or the 0600 key file the headless host keeps.
 */
export async function runTournamentCommand(argv: string[], io: CommandIo): Promise<number> {
  const env = readEnvironment(io.env);
  const dataDir = env.dataDir ?? defaultDataDir(process.platform, io.env);
  if (argv[0] === 'migrate') {
    return runTournamentMigrate(argv.slice(1), {
      out: io.out,
      err: io.err,
      defaultSource: async (to) => {
        if (to.engine === 'postgres') return { engine: 'file', path: tournamentDbPath(dataDir) };
        // The shared database this folder's desk uses (the app's saved URL is not readable from here).
        const shared = await resolveTournamentDatabase({
          environmentUrl: env.tournamentDatabaseUrl,
          secrets: null,
          dataDir,
        });
        if (shared.engine !== 'postgres')
          throw new UsageError('--to is a file: name the database to copy with --from <postgres://…>');
        return shared;
      },
    });
  }
  const logger = createLogger((line) => io.err(line), 'error');
  const controller = new AbortController();
  let stopSignal: 'SIGINT' | 'SIGTERM' | null = null;
  // Caught, not left to kill the process: a command stops at its next stop point with what it made kept.
  const stopBy = (signal: 'SIGINT' | 'SIGTERM') => (): void => {
    stopSignal ??= signal;
    controller.abort();
  };
  const onSigint = stopBy('SIGINT');
  const onSigterm = stopBy('SIGTERM');
  process.once('SIGINT', onSigint);
  process.once('SIGTERM', onSigterm);
  try {
    return await runTournamentCli(argv, {
      out: io.out,
      err: io.err,
      stopSignal: () => stopSignal,
      untilStopped: () =>
        new Promise((resolve) =>
          controller.signal.addEventListener('abort', () => resolve(), { once: true }),
        ),
      sleep: (ms) =>
        new Promise((resolve) => {
          const timer = setTimeout(() => resolve(true), ms);
          controller.signal.addEventListener('abort', () => (clearTimeout(timer), resolve(false)), {
            once: true,
          });
        }),
      // With the shared database's URL, the receiver needs nothing from the data folder.
      startReceiver: (listen, onVerdict) =>
        startStandaloneReceiver({ listen, dataDir, databaseUrl: env.tournamentDatabaseUrl, onVerdict }),
      openDesk: async ({ tournamentKeyConfirmed }) => {
        // With the app or `serve` running on this folder, its desk answers: one writer of tournaments.db, and
        // what is created here shows on its companion page at once.
        const remote = await connectToRunningSightline(dataDir, io.env);
        if (remote) return deskOfPrimary(remote);
        const { settings, keys, http, stack, close } = await openCliWebApi(io, env, dataDir, logger);
        const context = createFeatureContext({ http, logger, settings, env, dataDir, resourcesDir: '' });
        const feature = createTournamentFeature(context, {
          webApi: {
            client: stack.client,
            service: stack.service,
            keyFingerprint: async () => {
              const key = await keys.read();
              return key ? keyFingerprint(key) : null;
            },
          },
          tournamentKeyConfirmed,
        });
        await feature.ready;
        return {
          ...deskRequests(feature.handlers),
          throughPrimary: false,
          close: async () => {
            await feature.stop?.();
            await close();
          },
        };
      },
    });
  } finally {
    process.off('SIGINT', onSigint);
    process.off('SIGTERM', onSigterm);
  }
}

/** The running Sightline's desk, reached through its router: its settings decide which API is called. */
export function deskOfPrimary(remote: RemoteCore): OpenedDesk {
  return {
    ...deskRequestsThrough((channel, _parsed, input) =>
      remote.request(channel, input as RequestInput<typeof channel>),
    ),
    throughPrimary: true,
    close: async () => remote.close(),
  };
}
