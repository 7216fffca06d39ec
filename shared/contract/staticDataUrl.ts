/**
 * Served by our own host; the renderer's CSP allows only 'self' images. A plain module (no schema), so the
 * overlays that show cached images import it without the static-data requests' schemas.
 */
export const STATIC_DATA_URL_PREFIX = '/static-data/';
