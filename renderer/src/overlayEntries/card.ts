import { startOverlay } from '../app/startOverlay';
import { cardOverlayViews } from '../features/card/overlayViews';

// The card game's overlays' page (trackers, board): the build makes this entry one script with one style sheet.
startOverlay(cardOverlayViews);
