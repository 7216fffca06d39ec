import type { WebApiProblemKind } from '@shared/contract';

// The contract's types: the running Sightline answers the command line's lookups with them.
export type { WebApiProblem, WebApiProblemKind, WebApiResult } from '@shared/contract';

export const problem = (kind: WebApiProblemKind, message: string, status: number | null = null) =>
  ({ ok: false, problem: { kind, message, status } }) as const;

export const NO_KEY_MESSAGE =
  'No API key: enter your own key from developer.riotgames.com on the Players page (it stays on this computer).';

export function keyRejectedMessage(status: number): string {
  return status === 401
    ? 'Key rejected: the API did not accept the request without a valid key (401). Enter your key again; development keys expire after 24 hours.'
    : 'Key rejected (403): the key is expired, revoked or not allowed this endpoint. Development keys expire after 24 hours: enter a new one.';
}
