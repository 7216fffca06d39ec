import type { z } from 'zod';

/** The player sign-on (Riot Sign On): what main pushes and the requests views make. */
export interface SignOnState {
  /** Placeholder until the feature fills in its slice. */
  ready: boolean;
}

export const INITIAL_SIGN_ON_STATE: SignOnState = { ready: false };

export const signOnRequestInputSchemas = {} as const satisfies Record<string, z.ZodType>;

export type SignOnRequestOutputs = Record<never, never>;
