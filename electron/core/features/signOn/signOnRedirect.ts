import { SIGN_ON_CALLBACK_PATH, signOnAccountLabel } from '@shared/contract';
import type { FeatureContext } from '../../platform/feature/feature';
import type { PublicRoute, PublicRouteAnswer } from '../../platform/router/publicRoute';
import type { WebApiFeature } from '../webApi/webApiFeature';
import { callbackPage } from './callbackPage';
import type { PendingSignOn, PendingSignOnTracker } from './pendingSignOn';
import { fetchSignedInAccount } from './signedInAccount';
import type { SignOnSessions } from './signOnSessions';
import type { SignOnSlice } from './signOnSlice';
import type { SignOnTokenClient } from './signOnTokenClient';

const refuse = (status: number, title: string, message: string): PublicRouteAnswer => ({
  status,
  contentType: 'text/html',
  body: callbackPage(title, message),
});

/** The loopback redirect of the authorization-code flow: the browser host's route the sign-on page returns to. */
export function signOnRedirectRoute(
  context: Pick<FeatureContext, 'logger' | 'scheduler'>,
  deps: {
    slice: SignOnSlice;
    sessions: SignOnSessions;
    pending: PendingSignOnTracker;
    tokens: SignOnTokenClient;
    webApi: Pick<WebApiFeature, 'service'>;
    signal: AbortSignal;
  },
): PublicRoute {
  const { logger, scheduler } = context;
  const { slice, sessions, pending, tokens } = deps;

  /** The browser comes back here from the sign-on page; only the `state` Sightline made gets a code exchanged. */
  const receiveRedirect = async (url: URL): Promise<PublicRouteAnswer> => {
    await sessions.ready;
    const check = pending.take(url.searchParams.get('state'));
    if (!check.ok) {
      const message =
        check.reason === 'none' || check.reason === 'expired'
          ? 'No account link was waiting (it may have expired): start again from Sightline.'
          : 'This sign-on answer does not belong to the link Sightline started (wrong or missing state), so it was refused and nothing was linked.';
      logger.warn('sign-on redirect refused', { reason: check.reason });
      slice.fail(message);
      return refuse(400, 'Sign-on refused', message);
    }
    const error = url.searchParams.get('error');
    const code = url.searchParams.get('code');
    if (error || !code) {
      const message = error
        ? `The sign-on page answered "${error.slice(0, 80)}"; nothing was linked.`
        : 'The sign-on answer had no code; nothing was linked.';
      slice.phase = 'idle';
      slice.fail(message);
      return refuse(400, 'Not linked', message);
    }
    logger.addSecret(code);
    logger.addSecret(check.pending.codeVerifier);
    slice.phase = 'exchanging';
    slice.publish();
    try {
      return await linkWithCode(code, check.pending);
    } finally {
      slice.phase = 'idle';
      slice.publish();
    }
  };
  const linkWithCode = async (code: string, link: PendingSignOn): Promise<PublicRouteAnswer> => {
    const auth = await sessions.clientAuth();
    if (!auth) {
      slice.lastError = 'The sign-on client is not configured: nothing was linked.';
      return refuse(400, 'Not linked', slice.lastError);
    }
    const exchanged = await tokens.exchangeCode(auth, code, link.redirectUri, link.codeVerifier);
    if (!exchanged.ok) {
      slice.lastError = exchanged.message;
      logger.warn('sign-on code exchange failed', { kind: exchanged.kind });
      return refuse(502, 'Not linked', exchanged.message);
    }
    logger.addSecret(exchanged.tokens.accessToken);
    if (exchanged.tokens.refreshToken) logger.addSecret(exchanged.tokens.refreshToken);
    const identity = await fetchSignedInAccount({
      service: deps.webApi.service,
      region: sessions.accountRegion(),
      accessToken: exchanged.tokens.accessToken,
      signal: deps.signal,
    });
    if (!identity.ok) {
      slice.lastError = `${identity.message} Nothing was linked.`;
      return refuse(502, 'Not linked', slice.lastError);
    }
    const account = { ...identity.account, linkedAt: scheduler.now() };
    await sessions.saveSession(exchanged.tokens, account);
    slice.lastError = null;
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

  return {
    method: 'GET',
    path: SIGN_ON_CALLBACK_PATH,
    maxBodyBytes: 0,
    handle: (_body, request) => receiveRedirect(new URL(request.url ?? '/', 'http://127.0.0.1')),
  };
}
