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
 * A chromeless view: an OBS browser source / overlay window (transparent), or a compact panel window.
 * Overlays show the short legal notice themselves (LegalFooter compact) whenever they show anything; an overlay
 * with nothing to show is blank, notice included (see overlayContent).
 */
export interface BareView {
  path: string;
  view: ComponentType;
  transparent: boolean;
}

/** What one feature adds to the app: its pages and its chromeless views. The app's view registry lists them. */
export interface FeatureViews {
  pages: PageView[];
  bare: BareView[];
}
