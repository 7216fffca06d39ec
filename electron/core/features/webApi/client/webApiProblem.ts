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

/** A 403 from one route while the same key's platform-status call succeeds. */
export function routeRefusedMessage(endpointId: string): string {
  return `This lookup (${endpointId}) was refused (403) while your key works: the route was removed or your key is not allowed to use it. Nothing to fix in the key; use another lookup, or a key with access to this API.`;
}
