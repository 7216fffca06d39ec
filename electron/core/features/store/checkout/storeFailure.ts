import type { StoreCheckoutErrorCode } from '@shared/contract';

/**
 * Why a store operation failed, in words the buyer can read. Thrown through the protocol layers and
 * turned into the slice's `lastError` and a request error at the feature's edge.
 */
export class StoreFailure extends Error {
  constructor(
    readonly code: StoreCheckoutErrorCode,
    message: string,
    /** Where the store says the buyer can carry on (its continue_url), when it gave one. */
    readonly continueUrl: string | null = null,
  ) {
    super(message);
    this.name = 'StoreFailure';
  }
}

/** Ends the store operation with the failure the buyer reads. */
export function refuse(code: StoreCheckoutErrorCode, message: string): never {
  throw new StoreFailure(code, message);
}
