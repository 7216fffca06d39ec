import type { LiveGameSummary, LiveOverlayLayout, BroadcastTeams, Settings } from '@shared/contract';
import type { Feature, FeatureContext } from '../../platform/feature/feature';
import { describeQueue, type GameModeLabels } from './gameSummary';
import { createLiveClientWatcher } from './liveClientWatcher';

// What app/ composes beside the feature (the source checkup).
export { createLiveClientWatcher } from './liveClientWatcher';

export interface LiveFeatureOptions {
  /** Receives the local player's summary once per finished game: the match history saves it. */
  onGameSummary?(summary: LiveGameSummary): void;
  /** Game mode and map labels from the game constants; null until static data has them. */
  gameLabels?(): GameModeLabels | null;
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
export function createLiveFeature(context: FeatureContext, options: LiveFeatureOptions = {}): Feature {
  const { settings } = context;
  const watcher = createLiveClientWatcher({
    ...context,
    baseUrl: () => settings.effective.live.url,
    intervalMs: () => settings.effective.live.pollIntervalMs,
    onGameSummary: (summary) => options.onGameSummary?.(summary),
    queueLabel: (gameMode, mapNumber) => describeQueue(gameMode, mapNumber, options.gameLabels?.() ?? null),
  });
  watcher.setLayout(overlayLayoutOf(settings.effective));
  watcher.setBroadcast(broadcastTeamsOf(settings.effective));
  settings.onChange((next) => {
    watcher.setInterval(next.live.pollIntervalMs);
    watcher.setLayout(overlayLayoutOf(next));
    watcher.setBroadcast(broadcastTeamsOf(next));
  });
  return { handlers: {}, pollers: [watcher] };
}
