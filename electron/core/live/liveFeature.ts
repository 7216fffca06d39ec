import type { Feature, FeatureContext } from '../app/feature';
import { createLiveClientWatcher } from './liveClientWatcher';

/** The arena live client: its connection, the game phase and clock. */
export function createLiveFeature(context: FeatureContext): Feature {
  const { settings } = context;
  const watcher = createLiveClientWatcher({
    ...context,
    baseUrl: () => settings.effective.live.url,
    intervalMs: () => settings.effective.live.pollIntervalMs,
  });
  settings.onChange((next) => watcher.setInterval(next.live.pollIntervalMs));
  return { handlers: {}, pollers: [watcher] };
}
