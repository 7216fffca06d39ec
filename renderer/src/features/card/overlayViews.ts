import type { OverlayViews } from '../../navigation/overlayViews';
import { BoardOverlay } from './BoardOverlay';
import {
  DeckTrackerCompactOverlay,
  DeckTrackerOverlay,
  OpponentCardsCompactOverlay,
  OpponentCardsOverlay,
} from './TrackerOverlays';

export const cardOverlayViews = {
  'deck-tracker': DeckTrackerOverlay,
  'deck-tracker-compact': DeckTrackerCompactOverlay,
  'opponent-cards': OpponentCardsOverlay,
  'opponent-cards-compact': OpponentCardsCompactOverlay,
  board: BoardOverlay,
} satisfies OverlayViews;
