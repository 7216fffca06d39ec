import type { FeatureViews } from '../../navigation/featureViews';
import { DeckTrackerPage } from './DeckTrackerPage';

/** The companion's Deck tracker page; the card overlays are the overlay entry's (overlayViews.ts). */
export const cardViews: FeatureViews = {
  pages: [{ path: '/cards', label: 'Deck tracker', view: DeckTrackerPage }],
  bare: [],
};
