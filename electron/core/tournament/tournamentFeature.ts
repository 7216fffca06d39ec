import {
  AppRequestError,
  codeCountWarning,
  LOBBY_EVENTS_NOTE,
  type AppErrorCode,
  type LobbyEventView,
  type TournamentCodeView,
  type TournamentLobbyState,
  type TournamentNotice,
  type TournamentRequestOutputs,
  type TournamentResultView,
} from '@shared/contract';
import type { Feature, FeatureContext } from '../feature/feature';
import { createPoller } from '../polling/poller';
import { problem, type WebApiProblem, type WebApiResult } from '../webApi/client/webApiProblem';
import { WEB_API_ERROR_CODES, type WebApiFeature } from '../webApi/webApiFeature';
import { createTournamentApi, type TournamentApi } from './api/tournamentApi';
import { tournamentApiKind } from './api/tournamentEndpoints';
import { checkCallbackUrl } from './callbackUrl';
import { createCallbackConfirmation, type CallbackDecision } from './callback/callbackConfirmation';
import {
  createCallbackReceiver,
  pendingCallbackRoute,
  type CallbackVerdict,
} from './callback/callbackReceiver';
import { createGameEndWatcher, GAME_END_WATCH_MS } from './gameEndWatcher';
import { describeMetaData, newCodeNonce, signMetaData } from './metaDataSignature';
import { createLobbyPlayerNames, type LobbyPlayerIds } from './lobbyPlayerNames';
import { createLobbyWatcher } from './lobbyWatcher';
import { createResultFallback, worthAskingAgain } from './resultFallback';
import { loadOrCreateSigningSecret, signingSecretPath } from './signingSecret';
import {
  openTournamentStore,
  tournamentDbPath,
  type StoredCode,
  type TournamentStore,
} from './storage/tournamentStore';
import { checkTournamentPolicy } from './tournamentPolicy';
import { platformOfRegion, resultView } from './tournamentResult';
import { buildTournamentState, codeView, providerView, tournamentView } from './tournamentSlice';

type TournamentChannels = keyof TournamentRequestOutputs;

export interface TournamentFeatureOptions {
  /** The web-API feature: its client and limiter, and the key's fingerprint (never the key). */
  webApi: Pick<WebApiFeature, 'client' | 'service' | 'keyFingerprint'>;
  /** 5 minutes unless SIGHTLINE_TOURNAMENT_FALLBACK_MS says otherwise (e2e). */
  fallbackDelayMs?: number;
  /** Between looks at games/by-code for a game on: 2 minutes unless SIGHTLINE_TOURNAMENT_WATCH_MS says otherwise (e2e). */
  resultWatchIntervalMs?: number;
  /** Between looks at games/by-code for a held callback whose game is not listed yet (1 minute). */
  confirmRetryMs?: number;
  lobbyIntervalMs?: number;
  /** Defaults: tournaments.db and tournament-signing-secret in the data folder. */
  storePath?: string;
  secretFile?: string;
}

export interface TournamentFeature extends Feature<TournamentChannels> {
  /** Settles once the database is open (or failed, with a notice). */
  ready: Promise<void>;
}

const fail = (code: AppErrorCode, message: string): never => {
  throw new AppRequestError({ code, message });
};

/** A web API problem raised as the desk's error, kept so the fallback can tell whether to ask again. */
class WebApiAnswerError extends AppRequestError {
  constructor(readonly problem: WebApiProblem) {
    super({ code: WEB_API_ERROR_CODES[problem.kind], message: problem.message });
  }
}

/** Reads the e2e overrides of the 5-minute fallback and the 2-minute games/by-code watch. */
export function readTournamentEnvironment(
  env: NodeJS.ProcessEnv,
): Pick<TournamentFeatureOptions, 'fallbackDelayMs' | 'resultWatchIntervalMs'> {
  const positive = (raw: string | undefined): number | undefined => {
    const value = Number(raw);
    return Number.isInteger(value) && value > 0 ? value : undefined;
  };
  const fallbackDelayMs = positive(env.SIGHTLINE_TOURNAMENT_FALLBACK_MS);
  const resultWatchIntervalMs = positive(env.SIGHTLINE_TOURNAMENT_WATCH_MS);
  return {
    ...(fallbackDelayMs ? { fallbackDelayMs } : {}),
    ...(resultWatchIntervalMs ? { resultWatchIntervalMs } : {}),
  };
}

/**
 * The tournament desk: providers, tournaments and codes through the tournament API (v4, v5 or the stub
 * for development keys), the lobby view, and results by callback (`POST /tournament/callback`) or, when
 * none came within 5 minutes of a game ending, by code. With v5 the end of a game is seen through
 * games/by-code once the lobby showed it begin, and callbacks count only once that list confirms them.
 */
export function createTournamentFeature(
  context: FeatureContext,
  options: TournamentFeatureOptions,
): TournamentFeature {
  const { hub, settings, scheduler, logger } = context;
  const kind = () => {
    const { apiVersion, keyKind, tournamentKeyConfirmed } = settings.effective.webApi;
    return tournamentApiKind(apiVersion, keyKind, tournamentKeyConfirmed);
  };
  const api: TournamentApi = createTournamentApi({
    client: options.webApi.client,
    service: options.webApi.service,
    kind,
  });
  const lifetime = new AbortController();
  const signal = lifetime.signal;
  const extraNotices: TournamentNotice[] = [];

  const opened = (async () => {
    const secret = await loadOrCreateSigningSecret(options.secretFile ?? signingSecretPath(context.dataDir));
    const store = await openTournamentStore(options.storePath ?? tournamentDbPath(context.dataDir));
    return { secret, store };
  })();
  const ready = opened.then(
    async ({ store }) => {
      if (store.movedAside) {
        context.dataFolder.movedAside({
          kind: 'tournaments',
          path: store.path,
          ...store.movedAside,
          reset: 'the tournament desk starts empty (its providers, codes and results stay in the moved file)',
        });
      }
      // What was waiting when the app stopped starts again: fallbacks from the stored end time, watches
      // from the lobby's "game began", confirmations of held callbacks.
      for (const code of await store.listCodes()) {
        if (code.status === 'ended' && code.gameEndedAt !== null) fallback.watch(code.code, code.gameEndedAt);
        if (code.status === 'in-game') await watchForGameEnd(code, await store.lobbyEvents(code.code));
      }
      const { confirmation } = await callbacks;
      for (const code of new Set((await store.heldCallbacks()).map((held) => held.code))) {
        confirmation.confirm(code);
      }
      await refresh();
    },
    (error: unknown) => {
      const message = `The tournament database cannot be used: ${error instanceof Error ? error.message : String(error)}`;
      logger.error('tournament storage failed', { error: message });
      context.dataFolder.writeFailed(error, 'tournaments');
      extraNotices.push({ kind: 'storage', message });
      hub.set('tournament', {
        ...hub.state.tournament,
        notices: [...hub.state.tournament.notices, ...extraNotices],
      });
    },
  );
  const storage = async (): Promise<{ secret: Buffer; store: TournamentStore }> => {
    try {
      return await opened;
    } catch (error) {
      return fail(
        'io',
        `The tournament database cannot be used: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  };
  const storeOf = async (): Promise<TournamentStore> => (await storage()).store;

  const answer = async <T>(result: Promise<WebApiResult<T>>): Promise<T> => {
    const settled = await result;
    if (settled.ok) return settled.value;
    throw new WebApiAnswerError(settled.problem);
  };

  /**
   * Where the end of a code's game shows without the organizer: v5 games/by-code, or v4's match IDs by
   * code (v4 has no games/by-code); null for the stubs, which list neither.
   */
  const gameListOf = async (tournamentId: number): Promise<'v5' | 'v4' | null> => {
    const current = kind();
    if (current !== 'v5' && current !== 'v4') return null;
    const tournament = (await (await storeOf()).listTournaments()).find(
      (item) => item.tournamentId === tournamentId,
    );
    return tournament?.api === current ? current : null;
  };
  /** v5 games/by-code exists for codes of v5 tournaments while the desk uses v5 with a tournament key. */
  const byCodeAvailable = async (tournamentId: number): Promise<boolean> =>
    (await gameListOf(tournamentId)) === 'v5';
  const gameListName = (list: 'v5' | 'v4'): string =>
    list === 'v5' ? 'games/by-code' : 'match-v4 match IDs by code';
  /** How many games the API lists for the code, through the list of its version. */
  const listedGames = async (stored: StoredCode, list: 'v5' | 'v4'): Promise<WebApiResult<number>> => {
    if (list === 'v5') {
      const games = await api.gamesByCode(stored.code, signal);
      return games.ok ? { ok: true, value: games.value.length } : games;
    }
    const platform = await platformOfCode(stored);
    if (!platform)
      return problem('refused', `The code ${stored.code} has no platform to look its games up on.`);
    const ids = await options.webApi.service.matchIdsByTournamentCode(stored.code, platform, signal);
    if (ids.ok) return { ok: true, value: ids.value.length };
    return ids.problem.kind === 'not-found' ? { ok: true, value: 0 } : ids;
  };
  const hasResult = async (code: string): Promise<boolean> =>
    (await (await storeOf()).listResults({ code })).length > 0;

  const fallback = createResultFallback({
    scheduler,
    delayMs: options.fallbackDelayMs,
    hasResult,
    fetchResult: async (code) => {
      try {
        await fetchByCode(code, 'fallback');
        return { ok: true };
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        // A refusal (403 for a second game on the code, a key without the right) would come back the same.
        const retry =
          error instanceof WebApiAnswerError
            ? worthAskingAgain(error.problem)
            : !(error instanceof AppRequestError && error.error.code === 'bad-input');
        return { ok: false, message, retry };
      }
    },
    onGiveUp: (code, message) => {
      extraNotices.push({
        kind: 'fallback',
        message: `No result for ${code} by callback or by code: ${message}`,
      });
      void refresh();
    },
  });

  const gameEnd = createGameEndWatcher({
    scheduler,
    intervalMs: options.resultWatchIntervalMs,
    hasResult,
    gameListed: async (code) => {
      const stored = await knownCode(code);
      const list = await gameListOf(stored.tournamentId);
      if (!list) return { refused: 'this API lists no games by code' };
      const listed = await listedGames(stored, list);
      if (listed.ok) return listed.value > 0;
      if (listed.problem.kind === 'cancelled') return false;
      logger.warn('game list look failed', { list: gameListName(list), error: listed.problem.message });
      return worthAskingAgain(listed.problem) ? false : { refused: listed.problem.message };
    },
    onGameEnded: (code, endedAt) =>
      void knownCode(code)
        .then((stored) =>
          stored.status === 'finished' || stored.status === 'ended' ? undefined : gameEnded(stored, endedAt),
        )
        .catch((error: unknown) => logger.warn('tournament game end failed', { error: String(error) })),
    onGiveUp: (code, refused) => {
      const waited = `within ${GAME_END_WATCH_MS / 3_600_000} hours of its start`;
      extraNotices.push({
        kind: 'fallback',
        message: `${refused ? `The look for the end of ${code}’s game was refused (${refused})` : `No game was listed for ${code} ${waited}`}: say “Game ended” or fetch the result by code.`,
      });
      refreshQuietly();
    },
    onRescheduled: () => refreshQuietly(),
    onError: (error) => logger.warn('games/by-code watch failed', { error: String(error) }),
  });

  /**
   * The lobby showed the game begin: watch the list of the code's games for its end (v5 games/by-code,
   * v4 match IDs by code), with the same timers either way; no organizer has to say “Game ended”.
   */
  async function watchForGameEnd(stored: StoredCode, events: readonly LobbyEventView[]): Promise<boolean> {
    const began = events.find((event) => event.eventType === 'GameAllocatedToLsmEvent');
    if (!began || !(await gameListOf(stored.tournamentId)) || (await hasResult(stored.code))) return false;
    return gameEnd.watch(stored.code, began.timestamp);
  }

  /** The game ended at `endedAt`: the callback is awaited, then the result is fetched by code. */
  async function gameEnded(stored: StoredCode, endedAt: number): Promise<void> {
    await (await storeOf()).updateCode({ ...stored, status: 'ended', gameEndedAt: endedAt });
    gameEnd.cancel(stored.code);
    fallback.watch(stored.code, endedAt);
    await refresh();
  }

  /** A result is stored for the code: nothing waits for it any more. */
  async function resultStored(code: string): Promise<void> {
    fallback.cancel(code);
    gameEnd.cancel(code);
    const store = await storeOf();
    const stored = await store.getCode(code);
    if (stored) await store.updateCode({ ...stored, status: 'finished' });
    await refresh();
  }

  const playerNames = createLobbyPlayerNames({
    service: options.webApi.service,
    accountRegion: () => {
      const region = settings.effective.webApi.region;
      return region === 'sea' ? 'asia' : region;
    },
    onError: (error) => logger.warn('lobby player lookup failed', { error }),
  });
  const namedLobby = (state: TournamentLobbyState): TournamentLobbyState => ({
    ...state,
    events: playerNames.named(state.events),
  });
  /** Looks up the Riot IDs of a lobby's players (through the limiter); true when any was added. */
  async function nameLobbyPlayers(code: string | null, events: readonly LobbyEventView[]): Promise<boolean> {
    if (code === null || events.every((event) => event.player === '')) return false;
    try {
      const stored = await knownCode(code);
      const current = kind();
      const platform = await platformOfCode(stored);
      const ids: LobbyPlayerIds | null =
        current === 'v5' || current === 'stub-v5'
          ? { kind: 'puuid' }
          : platform
            ? { kind: 'summonerId', platform }
            : null;
      return ids ? await playerNames.learn(events, ids, signal) : false;
    } catch (error) {
      logger.warn('lobby player lookup failed', { error: String(error) });
      return false;
    }
  }

  const lobby = createLobbyWatcher({
    scheduler,
    api,
    store: {
      appendLobbyEvents: async (code, events) => (await storeOf()).appendLobbyEvents(code, events),
      lobbyEvents: async (code) => (await storeOf()).lobbyEvents(code),
    },
    intervalMs: options.lobbyIntervalMs,
    onState: (state) => {
      hub.set('tournament', { ...hub.state.tournament, lobby: namedLobby(state) });
      void nameLobbyPlayers(state.code, state.events).then((added) => {
        if (added && lobby.state.code === state.code)
          hub.set('tournament', { ...hub.state.tournament, lobby: namedLobby(lobby.state) });
      });
    },
    onEvents: (code, events) => void advanceStatus(code, events),
    onError: (error) => logger.warn('lobby poll failed', { error: String(error) }),
  });

  // Refreshes overlap (callbacks, timers, requests): only the one started last may publish, so an older
  // read that finishes late cannot put back a state from before a change.
  // A caller waits until the newest refresh is out, so it sees a state at least as new as its change.
  let latestRefresh = 0;
  let latestRefreshDone: Promise<void> = Promise.resolve();
  async function refresh(): Promise<void> {
    let current = readAndPublish(++latestRefresh);
    latestRefreshDone = current;
    await current;
    while (current !== latestRefreshDone) {
      current = latestRefreshDone;
      await current;
    }
  }

  async function readAndPublish(started: number): Promise<void> {
    const store = await storeOf().catch(() => null);
    if (!store) return;
    const [fingerprint, providers, tournaments, codes, results, counts, rejections, accepted, held] =
      await Promise.all([
        options.webApi.keyFingerprint().catch(() => null),
        store.listProviders(),
        store.listTournaments(),
        store.listCodes(),
        store.listResults(),
        store.callbackCounts(),
        store.callbackLog('rejected', 20),
        store.callbackLog('accepted', 1),
        store.heldCallbacks(),
      ]);
    if (started !== latestRefresh) return;
    hub.set(
      'tournament',
      buildTournamentState({
        now: scheduler.now(),
        api: kind(),
        keyKind: settings.effective.webApi.keyKind,
        keyFingerprint: fingerprint,
        providers,
        tournaments,
        codes,
        results,
        callbackCounts: counts,
        rejections,
        lastAcceptedAt: accepted[0]?.at ?? null,
        fallbacks: fallback.pending(),
        resultWatches: gameEnd.watching(),
        held,
        lobby: namedLobby(lobby.state),
        extraNotices: extraNotices.slice(-5),
      }),
    );
  }
  const refreshQuietly = (): void =>
    void refresh().catch((error: unknown) =>
      logger.warn('tournament refresh failed', { error: String(error) }),
    );

  /** Lobby events move a code on: lobby seen, then game began (and its end is watched). Never backwards. */
  async function advanceStatus(code: string, events: LobbyEventView[]): Promise<void> {
    const store = await storeOf();
    const stored = await store.getCode(code);
    if (!stored || stored.status === 'ended' || stored.status === 'finished') return;
    const began = events.some((event) => event.eventType === 'GameAllocatedToLsmEvent');
    const status = began
      ? 'in-game'
      : events.length > 0 && stored.status === 'open'
        ? 'lobby'
        : stored.status;
    if (status !== stored.status) await store.updateCode({ ...stored, status });
    const watching = await watchForGameEnd(stored, events);
    if (status !== stored.status || watching) refreshQuietly();
  }

  /** The platform the code's games are played on, from its provider's region. */
  async function platformOfCode(stored: StoredCode): Promise<string | null> {
    const store = await storeOf();
    const tournament = (await store.listTournaments()).find(
      (item) => item.tournamentId === stored.tournamentId,
    );
    const provider = (await store.listProviders()).find((item) => item.providerId === tournament?.providerId);
    return provider ? platformOfRegion(provider.region) : null;
  }

  async function knownCode(code: string): Promise<StoredCode> {
    const stored = await (await storeOf()).getCode(code.trim());
    return stored ?? fail('not-found', `The code ${code.trim()} was not created by this desk.`);
  }

  async function fetchByCode(
    code: string,
    source: TournamentResultView['source'],
  ): Promise<TournamentResultView> {
    const store = await storeOf();
    const stored = await knownCode(code);
    const platform = await platformOfCode(stored);
    if (!platform)
      return fail('bad-input', `The code ${stored.code} has no platform to look its game up on.`);
    const facts = await answer(api.gameByCode(stored.code, platform, signal));
    const result = resultView(facts, {
      code: stored.code,
      tournamentId: stored.tournamentId,
      source,
      receivedAt: scheduler.now(),
      version: settings.effective.webApi.apiVersion,
    });
    await store.recordResult(result);
    await resultStored(stored.code);
    const kept = await store.listResults({ code: stored.code });
    return kept.find((item) => item.gameId === result.gameId) ?? result;
  }

  const onDecision = (decision: CallbackVerdict | CallbackDecision): void => {
    if (decision.outcome === 'rejected')
      logger.warn('tournament callback rejected', { reason: decision.reason });
    if (decision.outcome === 'accepted' && decision.result) {
      void resultStored(decision.result.code).catch((error: unknown) =>
        logger.warn('tournament refresh failed', { error: String(error) }),
      );
      return;
    }
    refreshQuietly();
  };
  const callbacks = (async () => {
    const { secret, store } = await storage();
    const confirmation = createCallbackConfirmation({
      scheduler,
      store,
      gamesByCode: (code) => api.gamesByCode(code, signal),
      retryMs: options.confirmRetryMs,
      onDecided: onDecision,
      onError: (error) => logger.warn('callback confirmation failed', { error: String(error) }),
    });
    const receiver = createCallbackReceiver({
      secret,
      store,
      now: () => scheduler.now(),
      version: () => settings.effective.webApi.apiVersion,
      confirmsByCode: (code) => byCodeAvailable(code.tournamentId),
      onVerdict: (verdict) => {
        if (verdict.outcome === 'held') confirmation.confirm(verdict.shortCode);
        onDecision(verdict);
      },
    });
    return { receiver, confirmation };
  })();
  callbacks.catch(() => undefined);

  // Eligibility for expiry moves with time; key and settings changes change what is shown.
  const expiryPoller = createPoller({
    intervalMs: 60 * 60 * 1000,
    maxIdleIntervalMs: 60 * 60 * 1000,
    scheduler,
    cycle: async () => {
      await refresh();
      return 'active';
    },
    onError: (error) => logger.warn('tournament refresh failed', { error: String(error) }),
  });
  const unsubscribeSettings = settings.onChange(refreshQuietly);
  let lastKey = hub.state.webApi.key;
  const unsubscribeHub = hub.subscribe(() => {
    if (hub.state.webApi.key === lastKey) return;
    lastKey = hub.state.webApi.key;
    refreshQuietly();
  });

  const codeViewOf = async (code: string): Promise<TournamentCodeView> => {
    const stored = await knownCode(code);
    const held = await (await storeOf()).heldCallbacks(stored.code);
    return codeView(stored, scheduler.now(), {
      fallbackAt: fallback.pending().get(stored.code) ?? null,
      resultWatch: gameEnd.watching().get(stored.code) ?? null,
      heldCallbacks: held.map((callback) => callback.gameId),
    });
  };

  const handlers: Feature<TournamentChannels>['handlers'] = {
    'tournament.checkUrl': async ({ url }) => checkCallbackUrl(url),

    'tournament.policy.check': async ({ firstMatchAt, ...policy }) =>
      checkTournamentPolicy(policy, { now: scheduler.now(), firstMatchAt }),

    'tournament.provider.create': async ({ region, callbackUrl }) => {
      const checked = checkCallbackUrl(callbackUrl);
      if (!checked.valid || checked.canonical === null)
        return fail('bad-input', `The callback URL is invalid: ${checked.reason}.`);
      const fingerprint = await options.webApi.keyFingerprint();
      if (!fingerprint) return fail('unsupported', 'No API key: enter your key on the Players page first.');
      const store = await storeOf();
      // Exactly the string that was judged, so the servers call the URL that was checked.
      const providerId = await answer(api.createProvider(region, checked.canonical, signal));
      const provider = {
        providerId,
        api: kind(),
        region,
        callbackUrl: checked.canonical,
        keyFingerprint: fingerprint,
        createdAt: scheduler.now(),
      };
      await store.saveProvider(provider);
      await refresh();
      return providerView(provider, fingerprint);
    },

    'tournament.create': async ({ providerId, name, firstMatchAt, ...policy }) => {
      const store = await storeOf();
      const provider = (await store.listProviders()).find((item) => item.providerId === providerId);
      if (!provider) return fail('not-found', `Provider ${providerId} was not registered by this desk.`);
      const fingerprint = await options.webApi.keyFingerprint();
      if (provider.keyFingerprint !== fingerprint) {
        return fail(
          'bad-input',
          `Provider ${providerId} was registered with another API key: providers are tied to their key, so register a provider again.`,
        );
      }
      if (provider.api !== kind()) {
        return fail(
          'bad-input',
          `Provider ${providerId} was registered on the ${provider.api} paths, but the desk now uses ${kind()}: register a provider again.`,
        );
      }
      const verdict = checkTournamentPolicy(policy, { now: scheduler.now(), firstMatchAt });
      if (!verdict.allowed)
        return fail('bad-input', `Refused by the tournament policy: ${verdict.reasons.join(' ')}`);
      const tournamentId = await answer(api.createTournament(providerId, name, signal));
      const tournament = {
        tournamentId,
        providerId,
        api: provider.api,
        name,
        callbackUrl: provider.callbackUrl,
        createdAt: scheduler.now(),
        firstMatchAt,
        policy,
      };
      await store.saveTournament(tournament);
      await refresh();
      return tournamentView(tournament, [], 0, scheduler.now());
    },

    'tournament.codes.create': async (input) => {
      const { secret, store } = await storage();
      const tournament = (await store.listTournaments()).find(
        (item) => item.tournamentId === input.tournamentId,
      );
      if (!tournament)
        return fail('not-found', `Tournament ${input.tournamentId} was not created by this desk.`);
      const existing = (await store.listCodes()).filter(
        (code) => code.tournamentId === tournament.tournamentId,
      );
      const warning = codeCountWarning(
        input.count,
        existing.length,
        tournament.policy.participants,
        input.teamSize,
      );
      if (warning && !input.confirmSurplus)
        return fail('bad-input', `${warning} Confirm to create them anyway.`);
      const settingsOfCodes = {
        mapType: input.mapType,
        pickType: input.pickType,
        spectatorType: input.spectatorType,
        teamSize: input.teamSize,
        allowedParticipants: input.allowedParticipants,
        enoughPlayers: input.enoughPlayers,
      };
      // One call per code, each with its own signed nonce: the metaData a callback echoes then names the
      // one code it was issued for, so a genuine body replayed under another code is refused at once.
      const createdAt = scheduler.now();
      const stored: StoredCode[] = [];
      let failed: unknown = null;
      while (stored.length < input.count && failed === null) {
        const nonce = newCodeNonce();
        const metaData = signMetaData(
          secret,
          { tournamentId: tournament.tournamentId, text: input.metadata },
          nonce,
        );
        try {
          const [code] = await answer(
            api.createCodes(tournament.tournamentId, 1, settingsOfCodes, metaData, signal),
          );
          if (code === undefined) return fail('io', 'The API created no code.');
          stored.push({
            code,
            tournamentId: tournament.tournamentId,
            createdAt,
            settings: settingsOfCodes,
            metadata: input.metadata,
            status: 'open',
            gameEndedAt: null,
            batchNonce: nonce,
          });
        } catch (error) {
          failed = error;
        }
      }
      // What the API made before a failure is kept, and the error says so.
      await store.saveCodes(stored);
      if (failed !== null) {
        await refresh();
        if (stored.length === 0) throw failed;
        const reason = failed instanceof Error ? failed.message : String(failed);
        return fail('io', `${stored.length} of ${input.count} codes were created and kept; then: ${reason}`);
      }
      await refresh();
      return {
        codes: stored.map((code) => codeView(code, createdAt)),
        warnings: warning ? [warning] : [],
        winCondition: tournament.policy.winCondition,
      };
    },

    'tournament.code.update': async ({ code, ...update }) => {
      const stored = await knownCode(code);
      await answer(api.updateCode(stored.code, update, signal));
      await (await storeOf()).updateCode({ ...stored, settings: { ...stored.settings, ...update } });
      await refresh();
      return codeViewOf(stored.code);
    },

    'tournament.code.details': async ({ code }) => {
      const store = await storeOf();
      const details = await api.codeDetails(code, signal);
      const local = await store.getCode(code.trim());
      // The win condition is the desk's own: shown with every code it made (spec 1 §1).
      const tournamentId = details.ok ? details.value.tournamentId : local?.tournamentId;
      const winCondition =
        (await store.listTournaments()).find((item) => item.tournamentId === tournamentId)?.policy
          .winCondition ?? '';
      if (details.ok) {
        const { secret } = await storage();
        return {
          ...details.value,
          winCondition,
          signedMetaData: describeMetaData(secret, details.value.metaData),
        };
      }
      if (details.problem.kind !== 'refused' || !local) return answer(Promise.resolve(details));
      // The v4 stub cannot describe a code: show what the desk knows, marked as local.
      return {
        code: local.code,
        id: 0,
        providerId: 0,
        tournamentId: local.tournamentId,
        region: '',
        map: local.settings.mapType,
        teamSize: local.settings.teamSize,
        spectators: local.settings.spectatorType,
        pickType: local.settings.pickType,
        lobbyName: '',
        password: '',
        metaData: local.metadata,
        // The desk keeps the organizer's text; what it sent was that text, signed.
        signedMetaData: { text: local.metadata, tournamentId: local.tournamentId, signature: 'valid' },
        participants: local.settings.allowedParticipants,
        source: 'local',
        winCondition,
      };
    },

    'tournament.code.gameEnded': async ({ code, endedAt }) => {
      const stored = await knownCode(code);
      if (stored.status === 'finished') return codeViewOf(stored.code);
      await gameEnded(stored, endedAt ?? scheduler.now());
      return codeViewOf(stored.code);
    },

    'tournament.lobby.watch': async ({ code }) => lobby.watch(code.trim()),
    'tournament.lobby.unwatch': async () => lobby.unwatch(),

    'tournament.lobby.events': async ({ code, refresh: fromApi }) => {
      const store = await storeOf();
      let fetchedAt: number | null = null;
      if (fromApi) {
        const fetched = await api.lobbyEvents(code, signal);
        if (fetched.ok) {
          await store.appendLobbyEvents(code.trim(), fetched.value);
          fetchedAt = scheduler.now();
        } else if (fetched.problem.kind === 'refused') {
          return fail('bad-input', fetched.problem.message);
        }
      }
      const events = await store.lobbyEvents(code.trim());
      if (fetchedAt !== null) await advanceStatus(code.trim(), events);
      await nameLobbyPlayers(code.trim(), events);
      return { code: code.trim(), events: playerNames.named(events), fetchedAt, note: LOBBY_EVENTS_NOTE };
    },

    'tournament.results.list': async ({ tournamentId, code }) =>
      (await storeOf()).listResults({ tournamentId, code }),

    'tournament.result.match': async ({ code, matchId }) => {
      const results = await (await storeOf()).listResults({ code });
      const result = matchId
        ? results.find((stored) => stored.matchId === matchId.toUpperCase())
        : results[0];
      if (!result) {
        return fail(
          'not-found',
          matchId
            ? `The desk has no result for ${matchId} with the code ${code}.`
            : `The desk has no result for the code ${code} yet.`,
        );
      }
      // The match ID names its platform: no routing, so a result stored under the other path version still opens.
      return answer(options.webApi.service.matchByTournamentCode(result.matchId, result.code, '', signal));
    },

    'tournament.result.fetch': async ({ code }) => fetchByCode(code, 'fallback'),
  };

  return {
    ready,
    handlers,
    pollers: [expiryPoller],
    publicRoutes: [pendingCallbackRoute(callbacks.then(({ receiver }) => receiver))],
    stop: async () => {
      lifetime.abort();
      lobby.unwatch();
      fallback.stop();
      gameEnd.stop();
      (await callbacks.catch(() => null))?.confirmation.stop();
      unsubscribeSettings();
      unsubscribeHub();
      (await opened.catch(() => null))?.store.close();
    },
  };
}
