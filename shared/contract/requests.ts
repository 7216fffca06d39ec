import { z } from 'zod';
import { desktopRequestInputSchemas, type DesktopRequestOutputs } from './desktop';
import { highlightsRequestInputSchemas, type HighlightsRequestOutputs } from './highlights';
import { historyRequestInputSchemas, type HistoryRequestOutputs } from './history';
import { hostLinksRequestInputSchemas, type HostLinksRequestOutputs } from './hostLinks';
import type { OverlayRoute } from './overlays';
import { replayRequestInputSchemas, type ReplayRequestOutputs } from './replay';
import { replayDeskRequestInputSchemas, type ReplayDeskRequestOutputs } from './replayDesk';
import { sourceCheckupRequestInputSchemas, type SourceCheckupRequestOutputs } from './sourceCheckup';
import { signOnRequestInputSchemas, type SignOnRequestOutputs } from './signOn';
import { settingsRequestInputSchemas, type SettingsRequestOutputs } from './settings';
import { staticDataRequestInputSchemas, type StaticDataRequestOutputs } from './staticData';
import { storeCatalogRequestInputSchemas, type StoreCatalogRequestOutputs } from './storeCatalog';
import { storeCheckoutRequestInputSchemas, type StoreCheckoutRequestOutputs } from './storeCheckout';
import { tournamentRequestInputSchemas, type TournamentRequestOutputs } from './tournament';
import { webApiRequestInputSchemas, type WebApiRequestOutputs } from './webApi';

/**
 * Renderer → main requests. Each has a zod schema for its input, which main applies to every
 * payload (the renderer is untrusted), and a TypeScript type for its answer.
 */
export const requestInputSchemas = {
  'app.info': z.object({}).strict(),
  ...settingsRequestInputSchemas,
  ...hostLinksRequestInputSchemas,
  ...sourceCheckupRequestInputSchemas,
  ...historyRequestInputSchemas,
  ...staticDataRequestInputSchemas,
  ...replayRequestInputSchemas,
  ...replayDeskRequestInputSchemas,
  ...highlightsRequestInputSchemas,
  ...webApiRequestInputSchemas,
  ...tournamentRequestInputSchemas,
  ...signOnRequestInputSchemas,
  ...storeCatalogRequestInputSchemas,
  ...storeCheckoutRequestInputSchemas,
  ...desktopRequestInputSchemas,
} as const;

export interface AppInfo {
  version: string;
  /** desktop: Electron windows; browser: served by the headless host (OBS, tests). */
  mode: 'desktop' | 'browser';
  overlays: readonly OverlayRoute[];
  /** The companion page on the browser host, with the companion token; null when the host is off. */
  hostUrl: string | null;
  /** The host's base URL with the read-only overlay token, for OBS; null when the host is off. */
  overlayHostUrl: string | null;
  /**
   * The system's locale (BCP 47) that pages write dates and numbers in: the desktop app's (app.getLocale()); null
   * in browser mode, where each browser's own language is the reader's.
   */
  locale: string | null;
}

export interface RequestOutputs
  extends
    HostLinksRequestOutputs,
    SourceCheckupRequestOutputs,
    HistoryRequestOutputs,
    StaticDataRequestOutputs,
    ReplayRequestOutputs,
    ReplayDeskRequestOutputs,
    HighlightsRequestOutputs,
    WebApiRequestOutputs,
    TournamentRequestOutputs,
    SignOnRequestOutputs,
    StoreCatalogRequestOutputs,
    StoreCheckoutRequestOutputs,
    DesktopRequestOutputs,
    SettingsRequestOutputs {
  'app.info': AppInfo;
}

export type RequestChannel = keyof typeof requestInputSchemas;
export type RequestInput<C extends RequestChannel> = z.input<(typeof requestInputSchemas)[C]>;
export type ParsedRequestInput<C extends RequestChannel> = z.output<(typeof requestInputSchemas)[C]>;
export type RequestOutput<C extends RequestChannel> = RequestOutputs[C];

export const REQUEST_CHANNELS = Object.keys(requestInputSchemas) as RequestChannel[];

export function isRequestChannel(value: unknown): value is RequestChannel {
  return typeof value === 'string' && Object.hasOwn(requestInputSchemas, value);
}

// Every channel has exactly one answer type, and every answer type a channel.
type Exact<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
const channelsMatch: Exact<RequestChannel, keyof RequestOutputs> = true;
void channelsMatch;
