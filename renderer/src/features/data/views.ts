import type { FeatureViews } from '../../app/viewRegistry';
import { DataPage } from './DataPage';

export const dataViews: FeatureViews = {
  pages: [{ path: '/data', label: 'Data', view: DataPage }],
  bare: [],
};
