import type { LiveGameSummary, LiveOverlayLayout, Settings } from '@shared/contract';
import type { Feature, FeatureContext } from '../app/feature';
import { describeQueue, type GameModeLabels } from './gameSummary';
import { createLiveClientWatcher } from './liveClientWatcher';

export interface LiveFeatureOptions {
  /** Receives the local player's summary once per finished game (the match history stores it). */
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
    },
    feed: { visible: overlays.feedVisible, anchor: overlays.feedAnchor, scale: overlays.feedScale },
  };
}

/** The arena live client: the game, its scoreboard and event feed, and the overlays' layout. */
export function createLiveFeature(context: FeatureContext, options: LiveFeatureOptions = {}): Feature {
  const { settings } = context;
  const watcher = createLiveClientWatcher({
    ...context,
    baseUrl: () => settings.effective.live.url,
    intervalMs: () => settings.effective.live.pollIntervalMs,
    onGameSummary: options.onGameSummary,
    queueLabel: (gameMode, mapNumber) => describeQueue(gameMode, mapNumber, options.gameLabels?.() ?? null),
  });
  watcher.setLayout(overlayLayoutOf(settings.effective));
  settings.onChange((next) => {
    watcher.setInterval(next.live.pollIntervalMs);
    watcher.setLayout(overlayLayoutOf(next));
  });
  return { handlers: {}, pollers: [watcher] };
}
