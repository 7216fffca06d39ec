import { join } from 'node:path';
import type { SecretStorage, SignOnRequestOutputs } from '@shared/contract';
import type { Feature, FeatureContext } from '../../platform/feature/feature';
import type { SecretStore } from '../../platform/secrets/secretStore';
import type { WebApiFeature } from '../webApi/webApiFeature';
import { createPendingSignOn } from './pendingSignOn';
import { createPlainFileSecretStore } from './plainFileSecretStore';
import { readSignOnEnvironment } from './signOnEnvironment';
import { createSignOnHandlers } from './signOnHandlers';
import { signOnRedirectRoute } from './signOnRedirect';
import { createSignOnSecrets } from './signOnSecrets';
import { createSignOnSessions } from './signOnSessions';
import { createSignOnSlice } from './signOnSlice';
import { createSignOnTokenClient } from './signOnTokenClient';

type SignOnChannels = keyof SignOnRequestOutputs;

/** The headless host's plain secret file in the data folder (0600). */
export const SIGN_ON_SECRETS_FILE = 'sign-on-secrets.json';

export interface SignOnFeatureOptions {
  /** desktop: the OS-encrypted secret store; browser (headless host): a 0600 file in the data folder. */
  mode: 'desktop' | 'browser';
  secretStore: SecretStore;
  /** SIGHTLINE_SIGN_ON_BASE is read from here. */
  processEnv: NodeJS.ProcessEnv;
  /** accounts/me goes through the web API's client, so through the limiter every other call shares. */
  webApi: Pick<WebApiFeature, 'service'>;
  /** The browser host's port once it listens: the loopback redirect is served there. */
  hostPort: () => number | null;
}

export interface SignOnFeature extends Feature<SignOnChannels> {
  /** For other features of the core: a valid access token of the linked player (refreshed when needed), or null. */
  accessToken(): Promise<string | null>;
}

/**
 * Player sign-on: the authorization-code flow with the organizer's client credentials. The secret,
 * private key and the player's tokens stay here; views see availability, configuration and the account.
 */
export function createSignOnFeature(context: FeatureContext, options: SignOnFeatureOptions): SignOnFeature {
  const { hub, settings, scheduler, http } = context;
  const now = () => scheduler.now();
  const { baseUrl } = readSignOnEnvironment(options.processEnv);
  const storage: SecretStorage =
    options.mode === 'desktop'
      ? { kind: 'os-encrypted' }
      : { kind: 'plain-file', path: join(context.dataDir, SIGN_ON_SECRETS_FILE) };
  const store =
    storage.kind === 'os-encrypted' ? options.secretStore : createPlainFileSecretStore(storage.path);
  const secrets = createSignOnSecrets(store);
  const tokens = createSignOnTokenClient({ http, baseUrl, now });
  const pending = createPendingSignOn(now);
  const lifetime = new AbortController();
  const slice = createSignOnSlice(context, {
    pending,
    storage,
    hostPort: options.hostPort,
  });
  const sessions = createSignOnSessions(context, { slice, secrets, tokens });

  // The key's kind lives in the web API's slice; follow it after the hub has told everyone else.
  let seenKey = hub.state.webApi.key;
  const unsubscribeHub = hub.subscribe(() => {
    if (hub.state.webApi.key === seenKey) return;
    seenKey = hub.state.webApi.key;
    queueMicrotask(slice.publish);
  });
  const unsubscribeSettings = settings.onChange(() => {
    void sessions
      .readCredentialPresence()
      .catch(() => undefined)
      .then(slice.publish);
  });

  const shared = { slice, sessions, pending, webApi: options.webApi, signal: lifetime.signal };
  return {
    accessToken: sessions.accessToken,
    pollers: [],
    publicRoutes: [signOnRedirectRoute(context, { ...shared, tokens })],
    handlers: createSignOnHandlers(context, { ...shared, secrets, baseUrl }),
    stop: async () => {
      lifetime.abort();
      unsubscribeHub();
      unsubscribeSettings();
    },
  };
}
