import {
  AppRequestError,
  tournamentRequestInputSchemas,
  type TournamentRequestOutputs,
} from '@shared/contract';
import type { z } from 'zod';
import type { Feature } from '../../feature/feature';

export type TournamentChannel = keyof TournamentRequestOutputs;
type Schemas = typeof tournamentRequestInputSchemas;

export type DeskAnswer<C extends TournamentChannel> =
  { ok: true; value: TournamentRequestOutputs[C] } | { ok: false; code: string; message: string };

export interface DeskRequests {
  request<C extends TournamentChannel>(channel: C, input: z.input<Schemas[C]>): Promise<DeskAnswer<C>>;
}

/**
 * The desk's requests outside the app (the CLI): the same handlers, inputs checked by the same
 * schemas, errors as values.
 */
export function deskRequests(handlers: Feature<TournamentChannel>['handlers']): DeskRequests {
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
      const handler = handlers[channel] as (
        value: unknown,
      ) => Promise<TournamentRequestOutputs[typeof channel]>;
      try {
        return { ok: true, value: await handler(parsed.data) };
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
