import { useState } from 'react';
import {
  SIGN_ON_AUTH_METHODS,
  type SignOnAuthMethod,
  type SignOnConfigStatus,
  type SecretStorage,
} from '@shared/contract';
import { useAppApi } from '../../state/AppContext';
import { OptionSelect } from '../../ui/forms/OptionSelect';
import { PlainFileStorageNotice } from '../../ui/PlainFileStorageNotice';
import { SecretForm } from '../../ui/forms/SecretForm';
import { SecretInput } from '../../ui/forms/SecretInput';

const METHOD_LABELS: Record<SignOnAuthMethod, string> = {
  client_secret_basic: 'Client secret (client secret basic)',
  private_key_jwt: 'Private key (private key JWT)',
};

function storageLabel(storage: SecretStorage): string {
  return storage.kind === 'os-encrypted'
    ? 'kept encrypted by the operating system'
    : `kept unencrypted in ${storage.path}`;
}

/**
 * The organizer's sign-on client. The secret or private key goes to the core once and is never shown
 * back: the panel learns only that one is set and where it is kept.
 */
export function ClientConfigPanel({ config }: { config: SignOnConfigStatus }) {
  const api = useAppApi();
  const [clientId, setClientId] = useState(config.clientId);
  const [method, setMethod] = useState<SignOnAuthMethod>(config.authMethod);
  const [credential, setCredential] = useState('');

  return (
    <section className="panel sign-on-config" aria-labelledby="sign-on-config-title">
      <h2 id="sign-on-config-title">Sign-in client</h2>
      {config.configured ? (
        <p data-testid="sign-on-config-status">
          Client <code>{config.clientId}</code>, {METHOD_LABELS[config.authMethod].toLowerCase()}
          {config.storage ? `, ${storageLabel(config.storage)}` : ''}.
        </p>
      ) : (
        <p className="muted" data-testid="sign-on-config-status">
          Not set. To let players sign in: ask the publisher for a sign-on client (organizers with a
          production key get one), register the redirect URI below with it, then enter its client ID and its
          client secret or private key here.
        </p>
      )}
      <p className="sign-on-redirect">
        Redirect URI to register:{' '}
        <code data-testid="sign-on-redirect-uri">
          {config.redirectUri ?? 'available once the host listens'}
        </code>
      </p>
      {config.warning ? (
        <p className="sign-on-warning" data-testid="sign-on-config-warning">
          {config.warning}
        </p>
      ) : null}
      <SecretForm
        stored={config.configured}
        ready={clientId.trim() !== '' && credential.trim() !== ''}
        save={() =>
          api.request(
            'signOn.config.save',
            method === 'client_secret_basic'
              ? { authMethod: method, clientId, clientSecret: credential }
              : { authMethod: method, clientId, privateKey: credential },
          )
        }
        clear={() => api.request('signOn.config.clear', {})}
        onSaved={() => setCredential('')}
        labels={{ save: 'Save client', change: 'Change client', clear: 'Remove client' }}
        testIdPrefix="sign-on-config"
        className="sign-on-config-form"
        errorClassName="sign-on-error"
        primary
      >
        <label>
          <span>Client ID</span>
          <input
            value={clientId}
            onChange={(event) => setClientId(event.target.value)}
            spellCheck={false}
            data-testid="sign-on-client-id"
          />
        </label>
        <OptionSelect
          label="Client authentication"
          options={SIGN_ON_AUTH_METHODS}
          labels={METHOD_LABELS}
          value={method}
          onChange={setMethod}
          testId="sign-on-auth-method"
        />
        <PlainFileStorageNotice
          storage={config.storage}
          subject="what you enter here, and the linked player's tokens,"
          plural
          className="sign-on-warning wide"
          testId="sign-on-storage-notice"
        />
        <label className="wide">
          {method === 'client_secret_basic' ? (
            <>
              <span>Client secret</span>
              <SecretInput value={credential} onChange={setCredential} testId="sign-on-credential" />
            </>
          ) : (
            <>
              <span>Private key (PEM) or the client assertion you were given</span>
              <textarea
                value={credential}
                onChange={(event) => setCredential(event.target.value)}
                rows={5}
                spellCheck={false}
                placeholder="-----BEGIN PRIVATE KEY-----"
                data-testid="sign-on-credential"
              />
            </>
          )}
        </label>
      </SecretForm>
    </section>
  );
}
