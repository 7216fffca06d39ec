import { z } from 'zod';
import type { Region } from '@shared/contract';
import type { WebApiClient } from '../webApi/client/webApiClient';
import { ENDPOINTS } from '../webApi/routing/endpoints';

const accountSchema = z.object({
  puuid: z.string().min(1),
  gameName: z.string().optional(),
  tagLine: z.string().optional(),
});

export interface SignedInAccount {
  puuid: string;
  gameName: string;
  tagLine: string;
}

export type SignedInAccountResult =
  | { ok: true; account: SignedInAccount }
  | { ok: false; kind: 'unauthorized' | 'unavailable' | 'malformed'; message: string };

export interface SignedInAccountRequest {
  /** The web API client every other call uses: its limiter, retries and host template. */
  client: WebApiClient;
  /** An account cluster; all three answer with the same data. */
  region: Region;
  accessToken: string;
  signal?: AbortSignal;
}

/**
 * account-v1 `accounts/me`: who the access token belongs to. It takes the Bearer token, no API key, and
 * goes through the shared client so its 429s pause the same buckets as every other call.
 */
export async function fetchSignedInAccount(request: SignedInAccountRequest): Promise<SignedInAccountResult> {
  const answer = await request.client.call({
    endpoint: ENDPOINTS.accountMe,
    routing: request.region,
    accessToken: request.accessToken,
    signal: request.signal,
  });
  if (answer.ok) {
    const parsed = accountSchema.safeParse(answer.value);
    if (!parsed.success) return { ok: false, kind: 'malformed', message: 'The account answer had no PUUID.' };
    const { puuid, gameName = '', tagLine = '' } = parsed.data;
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
