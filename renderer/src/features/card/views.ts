import type { FeatureViews } from '../../navigation/featureViews';
import { DeckTrackerPage } from './DeckTrackerPage';
import {
  DeckTrackerCompactOverlay,
  DeckTrackerOverlay,
  OpponentCardsCompactOverlay,
  OpponentCardsOverlay,
} from './TrackerOverlays';

export const cardViews: FeatureViews = {
  pages: [{ path: '/cards', label: 'Deck tracker', view: DeckTrackerPage }],
  bare: [
    { path: '/overlay/deck-tracker', view: DeckTrackerOverlay, transparent: true },
    { path: '/overlay/deck-tracker-compact', view: DeckTrackerCompactOverlay, transparent: true },
    { path: '/overlay/opponent-cards', view: OpponentCardsOverlay, transparent: true },
    { path: '/overlay/opponent-cards-compact', view: OpponentCardsCompactOverlay, transparent: true },
  ],
};
