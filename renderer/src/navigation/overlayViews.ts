import type { ComponentType } from 'react';
import type { OverlayName } from '@shared/contract/overlays';

/**
 * What one feature draws as overlays (OBS browser sources, the desktop's overlay windows), by overlay name. Each
 * feature's module of these is a chunk of its own that the overlay entry loads only on that feature's routes.
 */
export type OverlayViews = Partial<Record<OverlayName, ComponentType>>;
