import { createHash } from 'node:crypto';

/**
 * A one-way fingerprint of an API key: enough to notice the key changed (providers are tied to the key
 * that created them), useless for calling the API. The key itself is never stored beside it.
 */
export function keyFingerprint(key: string): string {
  return createHash('sha256').update(`sightline-key-fingerprint:${key.trim()}`).digest('hex').slice(0, 32);
}
