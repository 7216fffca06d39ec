import type { FeatureViews } from '../../navigation/featureViews';
import { LegalPage } from './LegalNotice';

export const legalViews: FeatureViews = {
  pages: [{ path: '/legal', label: 'Legal', view: LegalPage, forOverlayLinks: true }],
  bare: [],
};
