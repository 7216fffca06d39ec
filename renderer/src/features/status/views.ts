import type { FeatureViews } from '../../navigation/featureViews';
import { StatusPage } from './StatusPage';

/** The companion's Status page; the status overlay is the overlay entry's (overlayViews.ts). */
export const statusViews: FeatureViews = {
  pages: [{ path: '/', label: 'Status', view: StatusPage }],
  bare: [],
};
