import type { FeatureViews } from '../../navigation/featureViews';
import { ScoreboardPage } from './ScoreboardPage';
import { ArenaOverlay, EventFeedOverlay, ScoreboardBarOverlay } from './ScoreboardOverlays';
import { withStaticDataIcons } from './staticDataIcons';

export const liveViews: FeatureViews = {
  pages: [{ path: '/scoreboard', label: 'Scoreboard', view: withStaticDataIcons(ScoreboardPage) }],
  bare: [
    { path: '/overlay/scoreboard', view: withStaticDataIcons(ScoreboardBarOverlay), transparent: true },
    { path: '/overlay/feed', view: withStaticDataIcons(EventFeedOverlay), transparent: true },
    { path: '/overlay/arena', view: withStaticDataIcons(ArenaOverlay), transparent: true },
  ],
};
