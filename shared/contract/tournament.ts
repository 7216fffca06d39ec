import type { z } from 'zod';

/** The tournament desk (providers, tournaments, codes, lobby events, results): what main pushes and the requests views make. */
export interface TournamentState {
  /** Placeholder until the feature fills in its slice. */
  ready: boolean;
}

export const INITIAL_TOURNAMENT_STATE: TournamentState = { ready: false };

export const tournamentRequestInputSchemas = {} as const satisfies Record<string, z.ZodType>;

export type TournamentRequestOutputs = Record<never, never>;
