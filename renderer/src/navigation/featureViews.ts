import type { ComponentType } from 'react';

/** A companion page, listed in the navigation unless `nav` is false (reached by a link or a redirect). */
export interface PageView {
  path: string;
  label: string;
  view: ComponentType;
  nav?: boolean;
  /** Reads no app state, so an overlay link may open it too (the legal notice every overlay links to). */
  forOverlayLinks?: boolean;
}

/**
 * A chromeless companion view: a compact panel window over the game (the caster panel), opaque. The overlays (OBS
 * browser sources, overlay windows) are not here: each feature's are its overlay entry's (overlayEntries/).
 */
export interface BareView {
  path: string;
  view: ComponentType;
}

/** What one feature adds to the app: its pages and its chromeless views. The app's view registry lists them. */
export interface FeatureViews {
  pages: PageView[];
  bare: BareView[];
}
