import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { SIGN_ON_AUTH_METHODS, type SignOnAuthMethod, type SignOnConfigStatus } from '@shared/contract';
import { useAppApi } from '../../app/AppContext';

const METHOD_LABELS: Record<SignOnAuthMethod, string> = {
  client_secret_basic: 'Client secret (client secret basic)',
  private_key_jwt: 'Private key (private key JWT)',
};

const SOURCE_LABELS: Record<NonNullable<SignOnConfigStatus['credentialSource']>, string> = {
  stored: 'kept encrypted by the operating system',
  file: 'kept unencrypted in a file only your user can read',
};

/**
 * The organizer's sign-on client. The secret or private key goes to the core once and is never shown
 * back: the panel learns only that one is set and where it is kept.
 */
export function ClientConfigPanel({ config }: { config: SignOnConfigStatus }) {
  const api = useAppApi();
  const [editing, setEditing] = useState(false);
  const [clientId, setClientId] = useState(config.clientId);
  const [method, setMethod] = useState<SignOnAuthMethod>(config.authMethod);
  const [credential, setCredential] = useState('');
  const save = useMutation({
    mutationFn: () =>
      api.request(
        'signOn.config.save',
        method === 'client_secret_basic'
          ? { authMethod: method, clientId, clientSecret: credential }
          : { authMethod: method, clientId, privateKey: credential },
      ),
    onSuccess: () => {
      setCredential('');
      setEditing(false);
    },
  });
  const clear = useMutation({ mutationFn: () => api.request('signOn.config.clear', {}) });
  const showForm = !config.configured || editing;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };

  return (
    <section className="panel sign-on-config" aria-labelledby="sign-on-config-title">
      <h2 id="sign-on-config-title">Sign-on client (organizer)</h2>
      {config.configured ? (
        <p data-testid="sign-on-config-status">
          Client <code>{config.clientId}</code>, {METHOD_LABELS[config.authMethod].toLowerCase()}
          {config.credentialSource ? `, ${SOURCE_LABELS[config.credentialSource]}` : ''}.
        </p>
      ) : (
        <p className="muted" data-testid="sign-on-config-status">
          Not set. The publisher gives a client ID with a client secret or a private key to organizers with a
          production key.
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
      {showForm ? (
        <form className="sign-on-config-form" onSubmit={submit} autoComplete="off">
          <label>
            <span>Client ID</span>
            <input
              value={clientId}
              onChange={(event) => setClientId(event.target.value)}
              spellCheck={false}
              data-testid="sign-on-client-id"
            />
          </label>
          <label>
            <span>Client authentication</span>
            <select
              value={method}
              onChange={(event) => setMethod(event.target.value as SignOnAuthMethod)}
              data-testid="sign-on-auth-method"
            >
              {SIGN_ON_AUTH_METHODS.map((option) => (
                <option key={option} value={option}>
                  {METHOD_LABELS[option]}
                </option>
              ))}
            </select>
          </label>
          <label className="wide">
            {method === 'client_secret_basic' ? (
              <>
                <span>Client secret</span>
                <input
                  type="password"
                  value={credential}
                  onChange={(event) => setCredential(event.target.value)}
                  autoComplete="off"
                  spellCheck={false}
                  data-testid="sign-on-credential"
                />
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
          <div className="form-actions">
            <button
              type="submit"
              className="primary"
              disabled={save.isPending || clientId.trim() === '' || credential.trim() === ''}
              data-testid="sign-on-config-save"
            >
              Save client
            </button>
            {editing ? (
              <button type="button" onClick={() => setEditing(false)}>
                Cancel
              </button>
            ) : null}
          </div>
          {save.isError ? (
            <p className="sign-on-error" role="alert" data-testid="sign-on-config-error">
              {save.error.message}
            </p>
          ) : null}
        </form>
      ) : (
        <div className="form-actions">
          <button type="button" onClick={() => setEditing(true)} data-testid="sign-on-config-change">
            Change client
          </button>
          <button type="button" onClick={() => clear.mutate()} disabled={clear.isPending}>
            Remove client
          </button>
        </div>
      )}
    </section>
  );
}
