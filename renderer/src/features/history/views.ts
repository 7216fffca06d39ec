import type { FeatureViews } from '../../navigation/featureViews';
import { HistoryPage } from './HistoryPage';

export const historyViews: FeatureViews = {
  pages: [{ path: '/history', label: 'History', view: HistoryPage }],
  bare: [],
};
