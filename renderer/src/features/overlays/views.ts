import type { FeatureViews } from '../../app/viewRegistry';
import { ObsOverlayList } from './ObsOverlayList';

export const overlayListViews: FeatureViews = {
  pages: [{ path: '/overlays', label: 'OBS overlays', view: ObsOverlayList }],
  bare: [],
};
