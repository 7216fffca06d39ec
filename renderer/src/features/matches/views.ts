import type { FeatureViews } from '../../navigation/featureViews';
import { MATCH_PAGE_PATH, MatchPage } from './MatchPage';

export const matchViews: FeatureViews = {
  pages: [{ path: MATCH_PAGE_PATH, label: 'Matches', view: MatchPage }],
  bare: [],
};
