import { CALLBACK_PATH, type ApiVersion, type TournamentResultView } from '@shared/contract';
import type { PublicRoute, PublicRouteAnswer } from '../../host/publicRoute';
import { callbackSchema, memberId } from '../api/tournamentRecords';
import { verifyMetaData } from '../metaDataSignature';
import type { CallbackOutcome, StoredCode, TournamentStore } from '../storage/tournamentStore';
import { resultView } from '../tournamentResult';

/** Callbacks are small JSON objects (spec 1 §2.3); anything larger is not one. */
export const CALLBACK_MAX_BODY_BYTES = 16 * 1024;

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
}

export interface CallbackReceiver {
  route: PublicRoute;
  receive(body: Buffer): Promise<PublicRouteAnswer>;
}

/**
 * `POST /tournament/callback`: the one route a remote server reaches. It is trusted only through the
 * HMAC signature Sightline put into the code's metaData; it answers 200 quickly, and a retry or replay
 * of a result already stored is answered 200 without changing anything (the sender retries until it
 * sees 200). Both payload forms are accepted: with and without winningTeam/losingTeam.
 *
 * The signature covers the tournament and the code-creation call (its nonce), not the code, so a genuine
 * body could be re-sent under another code: one of another call is refused here by its nonce; one of the
 * same call is held where games/by-code exists, and only recorded once that list shows its game for the
 * code it names (callbackConfirmation.ts).
 */
export function createCallbackReceiver(options: CallbackReceiverOptions): CallbackReceiver {
  const { store, secret, now } = options;

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

  async function receive(body: Buffer): Promise<PublicRouteAnswer> {
    let json: unknown;
    try {
      json = JSON.parse(body.toString('utf8'));
    } catch {
      return reject(400, 'the body is not JSON');
    }
    const parsed = callbackSchema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return reject(
        400,
        `not a game result (${issue?.path.join('.') || 'body'}: ${issue?.message ?? 'invalid'})`,
      );
    }
    const callback = parsed.data;
    const signed = verifyMetaData(secret, callback.metaData);
    if (!signed.ok) return reject(403, signed.reason, callback.shortCode);

    const code = await store.getCode(callback.shortCode);
    // A code this desk created must come back under the tournament its signature names. A standalone
    // receiver knows no codes: the signature alone decides there.
    if (code && code.tournamentId !== signed.tournamentId) {
      return reject(
        403,
        `the signature is for tournament ${signed.tournamentId}, not this code's`,
        callback.shortCode,
      );
    }
    if (code && code.batchNonce !== null && code.batchNonce !== signed.nonce) {
      return reject(
        403,
        'the signature is from the metaData of other codes than this one (a callback replayed under another code)',
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
    if (earlier.length > 0) {
      // One match per code (spec 1 §8), and a reused code gets no callback: another game is a replay.
      return reject(
        403,
        `the code already has a result (game ${earlier[0]?.gameId}); a second game for one code is not trusted`,
        callback.shortCode,
      );
    }
    const result = resultView(
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
    );
    if (code && (await options.confirmsByCode?.(code))) {
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
    return decide({ outcome: 'accepted', result, reason: 'recorded', shortCode: callback.shortCode }, 200);
  }

  return {
    receive,
    route: {
      method: 'POST',
      path: CALLBACK_PATH,
      maxBodyBytes: CALLBACK_MAX_BODY_BYTES,
      handle: (body) => receive(body),
    },
  };
}
