import type { IncomingMessage } from 'node:http';
import { CALLBACK_PATH, type ApiVersion, type TournamentResultView } from '@shared/contract';
import type { PublicRoute, PublicRouteAnswer } from '../../../platform/router/publicRoute';
import { callbackSchema, memberId, type CallbackRecord } from '../api/tournamentRecords';
import { checkTournamentCode } from '../../webApi/routing/pathParams';
import { verifyMetaData, type MetaDataCheck } from '../metaDataSignature';
import type { CallbackOutcome, StoredCode, TournamentStore } from '../storage/tournamentStore';
import { resultView } from '../tournamentResult';
import { createSourceRateLimit } from './sourceRateLimit';

/** Callbacks are small JSON objects (spec 1 §2.3); anything larger is not one. */
export const CALLBACK_MAX_BODY_BYTES = 16 * 1024;

/**
 * Validly signed callbacks whose answer is remembered, so the same body re-sent in a loop is answered 200 again
 * from memory, with no write and no log line. The oldest are forgotten first; a forgotten one is decided again
 * from the database (still 200, "already recorded"). A valid signed callback is never throttled: the sender
 * retries anything but 200 (spec 1 §6.1), and a round's games of one batch all end within minutes.
 */
export const REMEMBERED_CALLBACKS = 10_000;

/**
 * Refusals a minute from one source that are logged one by one (a wrong Content-Type, a body that is not a
 * result, a bad signature). They are always answered with their own status, never throttled; past this,
 * the minute's others are logged as one line, so a flood cannot fill the log or push state per request.
 */
export const LOGGED_REFUSALS_PER_MINUTE = 30;

/** The source a request counts against: its remote address, IPv4 the same whether mapped into IPv6 or not. */
export function callbackSource(request: IncomingMessage): string {
  const address = request.socket.remoteAddress;
  if (!address) return 'unknown';
  return address.startsWith('::ffff:') && address.includes('.') ? address.slice('::ffff:'.length) : address;
}

const namedMembers = (members: CallbackRecord['winningTeam']): string[] =>
  members.map((member) => member.summonerName).filter((name) => name !== '');

const isJson = (contentType: string | undefined): boolean =>
  (contentType ?? '').split(';')[0]?.trim().toLowerCase() === 'application/json';

export interface CallbackVerdict {
  /** held: answered 200 and kept until games/by-code confirms its game (logged when that is decided). */
  outcome: CallbackOutcome | 'held';
  /** The result stored (accepted), held, or already stored or held (duplicate). */
  result: TournamentResultView | null;
  reason: string;
  shortCode: string;
}

export interface CallbackReceiverOptions {
  /** The metaData signing secret: only callbacks signed with it are trusted. */
  secret: Buffer;
  store: TournamentStore;
  now: () => number;
  version: () => ApiVersion;
  /**
   * True when the API can list the code's games (v5 games/by-code): its callbacks are then held, not
   * recorded, until that list confirms the game. Without it (a standalone receiver) none are held.
   */
  confirmsByCode?: (code: StoredCode) => Promise<boolean>;
  /** After every callback is decided and logged (to push state, cancel a fallback, confirm a held one). */
  onVerdict?: (verdict: CallbackVerdict) => void;
  /** LOGGED_REFUSALS_PER_MINUTE unless told otherwise (tests). */
  loggedRefusalsPerMinute?: number;
  /** callbackSource unless told otherwise (tests). */
  sourceOf?: (request: IncomingMessage) => string;
}

export interface CallbackReceiver {
  /** The route with every check: Content-Type before the body is read, then `receive`. */
  route: PublicRoute;
  /** Decides one body that the route let in, sent from `source` (callbackSource of the request). */
  receive(body: Buffer, source?: string): Promise<PublicRouteAnswer>;
}

type SignedMetaData = Extract<MetaDataCheck, { ok: true }>;
type SignedCallbackCheck =
  | { ok: true; callback: CallbackRecord; signed: SignedMetaData }
  | { ok: false; status: 400 | 403; reason: string; shortCode: string };

/** The body's JSON, its shape and its signature: every check that needs no state, cheapest first. */
function signedCallback(secret: Buffer, body: Buffer): SignedCallbackCheck {
  let json: unknown;
  try {
    json = JSON.parse(body.toString('utf8'));
  } catch {
    return { ok: false, status: 400, reason: 'the body is not JSON', shortCode: '' };
  }
  const parsed = callbackSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.join('.') || 'body';
    return {
      ok: false,
      status: 400,
      reason: `not a game result (${where}: ${issue?.message ?? 'invalid'})`,
      shortCode: '',
    };
  }
  const callback = parsed.data;
  const signed = verifyMetaData(secret, callback.metaData);
  if (!signed.ok) return { ok: false, status: 403, reason: signed.reason, shortCode: callback.shortCode };
  return { ok: true, callback, signed };
}

/**
 * `POST /tournament/callback`: the one route a remote server reaches. It is trusted only through the
 * HMAC signature Sightline put into the code's metaData, and only for a code in tournaments.db (one this
 * desk created); it answers 200 quickly, and a retry or replay of a result already stored is answered 200
 * without changing anything (the sender retries until it sees 200). Both payload forms are accepted: with
 * and without winningTeam/losingTeam.
 *
 * The checks run cheapest first: the method and path (the host), Content-Type application/json (415, before
 * the body is read), the size (413), a JSON body of the callback's shape (400), the metaData signature
 * (403), then the code: one of this desk's, a member of the batch the signature names (403). Each refusal is
 * answered with its own status, and only its logging is capped per source, so a flood of them cannot fill
 * the log. Nothing is answered 429: the API's sender calls from a few addresses, so a per-address limit
 * would throttle a busy round, and a valid signed callback re-sent in a loop is answered 200 from memory
 * (REMEMBERED_CALLBACKS) without touching the database.
 *
 * The signature covers the tournament and a nonce naming one creation call (a batch of codes), so a body
 * is trusted only for a code of that batch. Codes of one batch share the metaData: one of them is held
 * where games/by-code exists, and only recorded once that list shows its game for the code it names
 * (callbackConfirmation.ts). A code the desk does not hold, signed with a batch that is still pending (its
 * call never answered: the process was killed), is adopted into that batch, up to the number of codes the
 * call asked for, and then confirmed like any other.
 *
 * Bodies are decided one at a time: a result is recorded once per code and game, and a repeat is
 * acknowledged (200) only. Another game of a code is recorded beside the first and puts the code up for
 * the organizer's review.
 */
export function createCallbackReceiver(options: CallbackReceiverOptions): CallbackReceiver {
  const { store, secret, now } = options;
  const loggedPerMinute = options.loggedRefusalsPerMinute ?? LOGGED_REFUSALS_PER_MINUTE;
  const sourceOf = options.sourceOf ?? callbackSource;
  /** nonce|code|gameId of validly signed callbacks answered 200 → that answer's body. */
  const answered = new Map<string, string>();
  const remember = (key: string, body: string): void => {
    answered.delete(key);
    answered.set(key, body);
    if (answered.size > REMEMBERED_CALLBACKS) answered.delete(answered.keys().next().value ?? key);
  };
  /** Keyed by source: how many of its refusals are logged one by one (never what it is answered). */
  const refusalLog = createSourceRateLimit({ perMinute: loggedPerMinute, now });

  const decide = async (verdict: CallbackVerdict, status: number): Promise<PublicRouteAnswer> => {
    // A held callback is logged once games/by-code decides it.
    if (verdict.outcome !== 'held') {
      await store.logCallback({
        at: now(),
        shortCode: verdict.shortCode.slice(0, 200),
        outcome: verdict.outcome,
        reason: verdict.reason,
      });
    }
    options.onVerdict?.(verdict);
    return { status, body: verdict.outcome === 'rejected' ? `rejected: ${verdict.reason}` : verdict.reason };
  };
  const reject = (status: number, reason: string, shortCode = '') =>
    decide({ outcome: 'rejected', result: null, reason, shortCode }, status);

  /** A request refused before its signature was found valid: its own status always, logged up to the cap. */
  const refuse = async (
    source: string,
    status: number,
    reason: string,
    shortCode = '',
  ): Promise<PublicRouteAnswer> => {
    const logged = refusalLog.take(source);
    if (logged.ok) return reject(status, reason, shortCode);
    if (logged.firstInWindow) {
      await reject(
        status,
        `more than ${loggedPerMinute} refused requests a minute from ${source}: the others of this minute are answered but not logged (the first of them: ${reason})`,
      );
    }
    return { status, body: `rejected: ${reason}` };
  };

  // One decision at a time: each reads the code's results before it records.
  let deciding: Promise<unknown> = Promise.resolve();
  async function receive(body: Buffer, source = 'unknown'): Promise<PublicRouteAnswer> {
    const checked = signedCallback(secret, body);
    if (!checked.ok) return refuse(source, checked.status, checked.reason, checked.shortCode);
    const { callback, signed } = checked;
    const key = `${signed.nonce}|${callback.shortCode}|${callback.gameId}`;
    const remembered = answered.get(key);
    if (remembered !== undefined) return { status: 200, body: remembered };
    const decided = deciding.then(() => decideSigned(callback, signed, source));
    deciding = decided.catch(() => undefined);
    const settled = await decided;
    // What a repeat of it is answered: 'recorded' becomes 'already recorded'.
    if (settled.status === 200)
      remember(key, settled.body.startsWith('already ') ? settled.body : `already ${settled.body}`);
    return settled;
  }

  /**
   * The code a signed callback names, if it is one of the desk's: stored, or adopted into the pending batch
   * its signature names (its creation call never answered, so its codes were never stored). A pending batch
   * adopts only as many codes as its call asked for, and only for the tournament it was made for.
   */
  async function codeOfDesk(callback: CallbackRecord, signed: SignedMetaData): Promise<StoredCode | null> {
    const stored = await store.getCode(callback.shortCode);
    if (stored) return stored;
    const batch = await store.getBatch(signed.nonce);
    if (!batch || batch.created !== null || batch.tournamentId !== signed.tournamentId) return null;
    if (!checkTournamentCode(callback.shortCode).ok) return null;
    if ((await store.batchSize(batch.nonce)) >= batch.asked) return null;
    const adopted: StoredCode = {
      code: callback.shortCode,
      tournamentId: batch.tournamentId,
      createdAt: batch.askedAt,
      settings: batch.settings,
      metadata: batch.metadata,
      status: 'open',
      gameEndedAt: null,
      batchNonce: batch.nonce,
    };
    await store.saveCodes([adopted]);
    return adopted;
  }

  async function decideSigned(
    callback: CallbackRecord,
    signed: SignedMetaData,
    source: string,
  ): Promise<PublicRouteAnswer> {
    // A nonce of the desk's batches names its codes by membership (below); one from before batches were
    // recorded was issued for one code, and names that code alone: echoed under another shortCode, it is a
    // replay (whatever gameId it carries).
    if (!(await store.getBatch(signed.nonce))) {
      const issuedFor = await store.codesSignedWith(signed.nonce);
      if (issuedFor.length === 1 && issuedFor[0] !== callback.shortCode) {
        return refuse(
          source,
          403,
          `the signed metaData was issued for the code ${issuedFor[0]}, not ${callback.shortCode} (a callback replayed under another code)`,
          callback.shortCode,
        );
      }
    }
    const code = await codeOfDesk(callback, signed);
    // The signature names no code, so a genuine body re-sent under a code the desk never made would be
    // taken on the signature alone; a standalone receiver needs the desk's tournaments.db for this.
    if (!code) {
      return refuse(
        source,
        403,
        `the code ${callback.shortCode} was not created by this desk`,
        callback.shortCode,
      );
    }
    // A code this desk created must come back under the tournament its signature names.
    if (code.tournamentId !== signed.tournamentId) {
      return refuse(
        source,
        403,
        `the signature is for tournament ${signed.tournamentId}, not this code's`,
        callback.shortCode,
      );
    }
    if (code.batchNonce !== null && code.batchNonce !== signed.nonce) {
      return refuse(
        source,
        403,
        'the code is not a member of the batch its signature names (a callback replayed under another code)',
        callback.shortCode,
      );
    }
    const earlier = await store.listResults({ code: callback.shortCode });
    const same = earlier.find((result) => result.gameId === callback.gameId);
    if (same) {
      return decide(
        { outcome: 'duplicate', result: same, reason: 'already recorded', shortCode: callback.shortCode },
        200,
      );
    }
    // Another game of a code (a remake, a replayed lobby) is kept beside the first: anything but 200 is
    // retried (spec 1 §6.1), and the organizer chooses which game counts.
    const result: TournamentResultView = {
      ...resultView(
        {
          gameId: callback.gameId,
          startTime: callback.startTime,
          gameName: callback.gameName,
          gameType: callback.gameType,
          gameMode: callback.gameMode,
          gameMap: callback.gameMap,
          region: callback.region,
          winningTeam: callback.winningTeam.map(memberId).filter((id) => id !== ''),
          losingTeam: callback.losingTeam.map(memberId).filter((id) => id !== ''),
          metaData: callback.metaData,
        },
        {
          code: callback.shortCode,
          tournamentId: signed.tournamentId,
          source: 'callback',
          receivedAt: now(),
          version: options.version(),
        },
      ),
      // The older form names its players: shown until the game looked up by code names them by Riot ID.
      winners: namedMembers(callback.winningTeam),
      losers: namedMembers(callback.losingTeam),
    };
    if (await options.confirmsByCode?.(code)) {
      const held = await store.holdCallback(result);
      const outcome = held.duplicate ? 'duplicate' : 'held';
      const reason = held.duplicate
        ? 'already received; held until games/by-code confirms the game'
        : 'received; held until games/by-code confirms the game';
      return decide({ outcome, result, reason, shortCode: callback.shortCode }, 200);
    }
    const stored = await store.recordResult(result);
    if (stored.duplicate) {
      return decide(
        { outcome: 'duplicate', result, reason: 'already recorded', shortCode: callback.shortCode },
        200,
      );
    }
    const reason =
      earlier.length > 0
        ? `recorded beside game ${earlier.map((other) => other.gameId).join(', ')} of this code: the organizer chooses which counts`
        : 'recorded';
    return decide({ outcome: 'accepted', result, reason, shortCode: callback.shortCode }, 200);
  }

  async function admit(request: IncomingMessage): Promise<PublicRouteAnswer | null> {
    if (isJson(request.headers['content-type'])) return null;
    return refuse(sourceOf(request), 415, 'the body is not sent as Content-Type: application/json');
  }

  return {
    receive,
    route: {
      method: 'POST',
      path: CALLBACK_PATH,
      maxBodyBytes: CALLBACK_MAX_BODY_BYTES,
      admit,
      handle: (body, request) => receive(body, sourceOf(request)),
    },
  };
}

/**
 * The callback route of a receiver still being made (the desk opens its database first): 503 until it
 * is ready (or when it failed), then exactly the receiver's route.
 */
export function pendingCallbackRoute(receiver: Promise<CallbackReceiver>): PublicRoute {
  const ready = receiver.catch(() => null);
  const unavailable: PublicRouteAnswer = { status: 503, body: 'the tournament database is not available' };
  return {
    method: 'POST',
    path: CALLBACK_PATH,
    maxBodyBytes: CALLBACK_MAX_BODY_BYTES,
    admit: async (request) => {
      const route = (await ready)?.route;
      return route ? ((await route.admit?.(request)) ?? null) : unavailable;
    },
    handle: async (body, request) => {
      const route = (await ready)?.route;
      return route ? route.handle(body, request) : unavailable;
    },
  };
}
