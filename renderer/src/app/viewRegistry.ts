import type { ComponentType } from 'react';
import { cardsViews } from '../features/cards/views';
import { dataViews } from '../features/data/views';
import { firstRunViews } from '../features/firstRun/views';
import { deckTrackerViews } from '../features/deckTracker/views';
import { historyViews } from '../features/history/views';
import { legalViews } from '../features/legal/views';
import { matchViews } from '../features/matches/views';
import { overlayListViews } from '../features/overlays/views';
import { playerViews } from '../features/players/views';
import { settingsViews } from '../features/settings/views';
import { signOnViews } from '../features/signOn/views';
import { replayViews } from '../features/replay/views';
import { scoreboardViews } from '../features/scoreboard/views';
import { statusViews } from '../features/status/views';
import { storeViews } from '../features/store/views';
import { storeCheckoutViews } from '../features/storeCheckout/views';
import { tournamentViews } from '../features/tournament/views';

/** A companion page, listed in the navigation unless `nav` is false (reached by a link or a redirect). */
export interface PageView {
  path: string;
  label: string;
  view: ComponentType;
  nav?: boolean;
}

/**
 * A chromeless view: an OBS browser source / overlay window (transparent), or a compact panel window.
 * Overlays show the short legal notice themselves (LegalFooter compact) whenever they show anything; an overlay
 * with nothing to show is blank, notice included (see overlayContent).
 */
export interface BareView {
  path: string;
  view: ComponentType;
  transparent: boolean;
}

export interface FeatureViews {
  pages: PageView[];
  bare: BareView[];
}

/** Every feature's views, in navigation order. A feature adds itself here with one line. */
const FEATURES: FeatureViews[] = [
  statusViews,
  scoreboardViews,
  replayViews,
  deckTrackerViews,
  historyViews,
  playerViews,
  matchViews,
  tournamentViews,
  signOnViews,
  cardsViews,
  dataViews,
  storeViews,
  storeCheckoutViews,
  overlayListViews,
  settingsViews,
  legalViews,
  firstRunViews,
];

export const PAGES: PageView[] = FEATURES.flatMap((feature) => feature.pages);
export const BARE_VIEWS: BareView[] = FEATURES.flatMap((feature) => feature.bare);
