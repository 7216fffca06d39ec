import type { HistoryChannel, LiveGameSummary } from '@shared/contract';
import type { Feature, FeatureContext } from '../../platform/feature/feature';
import type { DownloadShelf } from '../../transport/host/downloadShelf';
import { createArenaGameRecorder } from './arenaGameRecorder';
import { createArenaHistoryHandlers } from './arenaHistoryHandlers';
import { createArenaMatchLookup, type FindPlayedMatch } from './arenaMatchLookup';
import { createCardHistoryHandlers, type HistoryCardFacts } from './cardHistoryHandlers';
import type { HistoryWriter } from './historyRequests';
import { startHistoryRetention } from './historyRetention';
import type { HistoryStore } from './historyStore';

// What app/ composes beside the feature (the one history database both games record in).
export { historyPath, openHistoryStore } from './historyStore';

export interface HistoryFeatureOptions {
  /** The app's one history database (opened by the caller, which closes it after every feature stopped). */
  store: Promise<HistoryStore>;
  /** Card names, regions and champions, from the card game's catalog. */
  cards: HistoryCardFacts;
  /** Where exports wait to be downloaded: the shelf the host serves. */
  downloads: DownloadShelf;
  /** Between two attempts to save arena games the database did not take (default 30 s). */
  saveRetryMs?: number;
  /** Finds an arena game's web API match after the game (the web API feature's, through its limiter). */
  findPlayedMatch?: FindPlayedMatch;
}

/**
 * The match history of both games: it answers every `history.*` request, keeps the retention period, and
 * saves the arena games the scoreboard saw end. The games' features only write games into it: the live feature
 * hands over each finished game, the card feature attaches its save queue (which also keeps its game under way).
 */
export interface HistoryFeature extends Feature<HistoryChannel> {
  readonly store: Promise<HistoryStore>;
  /** Saves a finished arena game, kept until the database takes it. */
  recordArenaGame(summary: LiveGameSummary): void;
  /** The card game's save queue: a "delete all" drops what waits there, a delete or a prune tells it. */
  attachCardWriter(writer: HistoryWriter): void;
}

export function createHistoryFeature(
  context: FeatureContext,
  options: HistoryFeatureOptions,
): HistoryFeature {
  const { store } = options;
  const now = () => context.scheduler.now();
  let cardWriter: HistoryWriter | null = null;
  const matchLookup = createArenaMatchLookup({
    store,
    find: options.findPlayedMatch ?? null,
    logger: context.logger,
    scheduler: context.scheduler,
  });
  const arenaRecorder = createArenaGameRecorder({
    history: store,
    logger: context.logger,
    scheduler: context.scheduler,
    dataDir: context.dataDir,
    writeFailed: context.dataFolder.writeFailed,
    onUnsaved: context.dataFolder.unsavedArenaGames,
    retryMs: options.saveRetryMs,
    onRecorded: matchLookup.afterRecorded,
  });
  // The arena list is asked again on its own every few seconds; the card history follows its writer's revision.
  const retention = startHistoryRetention({
    history: store,
    settings: context.settings,
    scheduler: context.scheduler,
    logger: context.logger,
    onPruned: ({ card }) => {
      if (card > 0) cardWriter?.changed?.();
    },
  });
  return {
    store,
    handlers: {
      ...createArenaHistoryHandlers({
        store,
        writer: arenaRecorder,
        matches: matchLookup,
        downloads: options.downloads,
        now,
      }),
      ...createCardHistoryHandlers({
        store,
        cards: options.cards,
        writer: () => cardWriter,
        downloads: options.downloads,
        now,
      }),
    },
    pollers: [],
    recordArenaGame: (summary) => void arenaRecorder.record(summary),
    attachCardWriter: (writer) => {
      cardWriter = writer;
    },
    stop: async () => {
      arenaRecorder.stop();
      matchLookup.stop();
      await retention.stop();
    },
  };
}
