import { createLogger } from '../../../platform/log/logger';
import { defaultDataDir, readEnvironment } from '../../../platform/settings/environment';
import { apiCliLookupsOf, runApiCli } from './apiCli';
import { MAX_RATE_LIMIT_WAIT_MS } from '../rateLimit/rateLimiter';
import { primaryUsesKey, remoteApiCliLookups } from './remoteApiCliLookups';
import { connectToRunningSightline } from '../../../transport/remote/remoteCore';
import { openCliWebApi } from './cliWebApi';
import type { CommandIo } from '../../../platform/cli/commandIo';

/**
 * Whether the tournament desk on a data folder made a code: handed in by the command line's dispatch, as the web
 * API feature does not import the tournament feature (the tournament imports it).
 */
export interface DeskCodes {
  createdIn(dataDir: string, code: string): Promise<boolean>;
}

/**
 * `sightline api …`: web API lookups from the command line, through the same client and rate limiter
 * as the app. The key: SIGHTLINE_API_KEY, or the 0600 key file the headless host keeps. When the app or
 * `serve` runs on the data folder, it makes the lookups (its key, its limiter) unless this process was given
 * another key; then the lookups are made here.
 */
export async function runApiCommand(argv: string[], io: CommandIo, desk: DeskCodes): Promise<number> {
  const env = readEnvironment(io.env);
  const dataDir = env.dataDir ?? defaultDataDir(process.platform, io.env);
  // Errors only, with the key redacted like every log line.
  const logger = createLogger((line) => io.err(line), 'error');
  const { settings, keys, stack, close } = await openCliWebApi(io, env, dataDir, logger);
  const remote = await connectToRunningSightline(dataDir, io.env);
  const lookups =
    remote && (await primaryUsesKey(remote, await keys.read()))
      ? remoteApiCliLookups(remote)
      : apiCliLookupsOf(stack.service, {
          version: () => settings.effective.webApi.apiVersion,
          createdByDesk: (code) => desk.createdIn(dataDir, code),
        });
  const stopWatching = stack.limiter.onChange(() => {
    for (const pause of stack.limiter.pauses()) {
      const seconds = Math.max(1, Math.round((pause.until - Date.now()) / 1000));
      // A longer wait is not retried: the request fails and says so.
      if (seconds * 1000 > MAX_RATE_LIMIT_WAIT_MS) continue;
      io.err(`rate limited: retrying in ${seconds} s (${pause.label})`);
    }
  });
  const controller = new AbortController();
  const cancel = (): void => controller.abort();
  process.once('SIGINT', cancel);
  try {
    return await runApiCli(argv, {
      lookups,
      version: settings.effective.webApi.apiVersion,
      out: io.out,
      err: io.err,
      signal: controller.signal,
    });
  } finally {
    process.off('SIGINT', cancel);
    stopWatching();
    remote?.close();
    await close();
  }
}
