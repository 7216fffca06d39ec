import type { FeatureViews } from '../../navigation/featureViews';
import { StatusOverlay } from './StatusOverlay';
import { StatusPage } from './StatusPage';

export const statusViews: FeatureViews = {
  pages: [{ path: '/', label: 'Status', view: StatusPage }],
  bare: [{ path: '/overlay/status', view: StatusOverlay, transparent: true }],
};
