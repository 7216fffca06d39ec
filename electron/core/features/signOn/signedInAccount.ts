import type { Region } from '@shared/contract';
import type { WebApiService } from '../webApi/webApiService';

export interface SignedInAccount {
  puuid: string;
  gameName: string;
  tagLine: string;
}

export type SignedInAccountResult =
  | { ok: true; account: SignedInAccount }
  | { ok: false; kind: 'unauthorized' | 'unavailable'; message: string };

export interface SignedInAccountRequest {
  /** The web API service every other call uses: its client, limiter, retries and host template. */
  service: Pick<WebApiService, 'signedInAccount'>;
  /** An account cluster; all three answer with the same data. */
  region: Region;
  accessToken: string;
  signal?: AbortSignal;
}

/**
 * account-v1 `accounts/me`: who the access token belongs to. It takes the Bearer token, no API key, and
 * goes through the shared limiter so its 429s pause the same buckets as every other call.
 */
export async function fetchSignedInAccount(request: SignedInAccountRequest): Promise<SignedInAccountResult> {
  const answer = await request.service.signedInAccount(request.accessToken, request.region, request.signal);
  if (answer.ok) {
    const { puuid, gameName, tagLine } = answer.value;
    return { ok: true, account: { puuid, gameName, tagLine } };
  }
  if (answer.problem.status === 401 || answer.problem.status === 403) {
    return { ok: false, kind: 'unauthorized', message: 'The account service refused the sign-on token.' };
  }
  return {
    ok: false,
    kind: 'unavailable',
    message: `The account service could not be reached: ${answer.problem.message}`,
  };
}
