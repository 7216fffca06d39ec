import { AppRequestError, type SignOnRequestOutputs } from '@shared/contract';
import type { RequestHandlers } from '../../platform/router/requestRouter';
import type { FeatureContext } from '../../platform/feature/feature';
import type { WebApiFeature } from '../webApi/webApiFeature';
import { buildAuthorizeUrl } from './authorizeUrl';
import { parsePrivateKeyCredential } from './clientAssertion';
import type { PendingSignOnTracker } from './pendingSignOn';
import { fetchSignedInAccount } from './signedInAccount';
import type { SignOnSecrets } from './signOnSecrets';
import type { SignOnSessions } from './signOnSessions';
import type { SignOnSlice } from './signOnSlice';

/** The Settings page's sign-on requests: link, cancel, refresh the account, sign out, set the client. */
export function createSignOnHandlers(
  context: Pick<FeatureContext, 'settings' | 'logger'>,
  deps: {
    slice: SignOnSlice;
    sessions: SignOnSessions;
    secrets: SignOnSecrets;
    pending: PendingSignOnTracker;
    webApi: Pick<WebApiFeature, 'service'>;
    baseUrl: string;
    signal: AbortSignal;
  },
): Pick<RequestHandlers, keyof SignOnRequestOutputs> {
  const { settings, logger } = context;
  const { slice, sessions, secrets, pending, webApi, baseUrl, signal } = deps;
  return {
    'signOn.status': async () => {
      await sessions.ready;
      return slice.publish();
    },
    'signOn.begin': async () => {
      await sessions.ready;
      const current = slice.state();
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
      const redirect = slice.redirectUri();
      if (!redirect) {
        throw new AppRequestError({
          code: 'unsupported',
          message: 'The host is not listening yet: try again.',
        });
      }
      const started = pending.start(redirect);
      slice.phase = 'awaiting-redirect';
      slice.lastError = null;
      slice.publish();
      const { clientId } = settings.effective.signOn;
      return {
        authorizeUrl: buildAuthorizeUrl({
          baseUrl,
          clientId,
          redirectUri: redirect,
          state: started.state,
          codeVerifier: started.codeVerifier,
        }),
      };
    },
    'signOn.cancel': async () => {
      pending.cancel();
      slice.phase = 'idle';
      return slice.publish();
    },
    'signOn.refresh': async () => {
      await sessions.ready;
      const token = await sessions.accessToken();
      if (!token || !slice.session) {
        throw new AppRequestError({
          code: 'unsupported',
          message: slice.lastError ?? 'No account is linked.',
        });
      }
      const identity = await fetchSignedInAccount({
        service: webApi.service,
        region: sessions.accountRegion(),
        accessToken: token,
        signal,
      });
      if (!identity.ok) {
        slice.fail(identity.message);
        throw new AppRequestError({ code: 'io', message: identity.message });
      }
      await sessions.saveSession(slice.session, {
        ...identity.account,
        linkedAt: slice.session.account.linkedAt,
      });
      slice.lastError = null;
      return slice.publish();
    },
    'signOn.signOut': async () => {
      await sessions.ready;
      pending.cancel();
      slice.phase = 'idle';
      await sessions.endSession(null);
      logger.info('sign-on signed out');
      return slice.state();
    },
    'signOn.config.save': async (input) => {
      await sessions.ready;
      const credential = input.authMethod === 'client_secret_basic' ? input.clientSecret : input.privateKey;
      if (input.authMethod === 'private_key_jwt') {
        const parsed = parsePrivateKeyCredential(credential);
        if ('problem' in parsed) throw new AppRequestError({ code: 'bad-input', message: parsed.problem });
      }
      logger.addSecret(credential.trim());
      await secrets.saveCredential(input.authMethod, credential);
      slice.credentialPresent = true;
      await settings.update({ signOn: { clientId: input.clientId, authMethod: input.authMethod } });
      return slice.publish().config;
    },
    'signOn.config.clear': async () => {
      await sessions.ready;
      await secrets.clearCredentials();
      slice.credentialPresent = false;
      await settings.update({ signOn: { clientId: '' } });
      return slice.publish().config;
    },
  };
}
