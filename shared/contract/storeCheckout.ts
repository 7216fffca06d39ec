import type { z } from 'zod';

/** The merch store's agent checkout: what main pushes and the requests views make. */
export interface StoreCheckoutState {
  /** Placeholder until the feature fills in its slice. */
  ready: boolean;
}

export const INITIAL_STORE_CHECKOUT_STATE: StoreCheckoutState = { ready: false };

export const storeCheckoutRequestInputSchemas = {} as const satisfies Record<string, z.ZodType>;

export type StoreCheckoutRequestOutputs = Record<never, never>;
