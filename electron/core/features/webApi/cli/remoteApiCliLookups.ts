import type { WebApiServiceAnswer, WebApiServiceCall } from '@shared/contract';
import { problem, type WebApiResult } from '../client/webApiProblem';
import type { ApiCliLookups } from './apiCli';
import { keyFingerprint } from '../key/keyFingerprint';
import type { RemoteCore } from '../../../transport/remote/remoteCore';

type Requester = Pick<RemoteCore, 'request'>;
type Failed = Extract<WebApiResult<never>, { ok: false }>;

/**
 * `sightline api`'s lookups made by the running Sightline (`webApi.service.call`): its key, its one limiter for
 * the machine, its desk's tournaments.db. Each answer is the service's result as the primary got it, so the
 * command prints and exits as it does alone.
 */
export function remoteApiCliLookups(remote: Requester): ApiCliLookups {
  const ask = async (
    call: WebApiServiceCall,
    signal?: AbortSignal,
  ): Promise<WebApiServiceAnswer | Failed> => {
    try {
      return await remote.request('webApi.service.call', call, signal);
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      return problem('unavailable', `The running Sightline did not make the lookup: ${why}`);
    }
  };
  return {
    accountByRiotId: async (riotId, region, signal) => {
      const answer = await ask({ method: 'accountByRiotId', riotId, region }, signal);
      if ('ok' in answer) return answer;
      return answer.method === 'accountByRiotId' ? answer.result : otherAnswer(answer);
    },
    summonerByName: async (name, platform, signal) => {
      const answer = await ask({ method: 'summonerByName', name, platform }, signal);
      if ('ok' in answer) return answer;
      return answer.method === 'summonerByName' ? answer.result : otherAnswer(answer);
    },
    match: async (matchId, routing, signal) => {
      const answer = await ask({ method: 'match', matchId, routing }, signal);
      if ('ok' in answer) return answer;
      return answer.method === 'match' ? answer.result : otherAnswer(answer);
    },
    matchByDeskCode: async (matchId, code, routing, signal) => {
      const answer = await ask({ method: 'matchByDeskCode', matchId, code, routing }, signal);
      if ('ok' in answer) return answer;
      return answer.method === 'matchByDeskCode' ? answer.result : otherAnswer(answer);
    },
  };
}

function otherAnswer(answer: WebApiServiceAnswer): Failed {
  return problem('unavailable', `The running Sightline answered another lookup (${answer.method}).`);
}

/**
 * Whether the running Sightline would look up with this process's key: always when this process has none
 * (the primary's, OS-encrypted in the desktop app, is used), otherwise when their fingerprints agree. The key
 * never leaves this process, nor the primary's.
 */
export async function primaryUsesKey(remote: Requester, key: string | null): Promise<boolean> {
  if (key === null) return true;
  try {
    return await remote.request('webApi.key.sameAs', { fingerprint: keyFingerprint(key) });
  } catch {
    return false;
  }
}
