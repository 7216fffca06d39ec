import type { FeatureViews } from '../../app/viewRegistry';
import { HistoryPage } from './HistoryPage';

export const historyViews: FeatureViews = {
  pages: [{ path: '/history', label: 'History', view: HistoryPage }],
  bare: [],
};
