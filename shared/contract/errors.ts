/** Errors cross the contract as values the UI can show, never as stack traces. */
export type AppErrorCode =
  'unknown-channel' | 'bad-input' | 'forbidden' | 'unsupported' | 'not-found' | 'io' | 'internal';

export interface AppError {
  code: AppErrorCode;
  message: string;
}

export type Result<T> = { ok: true; value: T } | { ok: false; error: AppError };

export class AppRequestError extends Error {
  constructor(readonly error: AppError) {
    super(error.message);
    this.name = 'AppRequestError';
  }
}
