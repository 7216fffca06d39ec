import {
  AppRequestError,
  type LiveGameSummary,
  type LiveOverlayLayout,
  type ArenaGameRow,
  type ArenaHistoryChannel,
  type BroadcastTeams,
  type Settings,
} from '@shared/contract';
import type { Feature, FeatureContext } from '../feature/feature';
import { describeSqlError, HistoryError } from '../db/sqliteDatabase';
import type { StoredArenaGame } from '../history/arenaGameRecords';
import type { HistoryStore } from '../history/historyStore';
import { createArenaGameRecorder } from '../history/arenaGameRecorder';
import { describeQueue, type GameModeLabels } from './gameSummary';
import { createLiveClientWatcher } from './liveClientWatcher';

export interface LiveFeatureOptions {
  /** The match history: each finished game's summary is stored there, and `history.arena.list` lists them. */
  history?: Promise<HistoryStore>;
  /** Also receives the local player's summary once per finished game. */
  onGameSummary?(summary: LiveGameSummary): void;
  /** Game mode and map labels from the game constants; null until static data has them. */
  gameLabels?(): GameModeLabels | null;
  /** Between two attempts to save games the history did not take (default 30 s). */
  saveRetryMs?: number;
}

export function overlayLayoutOf(settings: Settings): LiveOverlayLayout {
  const { overlays } = settings;
  return {
    scoreboard: {
      visible: overlays.scoreboardVisible,
      anchor: overlays.scoreboardAnchor,
      scale: overlays.scoreboardScale,
      box: overlays.scoreboardBox,
    },
    feed: {
      visible: overlays.feedVisible,
      anchor: overlays.feedAnchor,
      scale: overlays.feedScale,
      box: overlays.feedBox,
    },
  };
}

/** The caster's team names and tags as the bar reads them, blue (ORDER) and red (CHAOS). */
export function broadcastTeamsOf(settings: Settings): BroadcastTeams {
  const { broadcast } = settings;
  return {
    ORDER: { name: broadcast.blueName, tag: broadcast.blueTag },
    CHAOS: { name: broadcast.redName, tag: broadcast.redTag },
  };
}

/** The arena live client: the game, its scoreboard and event feed, the overlays' layout and team names. */
export function createLiveFeature(
  context: FeatureContext,
  options: LiveFeatureOptions = {},
): Feature<ArenaHistoryChannel> {
  const { settings, logger } = context;
  const { history } = options;
  const recorder = history
    ? createArenaGameRecorder({
        history,
        logger,
        scheduler: context.scheduler,
        dataDir: context.dataDir,
        writeFailed: context.dataFolder.writeFailed,
        onUnsaved: context.dataFolder.unsavedArenaGames,
        retryMs: options.saveRetryMs,
      })
    : null;
  const watcher = createLiveClientWatcher({
    ...context,
    baseUrl: () => settings.effective.live.url,
    intervalMs: () => settings.effective.live.pollIntervalMs,
    onGameSummary: (summary) => {
      void recorder?.record(summary);
      options.onGameSummary?.(summary);
    },
    queueLabel: (gameMode, mapNumber) => describeQueue(gameMode, mapNumber, options.gameLabels?.() ?? null),
  });
  watcher.setLayout(overlayLayoutOf(settings.effective));
  watcher.setBroadcast(broadcastTeamsOf(settings.effective));
  settings.onChange((next) => {
    watcher.setInterval(next.live.pollIntervalMs);
    watcher.setLayout(overlayLayoutOf(next));
    watcher.setBroadcast(broadcastTeamsOf(next));
  });
  return {
    handlers: {
      'history.arena.list': async ({ limit }) => {
        if (!history) return { games: [] };
        return withHistory(history, async (store) => ({
          games: (await store.listArenaGames(limit)).map(arenaGameRow),
        }));
      },
      'history.arena.delete': async (which) => {
        // Every game means those still waiting to be saved too: dropped first, so none lands after the delete.
        const dropped = 'all' in which && recorder ? await recorder.forgetWaiting() : 0;
        if (!history) return { deleted: dropped };
        return withHistory(history, async (store) => ({
          deleted: dropped + (await store.deleteArenaGames(which)),
        }));
      },
    },
    pollers: [watcher],
    stop: async () => recorder?.stop(),
  };
}

async function withHistory<T>(
  history: Promise<HistoryStore>,
  run: (store: HistoryStore) => Promise<T>,
): Promise<T> {
  try {
    return await run(await history);
  } catch (error) {
    const message = error instanceof HistoryError ? error.message : describeSqlError(error);
    throw new AppRequestError({ code: 'io', message });
  }
}

function arenaGameRow(game: StoredArenaGame): ArenaGameRow {
  const { id, startedAt, durationSeconds, champion, championKey, playerId } = game;
  const { kills, deaths, assists, creepScore, result, queueLabel } = game;
  return {
    id,
    startedAt,
    durationSeconds,
    champion,
    championKey,
    playerId,
    kills,
    deaths,
    assists,
    creepScore,
    result,
    queueLabel,
  };
}
