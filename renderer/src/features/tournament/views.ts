import type { FeatureViews } from '../../navigation/featureViews';
import { TOURNAMENT_PAGE_PATH, TournamentPage } from './TournamentPage';

export const tournamentViews: FeatureViews = {
  pages: [{ path: TOURNAMENT_PAGE_PATH, label: 'Tournaments', view: TournamentPage }],
  bare: [],
};
