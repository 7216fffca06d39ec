import type { Region } from '@shared/contract';
import type { FeatureContext } from '../../platform/feature/feature';
import { parsePrivateKeyCredential } from './clientAssertion';
import type { SignOnSecrets, SignOnSession } from './signOnSecrets';
import type { SignOnSlice } from './signOnSlice';
import type { SignOnClientAuth, SignOnTokenClient, TokenSet } from './signOnTokenClient';

/** Refresh a little before the server would refuse the token. */
const EXPIRY_MARGIN_MS = 60_000;

/** The linked player's session: its tokens kept secret, refreshed before they expire, ended when refused. */
export interface SignOnSessions {
  /** Settles once the stored credential and session are read (or could not be). */
  ready: Promise<unknown>;
  /** Notes whether the client's credential is stored (and hides it from the log). */
  readCredentialPresence(): Promise<void>;
  /** The client's credentials for the token endpoint; null when not configured. */
  clientAuth(): Promise<SignOnClientAuth | null>;
  /** Where the player's account is looked up: the web API's region, SEA by Asia. */
  accountRegion(): Region;
  saveSession(tokenSet: TokenSet, account: SignOnSession['account']): Promise<void>;
  /** A valid access token of the linked player (refreshed when needed), or null. */
  accessToken(): Promise<string | null>;
  /** Forgets the session, with the message shown as the last error (null: none). */
  endSession(message: string | null): Promise<void>;
}

export function createSignOnSessions(
  context: Pick<FeatureContext, 'settings' | 'logger' | 'scheduler'>,
  deps: { slice: SignOnSlice; secrets: SignOnSecrets; tokens: SignOnTokenClient },
): SignOnSessions {
  const { settings, logger, scheduler } = context;
  const { slice, secrets, tokens } = deps;
  const now = () => scheduler.now();

  const readCredentialPresence = async (): Promise<void> => {
    const credential = await secrets.credential(settings.effective.signOn.authMethod);
    if (credential) logger.addSecret(credential);
    slice.credentialPresent = credential !== null;
  };
  const rememberSession = (next: SignOnSession | null): void => {
    slice.session = next;
    if (next) {
      logger.addSecret(next.accessToken);
      if (next.refreshToken) logger.addSecret(next.refreshToken);
    }
  };
  const ready = Promise.all([readCredentialPresence(), secrets.session().then(rememberSession)])
    .catch((error: unknown) => logger.warn('sign-on secrets unreadable', { error: String(error) }))
    .then(slice.publish);

  const clientAuth = async (): Promise<SignOnClientAuth | null> => {
    const { clientId, authMethod } = settings.effective.signOn;
    const credential = await secrets.credential(authMethod);
    if (!clientId || !credential) return null;
    if (authMethod === 'client_secret_basic')
      return { method: authMethod, clientId, clientSecret: credential };
    const parsed = parsePrivateKeyCredential(credential);
    return 'problem' in parsed ? null : { method: authMethod, clientId, credential: parsed };
  };
  const saveSession = async (tokenSet: TokenSet, account: SignOnSession['account']): Promise<void> => {
    const next: SignOnSession = { ...tokenSet, account };
    rememberSession(next);
    await secrets.saveSession(next);
  };
  const endSession = async (message: string | null): Promise<void> => {
    rememberSession(null);
    await secrets.clearSession();
    slice.lastError = message;
    slice.publish();
  };

  // One refresh at a time: two callers needing a token share it.
  let refreshing: Promise<string | null> | null = null;
  const accessToken = async (): Promise<string | null> => {
    await ready;
    const current = slice.session;
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
      slice.fail('The sign-on client is not configured, so the sign-on cannot be refreshed.');
      return null;
    }
    const result = await tokens.refresh(auth, current.refreshToken);
    if (!result.ok) {
      if (result.kind === 'invalid-grant')
        await endSession('The sign-on has expired or was revoked: link the account again.');
      else slice.fail(result.message);
      return null;
    }
    // Servers that rotate refresh tokens send a new one; otherwise the old one stays valid.
    const refreshed = { ...result.tokens, refreshToken: result.tokens.refreshToken ?? current.refreshToken };
    await saveSession(refreshed, current.account);
    logger.info('sign-on token refreshed');
    return refreshed.accessToken;
  };

  return {
    ready,
    readCredentialPresence,
    clientAuth,
    accountRegion: () => {
      const region = settings.effective.webApi.region;
      return region === 'sea' ? 'asia' : region;
    },
    saveSession,
    accessToken,
    endSession,
  };
}
