import { z } from 'zod';
import type { Region } from '@shared/contract';
import { describeFailure, type HttpClient } from '../net/httpClient';
import { hostFor } from '../webApi/routing/hostTemplate';

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
  http: HttpClient;
  /** The web API's host template (SIGHTLINE_WEB_API_BASE routes it to a stand-in). */
  hostTemplate: string;
  /** An account cluster; all three answer with the same data. */
  region: Region;
  accessToken: string;
  signal?: AbortSignal;
}

/** account-v1 `accounts/me`: who the access token belongs to. It takes the Bearer token, no API key. */
export async function fetchSignedInAccount(request: SignedInAccountRequest): Promise<SignedInAccountResult> {
  const outcome = await request.http.send({
    url: `${hostFor(request.hostTemplate, request.region)}/riot/account/v1/accounts/me`,
    headers: { authorization: `Bearer ${request.accessToken}` },
    timeoutMs: 10_000,
    signal: request.signal,
  });
  if (outcome.kind === 'ok') {
    const parsed = accountSchema.safeParse(outcome.body);
    if (!parsed.success) return { ok: false, kind: 'malformed', message: 'The account answer had no PUUID.' };
    const { puuid, gameName = '', tagLine = '' } = parsed.data;
    return { ok: true, account: { puuid, gameName, tagLine } };
  }
  if (outcome.kind === 'http-error' && (outcome.status === 401 || outcome.status === 403)) {
    return { ok: false, kind: 'unauthorized', message: 'The account service refused the sign-on token.' };
  }
  return {
    ok: false,
    kind: 'unavailable',
    message: `The account service could not be reached: ${describeFailure(outcome)}.`,
  };
}
