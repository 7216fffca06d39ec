import type { FeatureViews } from '../../navigation/featureViews';
import { SIGN_ON_PAGE_PATH, SignOnPage } from './SignOnPage';

export const signOnViews: FeatureViews = {
  pages: [{ path: SIGN_ON_PAGE_PATH, label: 'Sign-on', view: SignOnPage }],
  bare: [],
};
