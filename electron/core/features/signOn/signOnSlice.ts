import {
  SIGN_ON_CALLBACK_PATH,
  type SignOnConfigStatus,
  type SecretStorage,
  type SignOnState,
} from '@shared/contract';
import type { FeatureContext } from '../../platform/feature/feature';
import type { PendingSignOnTracker } from './pendingSignOn';
import { signOnAvailability } from './signOnAvailability';
import type { SignOnSession } from './signOnSecrets';

const PORT_WARNING =
  'The host port changes at every start, so the redirect URI does too: set a fixed browser host port in Settings and register that URI with the sign-on client.';

/** What the sign-on knows now, and the `signOn` slice of the app state made from it (never a secret). */
export interface SignOnSlice {
  session: SignOnSession | null;
  credentialPresent: boolean;
  phase: SignOnState['phase'];
  lastError: string | null;
  /** Where the sign-on page sends the browser back: on the browser host, once it listens. */
  redirectUri(): string | null;
  state(): SignOnState;
  /** Publishes the slice and returns it. */
  publish(): SignOnState;
  /** Keeps the error and publishes it. */
  fail(message: string): void;
}

export function createSignOnSlice(
  context: Pick<FeatureContext, 'hub' | 'settings'>,
  deps: {
    pending: PendingSignOnTracker;
    storage: SecretStorage;
    hostPort: () => number | null;
  },
): SignOnSlice {
  const { hub, settings } = context;
  const { pending } = deps;

  const redirectUri = (): string | null => {
    const port = deps.hostPort();
    return port ? `http://127.0.0.1:${port}${SIGN_ON_CALLBACK_PATH}` : null;
  };
  const configStatus = (): SignOnConfigStatus => {
    const { clientId, authMethod } = settings.effective.signOn;
    const configured = clientId !== '' && slice.credentialPresent;
    return {
      clientId,
      authMethod,
      configured,
      storage: deps.storage,
      redirectUri: redirectUri(),
      warning: settings.effective.host.port === 0 ? PORT_WARNING : null,
    };
  };
  const slice: SignOnSlice = {
    session: null,
    credentialPresent: false,
    phase: 'idle',
    lastError: null,
    redirectUri,
    state: () => ({
      availability: signOnAvailability(hub.state.webApi.key),
      config: configStatus(),
      account: slice.session?.account ?? null,
      phase: pending.current === null && slice.phase === 'awaiting-redirect' ? 'idle' : slice.phase,
      lastError: slice.lastError,
    }),
    publish: () => {
      const next = slice.state();
      hub.set('signOn', next);
      return next;
    },
    fail: (message) => {
      slice.lastError = message;
      slice.publish();
    },
  };
  return slice;
}
