import type { Feature, FeatureContext } from '../app/feature';
import { createCardClientWatcher } from './cardClientWatcher';

/** The card client's local API. */
export function createCardFeature(context: FeatureContext): Feature {
  const { settings, env } = context;
  const watcher = createCardClientWatcher({
    ...context,
    baseUrl: () => env.cardUrl ?? `http://127.0.0.1:${settings.effective.card.port}`,
  });
  return { handlers: {}, pollers: [watcher] };
}
