import type { FeatureViews } from '../../app/viewRegistry';
import { ScoreboardPage } from './ScoreboardPage';
import { EventFeedOverlay, ScoreboardBarOverlay } from './ScoreboardOverlays';

export const scoreboardViews: FeatureViews = {
  pages: [{ path: '/scoreboard', label: 'Scoreboard', view: ScoreboardPage }],
  bare: [
    { path: '/overlay/scoreboard', view: ScoreboardBarOverlay, transparent: true },
    { path: '/overlay/feed', view: EventFeedOverlay, transparent: true },
  ],
};
