import { useState } from 'react';
import { KEY_KINDS, type KeyKind, type WebApiKeyStatus } from '@shared/contract';
import { useAppApi, useAppState } from '../../state/AppContext';
import { OptionSelect } from '../../ui/forms/OptionSelect';
import { SecretForm } from '../../ui/forms/SecretForm';
import { SecretInput } from '../../ui/forms/SecretInput';
import { PlainFileStorageNotice } from '../../ui/PlainFileStorageNotice';
import { KeyRules } from './KeyRules';

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
  if (!status) return null;

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
      {status.source !== 'environment' ? (
        <SecretForm
          stored={status.present}
          ready={key.trim() !== ''}
          save={() => api.request('webApi.key.set', { key, kind })}
          clear={() => api.request('webApi.key.clear', {})}
          onSaved={() => setKey('')}
          labels={{ save: 'Save key', change: 'Change key', clear: 'Forget key' }}
          testIdPrefix="api-key"
          className="api-key-form"
          errorClassName="web-api-error"
        >
          <PlainFileStorageNotice
            storage={status.storage}
            subject="the key you enter here"
            className="web-api-warning"
            testId="api-key-storage-notice"
          />
          <label>
            <span>API key</span>
            <SecretInput value={key} onChange={setKey} placeholder="RGAPI-…" testId="api-key-input" />
          </label>
          <OptionSelect
            label="Kind"
            options={KEY_KINDS}
            labels={KIND_LABELS}
            value={kind}
            onChange={setKind}
            testId="api-key-kind"
          />
        </SecretForm>
      ) : null}
      {compact ? null : <KeyRules />}
    </section>
  );
}
