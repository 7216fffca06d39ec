import { z } from 'zod';

/**
 * The browser host's two kinds of link. A companion link (the companion page, the desktop windows) may
 * do everything; an overlay link (OBS sources, often shown on stream or shared with co-casters) may only
 * watch: the pushed state, cached images and the read-only lookups below.
 */
export const HOST_LINK_KINDS = ['companion', 'overlay'] as const;
export type HostLinkKind = (typeof HOST_LINK_KINDS)[number];

/**
 * What an overlay link may ask besides the pushed state: static-data lookups the overlays render with.
 * Every other channel answers `forbidden` to it.
 */
export const OVERLAY_REQUEST_CHANNELS = [
  'staticData.arena.catalog',
  'staticData.arena.champion',
  'staticData.arena.item',
  'staticData.cards.card',
] as const;

export function isOverlayRequestChannel(channel: unknown): boolean {
  return (OVERLAY_REQUEST_CHANNELS as readonly unknown[]).includes(channel);
}

/** Base URLs with their tokens; a view's URL is the origin, its path, then this search. */
export interface HostLinks {
  companionUrl: string;
  overlayUrl: string;
}

export const hostLinksRequestInputSchemas = {
  /** A new token for one kind of link: every page open with the old one is disconnected and refused. */
  'host.links.rotate': z.strictObject({ link: z.enum(HOST_LINK_KINDS) }),
} as const;

export interface HostLinksRequestOutputs {
  'host.links.rotate': HostLinks;
}
