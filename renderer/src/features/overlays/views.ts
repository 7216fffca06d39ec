import type { FeatureViews } from '../../navigation/featureViews';
import { ObsOverlayList } from './ObsOverlayList';

export const overlayListViews: FeatureViews = {
  pages: [{ path: '/overlays', label: 'OBS overlays', view: ObsOverlayList }],
  bare: [],
};
