/**
 * The card game: deck tracker state and match history requests. (Filled in by the deck-tracker
 * feature; kept here so the contract has one place for it.)
 */
export type CardGameState = Record<string, never>;

export const INITIAL_CARD_GAME_STATE: CardGameState = {};

export const cardRequestInputSchemas = {} as const;

export type CardRequestOutputs = Record<never, never>;
