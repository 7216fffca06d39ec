import { startOverlay } from '../app/startOverlay';
import { statusOverlayViews } from '../features/status/overlayViews';

// The status overlay's page: the build makes this entry one script with one style sheet.
startOverlay(statusOverlayViews);
