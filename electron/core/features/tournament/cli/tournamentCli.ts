import { parseArgs } from 'node:util';
import { UsageError } from '@shared/cli/usageError';
import {
  CODES_PER_CREATION_CALL,
  createCodesInRuns,
  LOBBY_EVENTS_NOTE,
  MAX_CODES_PER_CALL,
  type TournamentCodesCreated,
  type tournamentRequestInputSchemas,
  type TournamentRequestOutputs,
  type TournamentResultView,
} from '@shared/contract';
import type { z } from 'zod';
import { checkCallbackUrl } from '../callbackUrl';
import type { CallbackVerdict } from '../callback/callbackReceiver';
import { parseListenAddress, type ListenAddress } from '../receiver/standaloneReceiver';
import type { DeskAnswer, DeskRequests, TournamentChannel } from './deskRequests';
import { saidBeforeSending, sendsToTournamentApi, tournamentApiLine } from './tournamentApiLine';

export const TOURNAMENT_CLI_USAGE = `Usage: sightline tournament <command>

  check-url <url>            prints exactly "valid" or "invalid: <reason>" (exit 0 or 1)
  confirm-key [--off]        confirm (--off: withdraw) that your key is tournament-enabled: the setting
                             webApi.tournamentKeyConfirmed, as under Settings → Web API; refused for a
                             development key
  provider create --region <NA|EUW|…> --url <callback URL>
  create --provider <id> --participants <n> --win-condition <text> [--name <text>]
         [--entry-fee <amount>] [--prize-share <percent>] [--betting] [--first-match <ISO date>]
         [--no-first-code] [code settings as for codes create, for the first code]
                             with its first code unless --no-first-code (code line after the tournament's)
  codes create --tournament <id> [--count <1-1000>] [--map <SUMMONERS_RIFT|HOWLING_ABYSS|…>]
         [--pick <TOURNAMENT_DRAFT|…>] [--spectators <ALL|LOBBYONLY|NONE>] [--team-size <1-5>]
         [--allow <player,player,…>] [--enough-players] [--metadata <text>] [--yes]
                             --allow: Riot IDs (name#tag) or PUUIDs; --enough-players needs --allow
  codes update <code> [--map …] [--pick …] [--spectators …] [--allow <player,…>|none]
                             changes only what is named; the rest stays as the code is now;
                             --allow none lets anyone with the code join
  code <code>                a code's details from the API
  lobby-events <code> [--watch]
                             the code's lobby events, one JSON line each (--watch: keep polling)
  results [--tournament <id>] [--code <code>] [--fetch] [--match]
                             stored results, one JSON line each, with "winners" and "losers" by Riot ID
                             and "durationSeconds" (--fetch: look the code's result up now; --match: each
                             line gains "match", the game fetched through its code, never anonymised, or
                             "matchError"); a code with more than one game has "review":true on each
  results --code <code> --choose <gameId>
                             the game that counts for such a code: its lines then say "counts":true|false
  receive [--listen <host:port>]
                             run only the callback receiver (POST /tournament/callback), default
                             127.0.0.1:8080; with SIGHTLINE_TOURNAMENT_DATABASE_URL it needs nothing
                             else (the shared database holds the codes and the signing secret);
                             without, tournament-signing-secret and the desk's tournaments.db (its
                             codes) in the data folder
  migrate --to <postgres://…|file> [--from <postgres://…|file>]
                             copy the whole desk into another database (the first holding none of its
                             data) and check it row by row: one line per table, "<table>: <n> rows
                             copied, checked"; --from: the data folder's tournaments.db, or
                             SIGHTLINE_TOURNAMENT_DATABASE_URL when --to is a file

Before sending, stderr says which API is called: "using the tournament API (v5)", or "using the tournament
stub (stub-v5): <why>". --tournament-key confirms the key for this command only (a command answered by the
running Sightline uses its setting).

Answers are JSON lines on stdout. Exit codes: 0 done, 1 refused or failed, 2 bad usage,
130 / 143 codes create stopped by Ctrl-C / SIGTERM (the codes created so far are printed and kept).`;

export interface RunningCliReceiver {
  url: string;
  close(): Promise<void>;
}

/** The desk a command works with: its own, or the running Sightline's (`throughPrimary`). */
export type OpenedDesk = DeskRequests & { throughPrimary: boolean; close(): Promise<void> };

export interface TournamentCliOptions {
  /**
   * Opens the desk (database, key, web API) only for commands that need it; `tournamentKeyConfirmed`
   * confirms the key for this command when the desk is its own (--tournament-key).
   */
  openDesk(how: { tournamentKeyConfirmed: boolean }): Promise<OpenedDesk>;
  startReceiver(
    listen: ListenAddress,
    onVerdict: (verdict: CallbackVerdict) => void,
  ): Promise<RunningCliReceiver>;
  /** Resolves when the user stops a long-running command (SIGINT or SIGTERM). */
  untilStopped(): Promise<void>;
  /** The signal that stopped the command, null while none came. */
  stopSignal(): 'SIGINT' | 'SIGTERM' | null;
  /** Waits between polls of lobby-events --watch. */
  sleep(ms: number): Promise<boolean>;
  out: (line: string) => void;
  err: (line: string) => void;
}

/** `--allow`: players separated by commas, or `none` for an empty list (anyone with the code). */
const ALLOW_NONE = 'none';

const players = (raw: string | undefined): string[] | undefined | Error => {
  if (raw === undefined) return undefined;
  if (raw.trim().toLowerCase() === ALLOW_NONE) return [];
  const items = raw
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
  return items.length > 0
    ? items
    : new Error(
        `--allow needs Riot IDs (name#tag) or PUUIDs, separated by commas; --allow ${ALLOW_NONE} clears the list`,
      );
};

const number = (raw: string | undefined): number | undefined => (raw === undefined ? undefined : Number(raw));

export async function runTournamentCli(argv: string[], options: TournamentCliOptions): Promise<number> {
  const { out, err } = options;
  // An unknown option or a flag without its value throws: the CLI turns it into one line and exit 2.
  const parsed = parseArgs({
    args: argv,
    options: {
      region: { type: 'string' },
      url: { type: 'string' },
      provider: { type: 'string' },
      participants: { type: 'string' },
      name: { type: 'string' },
      'entry-fee': { type: 'string' },
      'prize-share': { type: 'string' },
      betting: { type: 'boolean' },
      'first-match': { type: 'string' },
      'win-condition': { type: 'string' },
      tournament: { type: 'string' },
      count: { type: 'string' },
      map: { type: 'string' },
      pick: { type: 'string' },
      spectators: { type: 'string' },
      'team-size': { type: 'string' },
      allow: { type: 'string' },
      'enough-players': { type: 'boolean' },
      metadata: { type: 'string' },
      yes: { type: 'boolean' },
      code: { type: 'string' },
      fetch: { type: 'boolean' },
      match: { type: 'boolean' },
      choose: { type: 'string' },
      watch: { type: 'boolean' },
      listen: { type: 'string' },
      'tournament-key': { type: 'boolean' },
      'no-first-code': { type: 'boolean' },
      off: { type: 'boolean' },
    },
    allowPositionals: true,
  });
  const { values, positionals } = parsed;
  const [command, sub, ...rest] = positionals;

  if (command === 'check-url') {
    if (!sub || rest.length > 0) return usage('check-url needs exactly one URL');
    const verdict = checkCallbackUrl(sub);
    out(verdict.valid ? 'valid' : `invalid: ${verdict.reason ?? 'unknown reason'}`);
    if (verdict.canonical !== null && verdict.canonical !== sub.trim())
      err(`note: a provider would be registered with ${verdict.canonical}`);
    for (const note of verdict.notes) err(`note: ${note}`);
    return verdict.valid ? 0 : 1;
  }

  if (command === 'receive') {
    const listen = parseListenAddress(values.listen ?? '127.0.0.1:8080');
    if (!listen.ok) return usage(listen.message);
    let receiver: RunningCliReceiver;
    try {
      receiver = await options.startReceiver(listen.value, (verdict) =>
        out(
          JSON.stringify({
            outcome: verdict.outcome,
            shortCode: verdict.shortCode,
            reason: verdict.reason,
            ...(verdict.result ? { gameId: verdict.result.gameId, matchId: verdict.result.matchId } : {}),
          }),
        ),
      );
    } catch (error) {
      err(`sightline tournament: ${error instanceof Error ? error.message : String(error)}`);
      return 1;
    }
    err(`receiving callbacks at ${receiver.url} (Ctrl+C stops)`);
    await options.untilStopped();
    await receiver.close();
    return 0;
  }

  const plan = planRequest(command, sub, rest, values);
  if (typeof plan === 'string') return usage(plan);
  const tournamentKey = values['tournament-key'] === true;
  const desk = await options.openDesk({ tournamentKeyConfirmed: tournamentKey }).catch((error: unknown) => {
    err(`sightline tournament: ${error instanceof Error ? error.message : String(error)}`);
    return null;
  });
  if (!desk) return 1;
  try {
    const sends = sendsToTournamentApi(command, values);
    if (sends !== null) {
      const refused = await saidBeforeSending(desk, sends, tournamentKey, options);
      if (refused !== null) return refused;
    }
    return await plan(desk, options);
  } finally {
    await desk.close();
  }
}

type Plan = (desk: DeskRequests, options: TournamentCliOptions) => Promise<number>;
type Values = Record<string, string | boolean | undefined>;

/**
 * The results with their players: a result whose players are still to be looked up is looked up now
 * (through the limiter), so every line names them, or says why it cannot.
 */
async function withPlayers<C extends 'tournament.result.fetch' | 'tournament.results.list'>(
  desk: DeskRequests,
  answer: DeskAnswer<C>,
): Promise<DeskAnswer<C>> {
  if (!answer.ok) return answer;
  const named = async (result: TournamentResultView): Promise<TournamentResultView> => {
    if (result.players !== 'looking-up') return result;
    const looked = await desk.request('tournament.result.players', {
      code: result.code,
      gameId: result.gameId,
    });
    return looked.ok ? looked.value : { ...result, players: 'failed', playersError: looked.message };
  };
  const value: TournamentResultView | TournamentResultView[] = answer.value;
  const listed = Array.isArray(value) ? await Promise.all(value.map(named)) : await named(value);
  return { ok: true, value: listed as TournamentRequestOutputs[C] };
}

/** Prints one answer as a JSON line, or its error; lists print one line per item. */
function printed<C extends TournamentChannel>(answer: DeskAnswer<C>, options: TournamentCliOptions): number {
  if (!answer.ok) {
    options.err(`sightline tournament: ${answer.message}`);
    return 1;
  }
  const value: unknown = answer.value;
  for (const item of Array.isArray(value) ? value : [value]) options.out(JSON.stringify(item));
  return 0;
}

/**
 * Prints each result with its game, fetched through its code (never anonymised), one at a time through
 * the limiter. A game that cannot be fetched gets `matchError` instead, and exit code 1.
 */
async function printedWithMatches(
  desk: DeskRequests,
  answer: DeskAnswer<'tournament.result.fetch'> | DeskAnswer<'tournament.results.list'>,
  options: TournamentCliOptions,
): Promise<number> {
  if (!answer.ok) return printed(answer, options);
  let failed = 0;
  for (const result of Array.isArray(answer.value) ? answer.value : [answer.value]) {
    const match = await desk.request('tournament.result.match', {
      code: result.code,
      matchId: result.matchId,
    });
    if (!match.ok) failed += 1;
    options.out(
      JSON.stringify(match.ok ? { ...result, match: match.value } : { ...result, matchError: match.message }),
    );
  }
  return failed === 0 ? 0 : 1;
}

function planRequest(
  command: string | undefined,
  sub: string | undefined,
  rest: string[],
  values: Values,
): Plan | string {
  const text = (name: string): string | undefined => {
    const value = values[name];
    return typeof value === 'string' ? value : undefined;
  };
  const allowed = players(text('allow'));
  if (allowed instanceof Error) return allowed.message;
  const codeSettings = {
    mapType: text('map'),
    pickType: text('pick'),
    spectatorType: text('spectators'),
    allowedParticipants: allowed,
  };
  /** What `codes create` and a tournament's first code are created with. */
  const codeCreation = () => ({
    teamSize: number(text('team-size')),
    enoughPlayers: values['enough-players'] === true,
    metadata: text('metadata'),
    ...(codeSettings as object),
  });
  switch (command) {
    case 'confirm-key': {
      if (sub !== undefined) return 'confirm-key takes no positional arguments (--off withdraws it)';
      return async (desk, options) => {
        const answer = await desk.request('tournament.api.confirm', { confirmed: values.off !== true });
        if (answer.ok) options.err(tournamentApiLine(answer.value, false).replace(/^using/, 'from now on:'));
        return printed(answer, options);
      };
    }
    case 'provider': {
      if (sub !== 'create' || rest.length > 0) return 'provider create takes --region and --url';
      const region = text('region');
      const url = text('url');
      if (!region || !url) return 'provider create needs --region and --url';
      return async (desk, options) =>
        printed(
          await desk.request('tournament.provider.create', {
            region: region.toUpperCase() as 'NA',
            callbackUrl: url,
          }),
          options,
        );
    }
    case 'create': {
      const provider = number(text('provider'));
      const participants = number(text('participants'));
      const winCondition = text('win-condition');
      if (
        sub !== undefined ||
        provider === undefined ||
        participants === undefined ||
        winCondition === undefined
      )
        return 'create needs --provider, --participants and --win-condition';
      const firstMatch = text('first-match');
      const firstMatchAt = firstMatch === undefined ? null : Date.parse(firstMatch);
      if (firstMatchAt !== null && Number.isNaN(firstMatchAt))
        return `--first-match "${firstMatch}" is not a date`;
      const firstCode = values['no-first-code'] !== true;
      const settingFlag = CODE_SETTING_FLAGS.find((flag) => values[flag] !== undefined);
      if (!firstCode && settingFlag)
        return `--${settingFlag} sets the first code, which --no-first-code skips: drop one of them`;
      return async (desk, options) => {
        const answer = await desk.request('tournament.create', {
          providerId: provider,
          participants,
          name: text('name'),
          entryFee: number(text('entry-fee')),
          prizePoolShare: number(text('prize-share')),
          betting: values.betting === true,
          firstMatchAt,
          winCondition,
        });
        if (answer.ok) {
          const verdict = await desk.request('tournament.policy.check', {
            participants,
            entryFee: number(text('entry-fee')),
            prizePoolShare: number(text('prize-share')),
            betting: false,
            firstMatchAt,
          });
          if (verdict.ok) for (const advice of verdict.value.advice) options.err(`advice: ${advice}`);
        }
        const printedTournament = printed(answer, options);
        if (!answer.ok || !firstCode) return printedTournament;
        // The spec's advice (§8): one code at creation, as the desktop form makes it by default.
        const codes = await desk.request('tournament.codes.create', {
          tournamentId: answer.value.tournamentId,
          count: 1,
          ...codeCreation(),
        });
        if (!codes.ok) {
          options.err(
            `sightline tournament: tournament ${answer.value.tournamentId} was created, but its first code was not: ${codes.message} Create one with "sightline tournament codes create --tournament ${answer.value.tournamentId}".`,
          );
          return 1;
        }
        return printedCodes(codes.value, options);
      };
    }
    case 'codes': {
      if (sub === 'create') {
        const tournament = number(text('tournament'));
        if (tournament === undefined || rest.length > 0) return 'codes create needs --tournament';
        if (values['enough-players'] === true && !allowed?.length)
          return '--enough-players needs --allow: the API checks the allowed participants make full teams';
        const count = number(text('count')) ?? 1;
        if (!Number.isInteger(count) || count < 1 || count > MAX_CODES_PER_CALL)
          return `--count must be a whole number from 1 to ${MAX_CODES_PER_CALL}`;
        return async (desk, options) =>
          createCodesRun(desk, options, count, {
            tournamentId: tournament,
            confirmSurplus: values.yes === true,
            ...codeCreation(),
          });
      }
      if (sub === 'update') {
        const [code] = rest;
        if (!code || rest.length > 1) return 'codes update needs one code';
        return async (desk, options) =>
          printed(
            await desk.request('tournament.code.update', { code, ...(codeSettings as object) }),
            options,
          );
      }
      return 'codes takes create or update';
    }
    case 'code': {
      if (!sub || rest.length > 0) return 'code needs one code';
      return async (desk, options) => {
        const answer = await desk.request('tournament.code.details', { code: sub });
        if (!answer.ok) return printed(answer, options);
        // The JSON line stays what the API says; the desk's win condition is a line of its own.
        const { winCondition, ...details } = answer.value;
        options.out(JSON.stringify(details));
        options.err(winConditionLine(winCondition));
        return 0;
      };
    }
    case 'lobby-events': {
      if (!sub || rest.length > 0) return 'lobby-events needs one code';
      return async (desk, options) => {
        options.err(`note: ${LOBBY_EVENTS_NOTE}`);
        let shown = 0;
        for (;;) {
          const answer = await desk.request('tournament.lobby.events', { code: sub, refresh: true });
          if (!answer.ok) return printed(answer, options);
          for (const event of answer.value.events.slice(shown)) options.out(JSON.stringify(event));
          shown = answer.value.events.length;
          if (values.watch !== true) return 0;
          if (!(await options.sleep(10_000))) return 0;
        }
      };
    }
    case 'results': {
      if (sub !== undefined) return 'results takes no positional arguments';
      const code = text('code');
      const tournament = number(text('tournament'));
      const choose = text('choose');
      if (choose !== undefined) {
        const gameId = Number(choose);
        if (!code) return 'results --choose needs --code';
        if (!Number.isInteger(gameId) || gameId <= 0) return `--choose "${choose}" is not a game ID`;
        return async (desk, options) =>
          printed(await desk.request('tournament.result.choose', { code, gameId }), options);
      }
      if (values.fetch === true) {
        if (!code) return 'results --fetch needs --code';
        return async (desk, options) => {
          const fetched = await withPlayers(desk, await desk.request('tournament.result.fetch', { code }));
          return values.match === true
            ? printedWithMatches(desk, fetched, options)
            : printed(fetched, options);
        };
      }
      return async (desk, options) => {
        const listed = await withPlayers(
          desk,
          await desk.request('tournament.results.list', { code, tournamentId: tournament ?? null }),
        );
        return values.match === true ? printedWithMatches(desk, listed, options) : printed(listed, options);
      };
    }
    default:
      return command ? `unknown command "${command}"` : 'missing command';
  }
}

/** A refused request of a code run, carried out of the run with its message. */
class RunRefused extends Error {}

/** The exit code of a command stopped by a signal: 128 + its number, as shells report it. */
const SIGNAL_EXIT = { SIGINT: 130, SIGTERM: 143 } as const;

/**
 * `codes create`: the run is driven from here, one request per creation call (createCodesInRuns), the same
 * alone and through the running Sightline: the desk stores each call's codes before it answers, so each answer
 * is printed at once with a progress line, and Ctrl-C/SIGTERM is honoured between requests (a request to the
 * primary cannot be interrupted mid-way, so the one in flight finishes and its codes are kept and printed).
 */
async function createCodesRun(
  desk: DeskRequests,
  options: TournamentCliOptions,
  count: number,
  input: Omit<z.input<(typeof tournamentRequestInputSchemas)['tournament.codes.create']>, 'count'>,
): Promise<number> {
  let winCondition: string | null = null;
  let created = 0;
  const onAnswer = (answer: TournamentCodesCreated, progress: { created: number; asked: number }) => {
    if (winCondition === null) for (const warning of answer.warnings) options.err(`warning: ${warning}`);
    winCondition = answer.winCondition;
    created = progress.created;
    for (const code of answer.codes) options.out(JSON.stringify(code));
    if (count > CODES_PER_CREATION_CALL)
      options.err(`created ${progress.created} of ${progress.asked} codes`);
  };
  const finish = (exitCode: number): number => {
    if (winCondition !== null) options.err(winConditionLine(winCondition));
    return exitCode;
  };
  try {
    const run = await createCodesInRuns(
      count,
      async (size, first) => {
        const answer = await desk.request('tournament.codes.create', { ...input, count: size, ...first });
        if (!answer.ok) throw new RunRefused(answer.message);
        return answer.value;
      },
      { stopped: () => options.stopSignal() !== null, onAnswer },
    );
    const signal = options.stopSignal();
    if (run.stopped && signal !== null) {
      options.err(`stopped by ${signal}: ${run.created} of ${run.asked} codes were created and kept`);
      return finish(SIGNAL_EXIT[signal]);
    }
    return finish(0);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    options.err(`sightline tournament: ${message}`);
    if (created > 0) options.err(`${created} of ${count} codes were created and kept`);
    return finish(1);
  }
}

/** Flags that set how a code is created: with `create`, they set its first code. */
const CODE_SETTING_FLAGS = ['map', 'pick', 'spectators', 'team-size', 'allow', 'enough-players', 'metadata'];

/** New codes, one JSON line each, with the warnings and the tournament's win condition on stderr. */
function printedCodes(created: TournamentCodesCreated, options: TournamentCliOptions): number {
  for (const warning of created.warnings) options.err(`warning: ${warning}`);
  for (const code of created.codes) options.out(JSON.stringify(code));
  options.err(winConditionLine(created.winCondition));
  return 0;
}

/** The win condition shown with codes (spec 1 §1: fair and transparent win conditions). */
function winConditionLine(winCondition: string): string {
  return `win condition: ${winCondition || '(not stated: the tournament was created before the desk asked for it)'}`;
}

/** A command line the desk cannot run as typed: the CLI says it in one line and exits 2, nothing sent. */
function usage(message: string): never {
  throw new UsageError(message);
}
