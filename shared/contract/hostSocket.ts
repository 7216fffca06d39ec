/**
 * The browser host's WebSocket, as the pages that open it need it: plain values, no schema, so an overlay's
 * bundle carries no schema library (the frames' schemas are in wire.ts, for the host that checks them).
 */

/** The WebSocket path of the browser host. */
export const WS_PATH = '/ws';

/** The WebSocket's query parameter by which an overlay page names its route (`arena`), to be pushed only what it draws. */
export const WS_ROUTE_PARAM = 'route';

/** Close code for a socket whose link was replaced in Settings: the page stops reconnecting and says so. */
export const LINK_REPLACED_CLOSE_CODE = 4001;

/**
 * The id of the inert JSON script (`type="application/json"`) in which the host hands an overlay route's page the
 * first message its socket would send it (that route's snapshot), so the page draws before the socket is open.
 */
export const EMBEDDED_SNAPSHOT_ID = 'sightline-snapshot';
