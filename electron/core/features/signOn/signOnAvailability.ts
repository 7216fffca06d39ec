import type { SignOnAvailability, WebApiKeyStatus } from '@shared/contract';

/** Sign-on is offered by the publisher to production keys only (spec 1 §5). */
export function signOnAvailability(key: WebApiKeyStatus): SignOnAvailability {
  if (!key.present) {
    return { available: false, reason: 'Sign-on needs a production API key, and no API key is set yet.' };
  }
  if (key.kind !== 'production') {
    return {
      available: false,
      reason: `Sign-on is only available with a production API key; this is a ${key.kind} key.`,
    };
  }
  return { available: true, reason: null };
}
