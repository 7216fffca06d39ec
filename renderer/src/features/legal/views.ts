import type { FeatureViews } from '../../app/viewRegistry';
import { LegalPage } from './LegalNotice';

export const legalViews: FeatureViews = {
  pages: [{ path: '/legal', label: 'Legal', view: LegalPage }],
  bare: [],
};
