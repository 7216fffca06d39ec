import { parseArgs } from 'node:util';
import {
  LOBBY_EVENTS_NOTE,
  type TournamentRequestOutputs,
  type TournamentResultView,
} from '@shared/contract';
import { checkCallbackUrl } from '../callbackUrl';
import type { CallbackVerdict } from '../callback/callbackReceiver';
import { parseListenAddress, type ListenAddress } from '../receiver/standaloneReceiver';
import type { DeskAnswer, DeskRequests, TournamentChannel } from './deskRequests';

export const TOURNAMENT_CLI_USAGE = `Usage: sightline tournament <command>

  check-url <url>            prints exactly "valid" or "invalid: <reason>" (exit 0 or 1)
  provider create --region <NA|EUW|…> --url <callback URL>
  create --provider <id> --participants <n> --win-condition <text> [--name <text>]
         [--entry-fee <amount>] [--prize-share <percent>] [--betting] [--first-match <ISO date>]
  codes create --tournament <id> [--count <1-1000>] [--map <SUMMONERS_RIFT|HOWLING_ABYSS|…>]
         [--pick <TOURNAMENT_DRAFT|…>] [--spectators <ALL|LOBBYONLY|NONE>] [--team-size <1-5>]
         [--allow <id,id,…>] [--enough-players] [--metadata <text>] [--yes]
  codes update <code> [--map …] [--pick …] [--spectators …] [--allow <id,…>]
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
                             127.0.0.1:8080; needs tournament-signing-secret and the desk's
                             tournaments.db (its codes) in the data folder

Answers are JSON lines on stdout. Exit codes: 0 done, 1 refused or failed, 2 bad usage.`;

export interface RunningCliReceiver {
  url: string;
  close(): Promise<void>;
}

export interface TournamentCliOptions {
  /** Opens the desk (database, key, web API) only for commands that need it. */
  openDesk(): Promise<DeskRequests & { close(): Promise<void> }>;
  startReceiver(
    listen: ListenAddress,
    onVerdict: (verdict: CallbackVerdict) => void,
  ): Promise<RunningCliReceiver>;
  /** Resolves when the user stops a long-running command (SIGINT). */
  untilStopped(): Promise<void>;
  /** Waits between polls of lobby-events --watch. */
  sleep(ms: number): Promise<boolean>;
  out: (line: string) => void;
  err: (line: string) => void;
}

const list = (raw: string | undefined): string[] | undefined =>
  raw === undefined
    ? undefined
    : raw
        .split(',')
        .map((item) => item.trim())
        .filter((item) => item !== '');

const number = (raw: string | undefined): number | undefined => (raw === undefined ? undefined : Number(raw));

export async function runTournamentCli(argv: string[], options: TournamentCliOptions): Promise<number> {
  const { out, err } = options;
  let parsed;
  try {
    parsed = parseArgs({
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
      },
      allowPositionals: true,
    });
  } catch (error) {
    return usage(err, error instanceof Error ? error.message : String(error));
  }
  const { values, positionals } = parsed;
  const [command, sub, ...rest] = positionals;

  if (command === 'check-url') {
    if (!sub || rest.length > 0) return usage(err, 'check-url needs exactly one URL');
    const verdict = checkCallbackUrl(sub);
    out(verdict.valid ? 'valid' : `invalid: ${verdict.reason ?? 'unknown reason'}`);
    if (verdict.canonical !== null && verdict.canonical !== sub.trim())
      err(`note: a provider would be registered with ${verdict.canonical}`);
    for (const note of verdict.notes) err(`note: ${note}`);
    return verdict.valid ? 0 : 1;
  }

  if (command === 'receive') {
    const listen = parseListenAddress(values.listen ?? '127.0.0.1:8080');
    if (!listen.ok) return usage(err, listen.message);
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
  if (typeof plan === 'string') return usage(err, plan);
  const desk = await options.openDesk().catch((error: unknown) => {
    err(`sightline tournament: ${error instanceof Error ? error.message : String(error)}`);
    return null;
  });
  if (!desk) return 1;
  try {
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
  const codeSettings = {
    mapType: text('map'),
    pickType: text('pick'),
    spectatorType: text('spectators'),
    allowedParticipants: list(text('allow')),
  };
  switch (command) {
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
      if (sub !== undefined || provider === undefined || participants === undefined)
        return 'create needs --provider and --participants';
      const firstMatch = text('first-match');
      const firstMatchAt = firstMatch === undefined ? null : Date.parse(firstMatch);
      if (firstMatchAt !== null && Number.isNaN(firstMatchAt))
        return `--first-match "${firstMatch}" is not a date`;
      return async (desk, options) => {
        const answer = await desk.request('tournament.create', {
          providerId: provider,
          participants,
          name: text('name'),
          entryFee: number(text('entry-fee')),
          prizePoolShare: number(text('prize-share')),
          betting: values.betting === true,
          firstMatchAt,
          winCondition: text('win-condition'),
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
        return printed(answer, options);
      };
    }
    case 'codes': {
      if (sub === 'create') {
        const tournament = number(text('tournament'));
        if (tournament === undefined || rest.length > 0) return 'codes create needs --tournament';
        return async (desk, options) => {
          const answer = await desk.request('tournament.codes.create', {
            tournamentId: tournament,
            count: number(text('count')),
            teamSize: number(text('team-size')),
            enoughPlayers: values['enough-players'] === true,
            metadata: text('metadata'),
            confirmSurplus: values.yes === true,
            ...(codeSettings as object),
          });
          if (!answer.ok) return printed(answer, options);
          for (const warning of answer.value.warnings) options.err(`warning: ${warning}`);
          for (const code of answer.value.codes) options.out(JSON.stringify(code));
          options.err(winConditionLine(answer.value.winCondition));
          return 0;
        };
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
      return command ? `unknown command ${command}` : 'no command given';
  }
}

/** The win condition shown with codes (spec 1 §1: fair and transparent win conditions). */
function winConditionLine(winCondition: string): string {
  return `win condition: ${winCondition || '(not stated: the tournament was created before the desk asked for it)'}`;
}

function usage(err: (line: string) => void, message: string): number {
  err(`sightline tournament: ${message}\n\n${TOURNAMENT_CLI_USAGE}`);
  return 2;
}
