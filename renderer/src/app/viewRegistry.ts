import type { BareView, FeatureViews, PageView } from '../navigation/featureViews';
import { cardsViews } from '../features/cards/views';
import { dataViews } from '../features/data/views';
import { firstRunViews } from '../features/firstRun/views';
import { cardViews } from '../features/card/views';
import { historyViews } from '../features/history/views';
import { legalViews } from '../features/legal/views';
import { matchViews } from '../features/matches/views';
import { overlayListViews } from '../features/overlays/views';
import { playerViews } from '../features/players/views';
import { settingsViews } from '../features/settings/views';
import { signOnViews } from '../features/signOn/views';
import { replayViews } from '../features/replay/views';
import { liveViews } from '../features/live/views';
import { statusViews } from '../features/status/views';
import { storeViews } from '../features/store/views';
import { tournamentViews } from '../features/tournament/views';

/** Every feature's views, in navigation order. A feature adds itself here with one line. */
const FEATURES: FeatureViews[] = [
  statusViews,
  liveViews,
  replayViews,
  cardViews,
  historyViews,
  playerViews,
  matchViews,
  tournamentViews,
  signOnViews,
  cardsViews,
  dataViews,
  storeViews,
  overlayListViews,
  settingsViews,
  legalViews,
  firstRunViews,
];

export const PAGES: PageView[] = FEATURES.flatMap((feature) => feature.pages);
export const BARE_VIEWS: BareView[] = FEATURES.flatMap((feature) => feature.bare);
