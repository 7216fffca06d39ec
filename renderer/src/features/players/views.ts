import type { FeatureViews } from '../../navigation/featureViews';
import { PLAYERS_PAGE_PATH, PlayersPage } from './PlayersPage';

export const playerViews: FeatureViews = {
  pages: [{ path: PLAYERS_PAGE_PATH, label: 'Players', view: PlayersPage }],
  bare: [],
};
