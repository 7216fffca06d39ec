import { INSECURE_LOOPBACK_VARIABLE } from '@shared/environment/environmentVariables';
import { clipped } from '@shared/contract/quoted';

/** Whether plain http is allowed for a loopback store (SIGHTLINE_ALLOW_INSECURE_LOOPBACK=1: tests, the demo). */
export interface StoreUrlPolicy {
  allowInsecureLoopback: boolean;
}

export type StoreUrlCheck = { ok: true; url: URL } | { ok: false; reason: string };

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** Store URLs must be https; plain http only for a loopback address, and only when the policy allows it. */
export function checkStoreUrl(text: string, policy: StoreUrlPolicy): StoreUrlCheck {
  if (!URL.canParse(text)) return { ok: false, reason: `"${clipped(text)}" is not a URL` };
  const url = new URL(text);
  if (url.protocol === 'https:') return { ok: true, url };
  if (url.protocol !== 'http:')
    return { ok: false, reason: `a store URL must be https, got ${url.protocol}` };
  if (!LOOPBACK_HOSTS.has(url.hostname)) {
    return { ok: false, reason: 'a store URL must be https (plain http is only for a loopback test store)' };
  }
  if (!policy.allowInsecureLoopback) {
    return {
      ok: false,
      reason: 'plain http to a loopback store needs SIGHTLINE_ALLOW_INSECURE_LOOPBACK=1 (tests only)',
    };
  }
  return { ok: true, url };
}

export function readStoreUrlPolicy(env: NodeJS.ProcessEnv): StoreUrlPolicy {
  return { allowInsecureLoopback: env[INSECURE_LOOPBACK_VARIABLE] === '1' };
}
