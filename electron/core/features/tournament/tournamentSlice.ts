import {
  CALLBACK_PATH,
  type KeyKind,
  type TournamentApiKind,
  type TournamentCodeView,
  type TournamentLobbyState,
  type TournamentNotice,
  type TournamentProviderView,
  type TournamentResultView,
  type TournamentResultWatch,
  type TournamentState,
  type TournamentView,
} from '@shared/contract';
import { codeExpiry, countActiveCodes } from './codeExpiry';
import { shownSettings } from './codes/allowedPlayers';
import type {
  CallbackLogEntry,
  CallbackOutcome,
  StoredCode,
  StoredProvider,
  StoredTournament,
} from './storage/tournamentStore';

export interface SliceInput {
  now: number;
  api: TournamentApiKind;
  /** The kind the user gave their key: with the stub in use, it says why. */
  keyKind: KeyKind;
  /** The current key's fingerprint; null without a key. */
  keyFingerprint: string | null;
  providers: StoredProvider[];
  tournaments: StoredTournament[];
  codes: StoredCode[];
  results: TournamentResultView[];
  callbackCounts: Record<CallbackOutcome, number>;
  rejections: CallbackLogEntry[];
  lastAcceptedAt: number | null;
  /** Pending fallbacks: code → when. */
  fallbacks: ReadonlyMap<string, number>;
  /** Games watched through games/by-code: code → next look and bound. */
  resultWatches: ReadonlyMap<string, TournamentResultWatch>;
  /** Callbacks held until games/by-code confirms them. */
  held: readonly TournamentResultView[];
  lobby: TournamentLobbyState;
  /** Notices the feature raised itself (storage, fallback gave up). */
  extraNotices: TournamentNotice[];
}

export function providerView(
  provider: StoredProvider,
  keyFingerprint: string | null,
): TournamentProviderView {
  return {
    providerId: provider.providerId,
    region: provider.region,
    callbackUrl: provider.callbackUrl,
    api: provider.api,
    createdAt: provider.createdAt,
    keyMatches: keyFingerprint !== null && provider.keyFingerprint === keyFingerprint,
  };
}

/** What runs for a code beside what is stored: its fallback, its watch, its held callbacks. */
export interface CodeProgress {
  fallbackAt: number | null;
  resultWatch: TournamentResultWatch | null;
  heldCallbacks: number[];
}

const NO_PROGRESS: CodeProgress = { fallbackAt: null, resultWatch: null, heldCallbacks: [] };

export function codeView(
  code: StoredCode,
  now: number,
  progress: Partial<CodeProgress> = {},
): TournamentCodeView {
  const expiry = codeExpiry(code.createdAt, now);
  return {
    code: code.code,
    tournamentId: code.tournamentId,
    createdAt: code.createdAt,
    expiryEligibleAt: expiry.expiryEligibleAt,
    eligibleForExpiry: expiry.eligibleForExpiry,
    status: code.status,
    settings: shownSettings(code.settings),
    metadata: code.metadata,
    gameEndedAt: code.gameEndedAt,
    ...NO_PROGRESS,
    ...progress,
  };
}

export function tournamentView(
  tournament: StoredTournament,
  codes: readonly StoredCode[],
  resultCount: number,
  now: number,
): TournamentView {
  const own = codes.filter((code) => code.tournamentId === tournament.tournamentId);
  const active = countActiveCodes(
    own.map((code) => code.createdAt),
    now,
  );
  return {
    tournamentId: tournament.tournamentId,
    providerId: tournament.providerId,
    name: tournament.name,
    callbackUrl: tournament.callbackUrl,
    api: tournament.api,
    createdAt: tournament.createdAt,
    firstMatchAt: tournament.firstMatchAt,
    policy: tournament.policy,
    codeCount: own.length,
    activeCodeCount: active,
    noActiveCode: active === 0,
    resultCount,
  };
}

const STUB_LIMITS =
  'Its codes are mock codes, it cannot update codes or fetch results by code; real tournaments need a tournament key.';

/** Why the stub is in use, said before any tournament call is sent. */
export function stubNotice(keyKind: KeyKind): TournamentNotice {
  if (keyKind === 'development') {
    return {
      kind: 'development-key',
      message: `Development key: the tournament stub is used. ${STUB_LIMITS}`,
    };
  }
  return {
    kind: 'tournament-key',
    message: `A ${keyKind} key is not a tournament key: the tournament stub is used until you confirm your key is tournament-enabled (Settings, Web API: “My key is tournament-enabled”). ${STUB_LIMITS}`,
  };
}

/** The pushed slice, from what is stored and what runs. */
export function buildTournamentState(input: SliceInput): TournamentState {
  const providers = input.providers.map((provider) => providerView(provider, input.keyFingerprint));
  const notices: TournamentNotice[] = [];
  if (input.keyFingerprint === null) {
    notices.push({
      kind: 'no-key',
      message: 'No API key: enter your key on the Players page before registering providers.',
    });
  } else {
    const stale = providers.filter((provider) => !provider.keyMatches);
    if (stale.length > 0) {
      notices.push({
        kind: 'key-changed',
        message: `The API key changed: providers are tied to the key that created them, so register providers again (${stale.length} from an earlier key can no longer be used).`,
      });
    }
  }
  if (input.api.startsWith('stub')) notices.push(stubNotice(input.keyKind));
  const resultsByTournament = new Map<number, number>();
  for (const result of input.results) {
    resultsByTournament.set(result.tournamentId, (resultsByTournament.get(result.tournamentId) ?? 0) + 1);
  }
  return {
    ready: true,
    api: input.api,
    providers,
    tournaments: input.tournaments.map((tournament) =>
      tournamentView(
        tournament,
        input.codes,
        resultsByTournament.get(tournament.tournamentId) ?? 0,
        input.now,
      ),
    ),
    codes: input.codes.map((code) =>
      codeView(code, input.now, {
        fallbackAt: input.fallbacks.get(code.code) ?? null,
        resultWatch: input.resultWatches.get(code.code) ?? null,
        heldCallbacks: input.held.filter((held) => held.code === code.code).map((held) => held.gameId),
      }),
    ),
    lobby: input.lobby,
    results: input.results,
    receiver: {
      path: CALLBACK_PATH,
      accepted: input.callbackCounts.accepted,
      duplicates: input.callbackCounts.duplicate,
      rejected: input.callbackCounts.rejected,
      held: input.held.length,
      lastAcceptedAt: input.lastAcceptedAt,
      recentRejections: input.rejections.map(({ at, shortCode, reason }) => ({ at, shortCode, reason })),
    },
    notices: [...notices, ...input.extraNotices],
  };
}
