import { PANEL_ROUTES } from '@shared/contract';
import type { FeatureViews } from '../../navigation/featureViews';
import { CasterPanel } from './CasterPanel';
import { ReplayPage } from './ReplayPage';

/** The route the compact always-on-top caster window loads. */
export const CASTER_PANEL_PATH = PANEL_ROUTES.caster.path;

export const replayViews: FeatureViews = {
  pages: [{ path: '/replay', label: 'Replay', view: ReplayPage }],
  // An interactive window over the game: opaque, unlike the OBS overlays.
  bare: [{ path: CASTER_PANEL_PATH, view: CasterPanel }],
};
