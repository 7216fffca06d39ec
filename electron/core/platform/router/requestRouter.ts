import {
  isRequestChannel,
  requestInputSchemas,
  type AppError,
  type ParsedRequestInput,
  type RequestChannel,
  type RequestOutput,
  type Result,
} from '@shared/contract';
import { AppRequestError } from '@shared/contract';
import type { Logger } from '../log/logger';

export type RequestHandlers = {
  [C in RequestChannel]: (input: ParsedRequestInput<C>) => Promise<RequestOutput<C>>;
};

export type RequestRouter = (channel: unknown, input: unknown) => Promise<Result<unknown>>;

/**
 * The one entry point for renderer requests, whatever the transport: it refuses unknown channels,
 * validates every payload against the contract, and turns failures into values the UI can show.
 */
export function createRequestRouter(handlers: RequestHandlers, logger: Logger): RequestRouter {
  return async (channel, input) => {
    if (!isRequestChannel(channel)) {
      return failure({
        code: 'unknown-channel',
        message: `Unknown request: ${String(channel).slice(0, 100)}`,
      });
    }
    const parsed = requestInputSchemas[channel].safeParse(input ?? {});
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue && issue.path.length > 0 ? ` at ${issue.path.join('.')}` : '';
      return failure({
        code: 'bad-input',
        message: `Invalid ${channel} request${where}: ${issue?.message ?? ''}`,
      });
    }
    try {
      const handler = handlers[channel] as (value: unknown) => Promise<unknown>;
      return { ok: true, value: await handler(parsed.data) };
    } catch (error) {
      if (error instanceof AppRequestError) return failure(error.error);
      logger.error('request failed', { channel, error: String(error) });
      return failure({ code: 'internal', message: `${channel} failed unexpectedly.` });
    }
  };
}

function failure(error: AppError): Result<unknown> {
  return { ok: false, error };
}
