import type { TournamentRequestOutputs } from '@shared/contract';
import type { Feature, FeatureContext } from '../../platform/feature/feature';
import { pendingCallbackRoute } from './callback/callbackReceiver';
import { storageProblem } from './database/openDeskStorage';
import { watchTournamentChanges, type TournamentChangesWatch } from './database/tournamentChangesWatch';
import { createResultLifecycle } from './resultLifecycle';
import { createTournamentDesk } from './tournamentDesk';
import { createTournamentHandlers } from './tournamentHandlers';
import { createTournamentLobby } from './tournamentLobby';
import type { TournamentFeatureOptions } from './tournamentOptions';
import { createTournamentStatePublisher } from './tournamentStatePublisher';

export { readTournamentEnvironment } from './tournamentOptions';

export interface TournamentFeature extends Feature<keyof TournamentRequestOutputs> {
  /** Settles once the database is open (or failed, with a notice). */
  ready: Promise<void>;
  /** Whether this desk created the code (it is in tournaments.db); rejects when the database cannot be used. */
  createdCode(code: string): Promise<boolean>;
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
  const desk = createTournamentDesk(context, options, {
    unreachable: (message) => publisher.showDatabaseProblem(message),
    reachable: () => publisher.showDatabaseProblem(null),
  });
  // The slice reads the lifecycle's and the lobby's waits at each refresh, once they are made below.
  const publisher = createTournamentStatePublisher(context, {
    desk,
    webApi: options.webApi,
    waiting: {
      fallbacks: () => lifecycle.fallbacks(),
      resultWatches: () => lifecycle.resultWatches(),
      lobby: () => lobby.namedLobby(),
    },
  });
  const lifecycle = createResultLifecycle(context, { desk, publisher, options });
  const lobby = createTournamentLobby(context, { desk, publisher, lifecycle, options });

  let changes: TournamentChangesWatch | null = null;
  const ready = desk.opened.then(
    async ({ store }) => {
      // Desks and receivers elsewhere write to a shared database: their changes are shown within a second.
      const location = desk.location();
      if (location?.engine === 'postgres' && !desk.signal.aborted) {
        changes = watchTournamentChanges(location.url, publisher.refreshSoon, {
          onTrouble: (message) => context.logger.warn('tournament changes', { error: message }),
        });
      }
      if (store.movedAside) {
        context.dataFolder.movedAside({
          kind: 'tournaments',
          path: store.path,
          ...store.movedAside,
          reset: 'the tournament desk starts empty (its providers, codes and results stay in the moved file)',
        });
      }
      // What was waiting when the app stopped starts again.
      await lifecycle.resume(store);
      await publisher.refresh();
    },
    (error: unknown) => {
      const message = storageProblem(desk.location(), error);
      context.logger.error('tournament storage failed', { error: message });
      context.dataFolder.writeFailed(error, 'tournaments');
      publisher.publishNotice({ kind: 'storage', message });
    },
  );

  return {
    ready,
    createdCode: async (code) => (await (await desk.opened).store.getCode(code)) !== null,
    handlers: createTournamentHandlers(context, { desk, publisher, lifecycle, lobby, options }),
    pollers: [publisher.poller],
    publicRoutes: [pendingCallbackRoute(lifecycle.callbacks.then(({ receiver }) => receiver))],
    stop: async () => {
      desk.abort();
      lobby.watcher.unwatch();
      // A stop right after the start (the host's port was taken) waits for the resume, which still reads the store.
      await ready.catch(() => undefined);
      await lifecycle.stop();
      await changes?.close();
      publisher.stop();
      await desk.close();
    },
  };
}
