import {
  AppRequestError,
  tournamentRequestInputSchemas,
  type TournamentRequestOutputs,
} from '@shared/contract';
import type { z } from 'zod';
import type { Feature } from '../../../platform/feature/feature';

export type TournamentChannel = keyof TournamentRequestOutputs;
type Schemas = typeof tournamentRequestInputSchemas;

export type DeskAnswer<C extends TournamentChannel> =
  { ok: true; value: TournamentRequestOutputs[C] } | { ok: false; code: string; message: string };

export interface DeskRequests {
  request<C extends TournamentChannel>(channel: C, input: z.input<Schemas[C]>): Promise<DeskAnswer<C>>;
}

/**
 * Where a checked request is answered: this process's handlers (`parsed`), or the running Sightline's
 * router (`input` as given, which it checks again with the same schemas). Throws AppRequestError as handlers do.
 */
export type DeskCall = (channel: TournamentChannel, parsed: unknown, input: unknown) => Promise<unknown>;

/**
 * The desk's requests outside the app (the CLI): the same handlers, inputs checked by the same
 * schemas, errors as values.
 */
export function deskRequests(handlers: Feature<TournamentChannel>['handlers']): DeskRequests {
  return deskRequestsThrough(async (channel, parsed) => {
    const handler = handlers[channel] as (
      value: unknown,
    ) => Promise<TournamentRequestOutputs[typeof channel]>;
    return handler(parsed);
  });
}

/**
 * The desk's requests answered by `call`: inputs checked here first, so a bad one reads the same wherever the
 * desk runs, and errors turned into values.
 */
export function deskRequestsThrough(call: DeskCall): DeskRequests {
  return {
    async request(channel, input) {
      const parsed = tournamentRequestInputSchemas[channel].safeParse(input);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        return {
          ok: false,
          code: 'bad-input',
          message: `${issue?.path.join('.') || 'input'}: ${issue?.message}`,
        };
      }
      try {
        // Answered by the channel's handler (here or in the running Sightline): the contract's output for it.
        const value = (await call(channel, parsed.data, input)) as TournamentRequestOutputs[typeof channel];
        return { ok: true, value };
      } catch (error) {
        if (error instanceof AppRequestError)
          return { ok: false, code: error.error.code, message: error.message };
        return {
          ok: false,
          code: 'internal',
          message: error instanceof Error ? error.message : String(error),
        };
      }
    },
  };
}
