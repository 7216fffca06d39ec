import type { FeatureViews } from '../../navigation/featureViews';
import { MATCH_PAGE_PATH, MatchPage } from './matches/MatchPage';
import { PLAYERS_PAGE_PATH, PlayersPage } from './players/PlayersPage';

/** The player lookup, then the match page it links to. */
export const webApiViews: FeatureViews = {
  pages: [
    { path: PLAYERS_PAGE_PATH, label: 'Players', view: PlayersPage },
    { path: MATCH_PAGE_PATH, label: 'Matches', view: MatchPage },
  ],
  bare: [],
};
