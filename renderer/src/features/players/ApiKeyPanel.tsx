import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { KEY_KINDS, type KeyKind, type WebApiKeyStatus } from '@shared/contract';
import { useAppApi, useAppState } from '../../app/AppContext';

const KIND_LABELS: Record<KeyKind, string> = {
  development: 'Development key (expires after 24 hours)',
  personal: 'Personal key',
  production: 'Production key',
};

const SOURCE_LABELS: Record<NonNullable<WebApiKeyStatus['source']>, string> = {
  stored: 'kept encrypted by the operating system',
  file: 'kept in a file only your user can read',
  environment: 'set by SIGHTLINE_API_KEY for this run',
};

/**
 * The user's own API key. The page sends it once to the core and from then on only learns whether one
 * is set and its kind: the key is never shown back, logged or pushed to a view.
 */
export function ApiKeyPanel({ compact = false }: { compact?: boolean }) {
  const status = useAppState((state) => state.webApi.key);
  const api = useAppApi();
  const [key, setKey] = useState('');
  const [kind, setKind] = useState<KeyKind>(status?.kind ?? 'development');
  const [editing, setEditing] = useState(false);
  const save = useMutation({
    mutationFn: () => api.request('webApi.key.set', { key, kind }),
    onSuccess: () => {
      setKey('');
      setEditing(false);
    },
  });
  const clear = useMutation({ mutationFn: () => api.request('webApi.key.clear', {}) });
  if (!status) return null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  const showForm = status.source !== 'environment' && (!status.present || editing);

  return (
    <section className={`panel api-key-panel${compact ? ' compact' : ''}`} aria-labelledby="api-key-title">
      <h2 id="api-key-title">Your API key</h2>
      {status.present ? (
        <p data-testid="api-key-status">
          <span className="key-dot" aria-hidden="true" /> {KIND_LABELS[status.kind]}
          {status.source ? `, ${SOURCE_LABELS[status.source]}` : ''}.
        </p>
      ) : (
        <p data-testid="api-key-status">
          No key yet. Lookups use your own key from{' '}
          <a href="https://developer.riotgames.com" target="_blank" rel="noreferrer">
            developer.riotgames.com
          </a>
          ; it stays on this computer.
        </p>
      )}
      {status.warning ? (
        <p className="web-api-warning" data-testid="api-key-warning">
          {status.warning}
        </p>
      ) : null}
      {showForm ? (
        <form className="api-key-form" onSubmit={submit} autoComplete="off">
          <label>
            <span>API key</span>
            <input
              type="password"
              value={key}
              onChange={(event) => setKey(event.target.value)}
              placeholder="RGAPI-…"
              spellCheck={false}
              autoComplete="off"
              data-testid="api-key-input"
            />
          </label>
          <label>
            <span>Kind</span>
            <select
              value={kind}
              onChange={(event) => setKind(event.target.value as KeyKind)}
              data-testid="api-key-kind"
            >
              {KEY_KINDS.map((option) => (
                <option key={option} value={option}>
                  {KIND_LABELS[option]}
                </option>
              ))}
            </select>
          </label>
          <div className="form-actions">
            <button type="submit" disabled={save.isPending || key.trim() === ''} data-testid="api-key-save">
              Save key
            </button>
            {editing ? (
              <button type="button" onClick={() => setEditing(false)}>
                Cancel
              </button>
            ) : null}
          </div>
          {save.isError ? (
            <p className="web-api-error" role="alert" data-testid="api-key-error">
              {save.error.message}
            </p>
          ) : null}
        </form>
      ) : status.source !== 'environment' ? (
        <div className="form-actions">
          <button type="button" onClick={() => setEditing(true)} data-testid="api-key-change">
            Change key
          </button>
          <button
            type="button"
            onClick={() => clear.mutate()}
            disabled={clear.isPending}
            data-testid="api-key-clear"
          >
            Forget key
          </button>
        </div>
      ) : null}
    </section>
  );
}
