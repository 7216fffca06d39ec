import { startOverlay } from '../app/startOverlay';
import { liveOverlayViews } from '../features/live/overlayViews';

// The arena overlays' page (scoreboard, feed, arena): the build makes this entry one script with one style sheet.
startOverlay(liveOverlayViews);
