import type { FeatureViews } from '../../navigation/featureViews';
import { ScoreboardPage } from './ScoreboardPage';
import { withStaticDataIcons } from './staticDataIcons';

/** The companion's Scoreboard page; the arena overlays are the overlay entry's (overlayViews.tsx). */
export const liveViews: FeatureViews = {
  pages: [{ path: '/scoreboard', label: 'Scoreboard', view: withStaticDataIcons(ScoreboardPage) }],
  bare: [],
};
