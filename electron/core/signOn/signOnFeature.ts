import { join } from 'node:path';
import {
  AppRequestError,
  SIGN_ON_CALLBACK_PATH,
  signOnAccountLabel,
  type Region,
  type SignOnConfigStatus,
  type SignOnRequestOutputs,
  type SignOnState,
} from '@shared/contract';
import type { Feature, FeatureContext } from '../feature/feature';
import type { PublicRoute, PublicRouteAnswer } from '../host/publicRoute';
import type { SecretStore } from '../secrets/secretStore';
import type { WebApiFeature } from '../webApi/webApiFeature';
import { buildAuthorizeUrl } from './authorizeUrl';
import { callbackPage } from './callbackPage';
import { parsePrivateKeyCredential } from './clientAssertion';
import { createPendingSignOn } from './pendingSignOn';
import { createPlainFileSecretStore } from './plainFileSecretStore';
import { signOnAvailability } from './signOnAvailability';
import { fetchSignedInAccount } from './signedInAccount';
import { readSignOnEnvironment } from './signOnEnvironment';
import { createSignOnSecrets, type SignOnSession } from './signOnSecrets';
import { createSignOnTokenClient, type SignOnClientAuth, type TokenSet } from './signOnTokenClient';

type SignOnChannels = keyof SignOnRequestOutputs;

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

/** Refresh a little before the server would refuse the token. */
const EXPIRY_MARGIN_MS = 60_000;
const PORT_WARNING =
  'The host port changes at every start, so the redirect URI does too: set a fixed browser host port in Settings and register that URI with the sign-on client.';

/**
 * Player sign-on: the authorization-code flow with the organizer's client credentials. The secret,
 * private key and the player's tokens stay here; views see availability, configuration and the account.
 */
export function createSignOnFeature(context: FeatureContext, options: SignOnFeatureOptions): SignOnFeature {
  const { hub, settings, logger, scheduler, http } = context;
  const now = () => scheduler.now();
  const { baseUrl } = readSignOnEnvironment(options.processEnv);
  const credentialSource = options.mode === 'desktop' ? 'stored' : 'file';
  const store =
    options.mode === 'desktop'
      ? options.secretStore
      : createPlainFileSecretStore(join(context.dataDir, 'sign-on-secrets.json'));
  const secrets = createSignOnSecrets(store);
  const tokens = createSignOnTokenClient({ http, baseUrl, now });
  const pending = createPendingSignOn(now);
  const lifetime = new AbortController();

  let session: SignOnSession | null = null;
  let credentialPresent = false;
  let phase: SignOnState['phase'] = 'idle';
  let lastError: string | null = null;

  const redirectUri = (): string | null => {
    const port = options.hostPort();
    return port ? `http://127.0.0.1:${port}${SIGN_ON_CALLBACK_PATH}` : null;
  };
  const configStatus = (): SignOnConfigStatus => {
    const { clientId, authMethod } = settings.effective.signOn;
    const configured = clientId !== '' && credentialPresent;
    return {
      clientId,
      authMethod,
      configured,
      credentialSource: credentialPresent ? credentialSource : null,
      redirectUri: redirectUri(),
      warning: settings.effective.host.port === 0 ? PORT_WARNING : null,
    };
  };
  const state = (): SignOnState => ({
    availability: signOnAvailability(hub.state.webApi.key),
    config: configStatus(),
    account: session?.account ?? null,
    phase: pending.current === null && phase === 'awaiting-redirect' ? 'idle' : phase,
    lastError,
  });
  const publish = (): SignOnState => {
    const next = state();
    hub.set('signOn', next);
    return next;
  };
  const fail = (message: string): void => {
    lastError = message;
    publish();
  };

  const readCredentialPresence = async (): Promise<void> => {
    const credential = await secrets.credential(settings.effective.signOn.authMethod);
    if (credential) logger.addSecret(credential);
    credentialPresent = credential !== null;
  };
  const rememberSession = (next: SignOnSession | null): void => {
    session = next;
    if (next) {
      logger.addSecret(next.accessToken);
      if (next.refreshToken) logger.addSecret(next.refreshToken);
    }
  };
  const ready = Promise.all([readCredentialPresence(), secrets.session().then(rememberSession)])
    .catch((error: unknown) => logger.warn('sign-on secrets unreadable', { error: String(error) }))
    .then(publish);

  // The key's kind lives in the web API's slice; follow it after the hub has told everyone else.
  let seenKey = hub.state.webApi.key;
  const unsubscribeHub = hub.subscribe(() => {
    if (hub.state.webApi.key === seenKey) return;
    seenKey = hub.state.webApi.key;
    queueMicrotask(publish);
  });
  const unsubscribeSettings = settings.onChange(() => {
    void readCredentialPresence()
      .catch(() => undefined)
      .then(publish);
  });

  const clientAuth = async (): Promise<SignOnClientAuth | null> => {
    const { clientId, authMethod } = settings.effective.signOn;
    const credential = await secrets.credential(authMethod);
    if (!clientId || !credential) return null;
    if (authMethod === 'client_secret_basic')
      return { method: authMethod, clientId, clientSecret: credential };
    const parsed = parsePrivateKeyCredential(credential);
    return 'problem' in parsed ? null : { method: authMethod, clientId, credential: parsed };
  };
  const accountRegion = (): Region => {
    const region = settings.effective.webApi.region;
    return region === 'sea' ? 'asia' : region;
  };
  const saveSession = async (tokenSet: TokenSet, account: SignOnSession['account']): Promise<void> => {
    const next: SignOnSession = { ...tokenSet, account };
    rememberSession(next);
    await secrets.saveSession(next);
  };

  // One refresh at a time: two callers needing a token share it.
  let refreshing: Promise<string | null> | null = null;
  const accessToken = async (): Promise<string | null> => {
    await ready;
    const current = session;
    if (!current) return null;
    if (current.expiresAt - EXPIRY_MARGIN_MS > now()) return current.accessToken;
    refreshing ??= refreshAccessToken(current).finally(() => (refreshing = null));
    return refreshing;
  };
  const refreshAccessToken = async (current: SignOnSession): Promise<string | null> => {
    if (!current.refreshToken) {
      await endSession('The sign-on has expired: link the account again.');
      return null;
    }
    const auth = await clientAuth();
    if (!auth) {
      fail('The sign-on client is not configured, so the sign-on cannot be refreshed.');
      return null;
    }
    const result = await tokens.refresh(auth, current.refreshToken);
    if (!result.ok) {
      if (result.kind === 'invalid-grant')
        await endSession('The sign-on has expired or was revoked: link the account again.');
      else fail(result.message);
      return null;
    }
    // Servers that rotate refresh tokens send a new one; otherwise the old one stays valid.
    const refreshed = { ...result.tokens, refreshToken: result.tokens.refreshToken ?? current.refreshToken };
    await saveSession(refreshed, current.account);
    logger.info('sign-on token refreshed');
    return refreshed.accessToken;
  };
  const endSession = async (message: string | null): Promise<void> => {
    rememberSession(null);
    await secrets.clearSession();
    lastError = message;
    publish();
  };

  const refuse = (status: number, title: string, message: string): PublicRouteAnswer => ({
    status,
    contentType: 'text/html',
    body: callbackPage(title, message),
  });

  /** The browser comes back here from the sign-on page; only the `state` Sightline made gets a code exchanged. */
  const receiveRedirect = async (url: URL): Promise<PublicRouteAnswer> => {
    await ready;
    const check = pending.take(url.searchParams.get('state'));
    if (!check.ok) {
      const message =
        check.reason === 'none' || check.reason === 'expired'
          ? 'No account link was waiting (it may have expired): start again from Sightline.'
          : 'This sign-on answer does not belong to the link Sightline started (wrong or missing state), so it was refused and nothing was linked.';
      logger.warn('sign-on redirect refused', { reason: check.reason });
      fail(message);
      return refuse(400, 'Sign-on refused', message);
    }
    const error = url.searchParams.get('error');
    const code = url.searchParams.get('code');
    if (error || !code) {
      const message = error
        ? `The sign-on page answered "${error.slice(0, 80)}"; nothing was linked.`
        : 'The sign-on answer had no code; nothing was linked.';
      phase = 'idle';
      fail(message);
      return refuse(400, 'Not linked', message);
    }
    logger.addSecret(code);
    phase = 'exchanging';
    publish();
    try {
      return await linkWithCode(code, check.pending.redirectUri);
    } finally {
      phase = 'idle';
      publish();
    }
  };
  const linkWithCode = async (code: string, redirect: string): Promise<PublicRouteAnswer> => {
    const auth = await clientAuth();
    if (!auth) {
      lastError = 'The sign-on client is not configured: nothing was linked.';
      return refuse(400, 'Not linked', lastError);
    }
    const exchanged = await tokens.exchangeCode(auth, code, redirect);
    if (!exchanged.ok) {
      lastError = exchanged.message;
      logger.warn('sign-on code exchange failed', { kind: exchanged.kind });
      return refuse(502, 'Not linked', exchanged.message);
    }
    logger.addSecret(exchanged.tokens.accessToken);
    if (exchanged.tokens.refreshToken) logger.addSecret(exchanged.tokens.refreshToken);
    const identity = await fetchSignedInAccount({
      service: options.webApi.service,
      region: accountRegion(),
      accessToken: exchanged.tokens.accessToken,
      signal: lifetime.signal,
    });
    if (!identity.ok) {
      lastError = `${identity.message} Nothing was linked.`;
      return refuse(502, 'Not linked', lastError);
    }
    const account = { ...identity.account, linkedAt: now() };
    await saveSession(exchanged.tokens, account);
    lastError = null;
    logger.info('sign-on account linked');
    return {
      status: 200,
      contentType: 'text/html',
      body: callbackPage(
        'Account linked',
        `Sightline is linked to ${signOnAccountLabel(account)}. You can close this tab and return to Sightline.`,
      ),
    };
  };

  const callbackRoute: PublicRoute = {
    method: 'GET',
    path: SIGN_ON_CALLBACK_PATH,
    maxBodyBytes: 0,
    handle: (_body, request) => receiveRedirect(new URL(request.url ?? '/', 'http://127.0.0.1')),
  };

  const requireReady = async (): Promise<void> => {
    await ready;
  };

  return {
    accessToken,
    pollers: [],
    publicRoutes: [callbackRoute],
    handlers: {
      'signOn.status': async () => {
        await requireReady();
        return publish();
      },
      'signOn.begin': async () => {
        await requireReady();
        const current = state();
        if (!current.availability.available) {
          throw new AppRequestError({ code: 'unsupported', message: current.availability.reason ?? '' });
        }
        if (!current.config.configured) {
          throw new AppRequestError({
            code: 'unsupported',
            message:
              'Set the sign-on client (client ID and its secret or private key) before linking an account.',
          });
        }
        const redirect = redirectUri();
        if (!redirect) {
          throw new AppRequestError({
            code: 'unsupported',
            message: 'The host is not listening yet: try again.',
          });
        }
        const started = pending.start(redirect);
        phase = 'awaiting-redirect';
        lastError = null;
        publish();
        const { clientId } = settings.effective.signOn;
        return {
          authorizeUrl: buildAuthorizeUrl({ baseUrl, clientId, redirectUri: redirect, state: started.state }),
        };
      },
      'signOn.cancel': async () => {
        pending.cancel();
        phase = 'idle';
        return publish();
      },
      'signOn.refresh': async () => {
        await requireReady();
        const token = await accessToken();
        if (!token || !session) {
          throw new AppRequestError({ code: 'unsupported', message: lastError ?? 'No account is linked.' });
        }
        const identity = await fetchSignedInAccount({
          service: options.webApi.service,
          region: accountRegion(),
          accessToken: token,
          signal: lifetime.signal,
        });
        if (!identity.ok) {
          fail(identity.message);
          throw new AppRequestError({ code: 'io', message: identity.message });
        }
        await saveSession(session, { ...identity.account, linkedAt: session.account.linkedAt });
        lastError = null;
        return publish();
      },
      'signOn.signOut': async () => {
        await requireReady();
        pending.cancel();
        phase = 'idle';
        await endSession(null);
        logger.info('sign-on signed out');
        return state();
      },
      'signOn.config.save': async (input) => {
        await requireReady();
        const credential = input.authMethod === 'client_secret_basic' ? input.clientSecret : input.privateKey;
        if (input.authMethod === 'private_key_jwt') {
          const parsed = parsePrivateKeyCredential(credential);
          if ('problem' in parsed) throw new AppRequestError({ code: 'bad-input', message: parsed.problem });
        }
        logger.addSecret(credential.trim());
        await secrets.saveCredential(input.authMethod, credential);
        credentialPresent = true;
        await settings.update({ signOn: { clientId: input.clientId, authMethod: input.authMethod } });
        return publish().config;
      },
      'signOn.config.clear': async () => {
        await requireReady();
        await secrets.clearCredentials();
        credentialPresent = false;
        await settings.update({ signOn: { clientId: '' } });
        return publish().config;
      },
    },
    stop: async () => {
      lifetime.abort();
      unsubscribeHub();
      unsubscribeSettings();
    },
  };
}
