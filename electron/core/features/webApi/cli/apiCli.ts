import { parseArgs } from 'node:util';
import { unknownWord, UsageError } from '@shared/cli/usageError';
import type { ApiVersion } from '@shared/contract';
import type { WebApiProblem, WebApiResult } from '../client/webApiProblem';
import { createDeskMatchByCode, type DeskCodeCheck, type DeskMatchByCode } from '../deskMatchByCode';
import { locateMatch } from '../routing/matchLocation';
import { WEB_API_ENVIRONMENT_VARIABLES } from '@shared/environment/environmentVariables';
import type { WebApiService } from '../webApiService';

export const API_CLI_USAGE = `Usage: sightline api <lookup>

  account <gameName#tagLine> --region <americas|asia|europe>
                             the account behind a Riot ID, as one JSON line
  match <matchId>... [--region <region>]
                             matches by ID (EUW1_7123456789), fetched concurrently through the rate
                             limiter, one JSON line per match in the order given
  match-by-code <matchId> --code <tournamentCode> [--region <region>]
                             a game of one of your tournament codes (one this desk created, in
                             tournaments.db), fetched through that code so its players are named
                             (v4: match-by-code; v5: the match, whose record must name the code),
                             as one JSON line
  summoner-by-name <name> --platform <platform>
                             the deprecated legacy-name lookup, as one JSON line

The key comes from SIGHTLINE_API_KEY or the key file the app keeps in its data folder. A call that
cannot be right (wrong kind of region, unknown platform, a name with refused characters) is refused
before anything is sent.

Exit codes: 0 every lookup answered, 1 the API gave no data for one of them, 2 bad usage, no key, or a
call refused before anything was sent.`;

/**
 * The lookups `sightline api` makes: this process's own service (apiCliLookupsOf), or the running Sightline's,
 * with its key and limiter (electron/core/features/webApi/cli/remoteApiCliLookups.ts).
 */
export interface ApiCliLookups {
  accountByRiotId: WebApiService['accountByRiotId'];
  summonerByName: WebApiService['summonerByName'];
  match: WebApiService['match'];
  matchByDeskCode: DeskMatchByCode;
}

/** The lookups made by this process: its service, and the desk's codes in the data folder. */
export function apiCliLookupsOf(
  service: WebApiService,
  options: {
    version: () => ApiVersion;
    /** The desk's codes (tournaments.db in the data folder): match-by-code looks up games of these only. */
    createdByDesk: DeskCodeCheck;
  },
): ApiCliLookups {
  return {
    accountByRiotId: (riotId, region, signal) => service.accountByRiotId(riotId, region, signal),
    summonerByName: (name, platform, signal) => service.summonerByName(name, platform, signal),
    match: (matchId, routing, signal) => service.match(matchId, routing, signal),
    matchByDeskCode: createDeskMatchByCode({ service, ...options }),
  };
}

export interface ApiCliOptions {
  lookups: ApiCliLookups;
  version: ApiVersion;
  out: (line: string) => void;
  err: (line: string) => void;
  signal?: AbortSignal;
}

/** Exit codes: 0 all answered, 1 the API gave no data for some, 2 refused, no key or bad usage (nothing sent). */
export async function runApiCli(argv: string[], options: ApiCliOptions): Promise<number> {
  const { lookups, out, err, signal } = options;
  // An unknown option or a flag without its value throws: the CLI turns it into one line and exit 2.
  const { values, positionals } = parseArgs({
    args: argv,
    options: { region: { type: 'string' }, platform: { type: 'string' }, code: { type: 'string' } },
    allowPositionals: true,
  });
  const [lookup, ...rest] = positionals;
  const refuse = (message: string): number => {
    err(`sightline api: refused, nothing was sent: ${message}`);
    return 2;
  };
  // The client's own message points at the app's Players page; here the key comes from the environment.
  const noKey = (): number => {
    err(
      `sightline api: No API key, nothing was sent: set ${WEB_API_ENVIRONMENT_VARIABLES.apiKey} to your own key from developer.riotgames.com, or save one in the app.`,
    );
    return 2;
  };
  const fail = (problem: WebApiProblem): number => {
    if (problem.kind === 'refused') return refuse(problem.message);
    if (problem.kind === 'no-key') return noKey();
    err(`sightline api: ${problem.message}`);
    return 1;
  };
  const single = async <T>(result: Promise<WebApiResult<T>>): Promise<number> => {
    const settled = await result;
    if (!settled.ok) return fail(settled.problem);
    out(JSON.stringify(settled.value));
    return 0;
  };

  switch (lookup) {
    case 'account': {
      const [riotId] = rest;
      if (!riotId || rest.length > 1 || !values.region)
        return usage('account needs <gameName#tagLine> and --region');
      return single(lookups.accountByRiotId(riotId, values.region, signal));
    }
    case 'summoner-by-name': {
      const name = rest.join(' ');
      if (!name || !values.platform) return usage('summoner-by-name needs <name> and --platform');
      return single(lookups.summonerByName(name, values.platform, signal));
    }
    case 'match-by-code': {
      const [matchId] = rest;
      if (!matchId || rest.length > 1 || !values.code)
        return usage('match-by-code needs one <matchId> and --code');
      return single(lookups.matchByDeskCode(matchId, values.code, values.region ?? '', signal));
    }
    case 'match': {
      if (rest.length === 0) return usage('match needs at least one match ID');
      // All or nothing: one bad ID refuses the whole command before any request goes out.
      for (const matchId of rest) {
        const located = locateMatch(matchId, values.region ?? '', options.version);
        if (!located.ok) return refuse(located.message);
      }
      // All at once, each with a signal of its own that follows the command's: AbortSignal.any adds no listener
      // to the command's signal, where a hundred lookups waiting on it would be a hundred (a leak warning).
      const pending = rest.map((matchId) =>
        lookups.match(matchId, values.region ?? '', signal && AbortSignal.any([signal])),
      );
      let failed = 0;
      for (const [index, result] of pending.entries()) {
        const settled = await result;
        // Without a key every lookup fails the same way, before anything is sent: say it once.
        if (!settled.ok && settled.problem.kind === 'no-key') return noKey();
        if (settled.ok) {
          out(JSON.stringify(settled.value));
        } else {
          failed += 1;
          out(JSON.stringify({ matchId: rest[index], error: settled.problem.message }));
        }
      }
      return failed === 0 ? 0 : 1;
    }
    default:
      throw unknownWord('lookup', lookup, ['account', 'match', 'match-by-code', 'summoner-by-name']);
  }
}

/** A command line the lookup cannot run as typed: the CLI says it in one line and exits 2, nothing sent. */
function usage(problem: string): never {
  throw new UsageError(problem);
}
