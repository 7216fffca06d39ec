/**
 * Static data (arena game data files, card bundles): cache status and sync progress, and the requests
 * of the Data page, card browser and deck-code box. (Filled in by the static-data feature.)
 */
export type StaticDataState = Record<string, never>;

export const INITIAL_STATIC_DATA_STATE: StaticDataState = {};

export const staticDataRequestInputSchemas = {} as const;

export type StaticDataRequestOutputs = Record<never, never>;
