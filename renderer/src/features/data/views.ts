import type { FeatureViews } from '../../navigation/featureViews';
import { DataPage } from './DataPage';

export const dataViews: FeatureViews = {
  pages: [{ path: '/data', label: 'Data', view: DataPage }],
  bare: [],
};
