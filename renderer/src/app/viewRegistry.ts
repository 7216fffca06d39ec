import type { BareView, FeatureViews, PageView } from '../navigation/featureViews';
import { firstRunViews } from '../features/firstRun/views';
import { cardViews } from '../features/card/views';
import { historyViews } from '../features/history/views';
import { legalViews } from '../features/legal/views';
import { overlayListViews } from '../features/overlays/views';
import { settingsViews } from '../features/settings/views';
import { shortcutsViews } from '../features/shortcuts/views';
import { signOnViews } from '../features/signOn/views';
import { replayViews } from '../features/replay/views';
import { liveViews } from '../features/live/views';
import { staticDataViews } from '../features/staticData/views';
import { statusViews } from '../features/status/views';
import { storeViews } from '../features/store/views';
import { tournamentViews } from '../features/tournament/views';
import { webApiViews } from '../features/webApi/views';

/** Every feature's views, in navigation order. A feature adds itself here with one line. */
const FEATURES: FeatureViews[] = [
  statusViews,
  liveViews,
  replayViews,
  cardViews,
  historyViews,
  webApiViews,
  tournamentViews,
  signOnViews,
  staticDataViews,
  storeViews,
  overlayListViews,
  settingsViews,
  shortcutsViews,
  legalViews,
  firstRunViews,
];

export const PAGES: PageView[] = FEATURES.flatMap((feature) => feature.pages);
export const BARE_VIEWS: BareView[] = FEATURES.flatMap((feature) => feature.bare);
