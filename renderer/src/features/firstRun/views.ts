import { FIRST_RUN_PATH } from '@shared/contract';
import type { FeatureViews } from '../../navigation/featureViews';
import { FirstRunPage } from './FirstRunPage';

export const firstRunViews: FeatureViews = {
  pages: [{ path: FIRST_RUN_PATH, label: 'Setup guide', view: FirstRunPage, nav: false }],
  bare: [],
};
