/**
 * Why a web API call gave no data, as a sentence that says what to do. `refused` and `no-key` and
 * `paused` are decided locally: nothing was sent.
 */
export type WebApiProblemKind =
  | 'refused'
  | 'no-key'
  | 'paused'
  | 'key-rejected'
  | 'not-found'
  | 'bad-request'
  | 'rate-limited'
  | 'unavailable'
  | 'untrusted'
  | 'cancelled';

export interface WebApiProblem {
  kind: WebApiProblemKind;
  message: string;
  /** The HTTP status that ended the call, null when none did. */
  status: number | null;
}

export type WebApiResult<T> = { ok: true; value: T } | { ok: false; problem: WebApiProblem };

export const problem = (kind: WebApiProblemKind, message: string, status: number | null = null) =>
  ({ ok: false, problem: { kind, message, status } }) as const;

export const NO_KEY_MESSAGE =
  'No API key: enter your own key from developer.riotgames.com on the Players page (it stays on this computer).';

export function keyRejectedMessage(status: number): string {
  return status === 401
    ? 'Key rejected: the API did not accept the request without a valid key (401). Enter your key again; development keys expire after 24 hours.'
    : 'Key rejected (403): the key is expired, revoked or not allowed this endpoint. Development keys expire after 24 hours: enter a new one.';
}
