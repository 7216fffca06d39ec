import { AppRequestError, type LobbyEventView, type TournamentResultView } from '@shared/contract';
import type { FeatureContext } from '../../platform/feature/feature';
import {
  createCallbackConfirmation,
  type CallbackConfirmation,
  type CallbackDecision,
} from './callback/callbackConfirmation';
import {
  createCallbackReceiver,
  type CallbackReceiver,
  type CallbackVerdict,
} from './callback/callbackReceiver';
import { createGameEndWatcher, GAME_END_WATCH_MS, type GameEndWatcher } from './gameEndWatcher';
import { createResultFallback, worthAskingAgain, type ResultFallback } from './resultFallback';
import type { StoredCode, TournamentStore } from './storage/tournamentStore';
import { answer, fail, gameListName, WebApiAnswerError, type TournamentDesk } from './tournamentDesk';
import type { TournamentFeatureOptions } from './tournamentOptions';
import { resultPlayers, resultView } from './tournamentResult';
import type { TournamentStatePublisher } from './tournamentStatePublisher';

/** Why a stub code's result names no players by Riot ID: nothing is sent to find out. */
export const STUB_PLAYERS =
  'the tournament stub (development key) makes mock codes that play no real game: there are no players to look up by code';

export interface ResultLifecycle {
  /** Pending fallbacks: code → when. */
  fallbacks(): ReturnType<ResultFallback['pending']>;
  /** Codes whose game's end is watched for. */
  resultWatches(): ReturnType<GameEndWatcher['watching']>;
  /** The lobby showed the game begin: its end is watched for; true when a watch runs. */
  watchForGameEnd(stored: StoredCode, events: readonly LobbyEventView[]): Promise<boolean>;
  /** The game ended at `endedAt`: the callback is awaited, then the result is fetched by code. */
  gameEnded(stored: StoredCode, endedAt: number): Promise<void>;
  /** Fetches the code's result from the API and stores it. */
  fetchByCode(code: string, source: TournamentResultView['source']): Promise<TournamentResultView>;
  /** A result's players by Riot ID, looked up now unless they are known already. */
  players(code: string, gameId: number): Promise<TournamentResultView>;
  /** Records the game that counts for a code with more than one; answers the code's games. */
  choose(code: string, gameId: number): Promise<TournamentResultView[]>;
  /** Receives the callbacks (with the secret and the store); rejects when they cannot be opened. */
  callbacks: Promise<{ receiver: CallbackReceiver; confirmation: CallbackConfirmation }>;
  /** Starts again what was waiting when the app stopped. */
  resume(store: TournamentStore): Promise<void>;
  stop(): Promise<void>;
}

/**
 * A code's result, from the end of its game to a stored result: by callback (confirmed through games/by-code with
 * v5), by the game-end watch of the code's game list, and by the fallback that fetches it by code when no callback
 * came within 5 minutes of the end.
 */
export function createResultLifecycle(
  context: FeatureContext,
  deps: {
    desk: TournamentDesk;
    publisher: TournamentStatePublisher;
    options: Pick<
      TournamentFeatureOptions,
      'fallbackDelayMs' | 'resultWatchIntervalMs' | 'confirmRetryMs' | 'webApi'
    >;
  },
): ResultLifecycle {
  const { settings, scheduler, logger } = context;
  const { desk, publisher, options } = deps;
  const { api, signal, knownCode, hasResult, gameListOf } = desk;
  const { refresh, refreshQuietly } = publisher;

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
        // A refusal (a key without the right) would come back the same.
        const retry =
          error instanceof WebApiAnswerError
            ? worthAskingAgain(error.problem)
            : !(error instanceof AppRequestError && error.error.code === 'bad-input');
        return { ok: false, message, retry };
      }
    },
    onGiveUp: (code, message) => {
      publisher.notify({
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
      const listed = await desk.listedGames(stored, list);
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
      publisher.notify({
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

  async function gameEnded(stored: StoredCode, endedAt: number): Promise<void> {
    await (await desk.storeOf()).patchCode(stored.code, { status: 'ended', gameEndedAt: endedAt });
    gameEnd.cancel(stored.code);
    fallback.watch(stored.code, endedAt);
    await refresh();
  }

  /** A result is stored for the code: nothing waits for it any more. */
  async function resultStored(code: string): Promise<void> {
    fallback.cancel(code);
    gameEnd.cancel(code);
    await (await desk.storeOf()).patchCode(code, { status: 'finished' });
    await refresh();
  }

  /**
   * Who played a recorded game, by Riot ID, and its length: its match fetched once through its code (only
   * a code of this desk, so its players are named), one at a time through the limiter, and kept with the
   * result so the list stays fast and works offline. A failed lookup keeps the row and says why.
   */
  let lookups: Promise<unknown> = Promise.resolve();
  const lookingUp = new Map<string, Promise<void>>();
  function lookUpPlayers(result: TournamentResultView): Promise<void> {
    const key = `${result.code}|${result.gameId}`;
    const running = lookingUp.get(key);
    if (running) return running;
    const done = lookups
      .then(async () => {
        const store = await desk.storeOf();
        const tournament = (await store.listTournaments()).find(
          (item) => item.tournamentId === result.tournamentId,
        );
        if (tournament?.api.startsWith('stub')) {
          await store.recordPlayers(result.code, result.gameId, { error: STUB_PLAYERS });
          refreshQuietly();
          return;
        }
        const match = await options.webApi.service.matchByTournamentCode(
          result.matchId,
          result.code,
          '',
          signal,
        );
        // Stopped: looked up again at the next start.
        if (!match.ok && match.problem.kind === 'cancelled') return;
        const players = match.ok
          ? resultPlayers(match.value)
          : { error: `the game could not be looked up by its code: ${match.problem.message}` };
        await store.recordPlayers(result.code, result.gameId, players);
        refreshQuietly();
      })
      .catch((error: unknown) => logger.warn('result players lookup failed', { error: String(error) }))
      .finally(() => lookingUp.delete(key));
    lookingUp.set(key, done);
    lookups = done;
    return done;
  }

  async function players(code: string, gameId: number): Promise<TournamentResultView> {
    const store = await desk.storeOf();
    const stored = await knownCode(code);
    const find = async () =>
      (await store.listResults({ code: stored.code })).find((result) => result.gameId === gameId);
    const result = await find();
    if (!result) return fail('not-found', `The desk has no result for game ${gameId} with the code ${code}.`);
    if (result.players === 'known') return result;
    await lookUpPlayers(result);
    return (await find()) ?? result;
  }

  async function choose(code: string, gameId: number): Promise<TournamentResultView[]> {
    const store = await desk.storeOf();
    const stored = await knownCode(code);
    if (!(await store.chooseResult(stored.code, gameId, scheduler.now()))) {
      const games = (await store.listResults({ code: stored.code })).map((result) => result.gameId);
      return fail(
        'bad-input',
        games.length > 1
          ? `The code ${stored.code} has no game ${gameId}: choose one of ${games.join(', ')}.`
          : `The code ${stored.code} has ${games.length === 0 ? 'no game' : `one game (${games[0]})`}: there is nothing to choose.`,
      );
    }
    await refresh();
    return store.listResults({ code: stored.code });
  }

  async function fetchByCode(
    code: string,
    source: TournamentResultView['source'],
  ): Promise<TournamentResultView> {
    const store = await desk.storeOf();
    const stored = await knownCode(code);
    const platform = await desk.platformOfCode(stored);
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
    const recorded = kept.find((item) => item.gameId === result.gameId) ?? result;
    if (recorded.players === 'looking-up') void lookUpPlayers(recorded);
    return recorded;
  }

  const onDecision = (decision: CallbackVerdict | CallbackDecision): void => {
    if (decision.outcome === 'rejected')
      logger.warn('tournament callback rejected', { reason: decision.reason });
    if (decision.outcome === 'accepted' && decision.result) {
      void lookUpPlayers(decision.result);
      void resultStored(decision.result.code).catch((error: unknown) =>
        logger.warn('tournament refresh failed', { error: String(error) }),
      );
      return;
    }
    refreshQuietly();
  };
  const callbacks = (async () => {
    const { secret, store } = await desk.storage();
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
      confirmsByCode: (code) => desk.byCodeAvailable(code.tournamentId),
      onVerdict: (verdict) => {
        if (verdict.outcome === 'held') confirmation.confirm(verdict.shortCode);
        onDecision(verdict);
      },
    });
    return { receiver, confirmation };
  })();
  callbacks.catch(() => undefined);

  return {
    fallbacks: () => fallback.pending(),
    resultWatches: () => gameEnd.watching(),
    watchForGameEnd,
    gameEnded,
    fetchByCode,
    choose,
    players,
    callbacks,
    // Fallbacks from the stored end time, watches from the lobby's "game began", confirmations of held callbacks.
    resume: async (store) => {
      for (const code of await store.listCodes()) {
        if (code.status === 'ended' && code.gameEndedAt !== null) fallback.watch(code.code, code.gameEndedAt);
        if (code.status === 'in-game') await watchForGameEnd(code, await store.lobbyEvents(code.code));
      }
      for (const result of await store.listResults()) {
        if (result.players === 'looking-up') void lookUpPlayers(result);
      }
      const { confirmation } = await callbacks;
      for (const code of new Set((await store.heldCallbacks()).map((held) => held.code))) {
        confirmation.confirm(code);
      }
    },
    stop: async () => {
      fallback.stop();
      gameEnd.stop();
      (await callbacks.catch(() => null))?.confirmation.stop();
      // The desk's signal is aborted: a lookup under way ends now, and the ones queued send nothing.
      await lookups;
    },
  };
}
