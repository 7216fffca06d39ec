import type { ComponentType } from 'react';
import type { OverlayName } from '@shared/contract/overlays';

/**
 * What one feature draws as overlays (OBS browser sources, the desktop's overlay windows), by overlay name. Each
 * feature's module of these makes its own overlay entry (overlayEntries/<feature>.ts), the one script its routes'
 * pages load.
 */
export type OverlayViews = Partial<Record<OverlayName, ComponentType>>;
