import type { OverlayViews } from '../../navigation/overlayViews';
import { StatusOverlay } from './StatusOverlay';

export const statusOverlayViews = { status: StatusOverlay } satisfies OverlayViews;
