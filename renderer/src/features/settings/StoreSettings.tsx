import { useState, type FormEvent } from 'react';
import type { SettingsView } from '@shared/contract';
import { buyerCode, useSaveStoreSettings } from '../store/useSaveStoreSettings';
import { SaveActions } from './SaveActions';

/** Which merch store to shop at and who the buyer is; main checks every field again. */
export function StoreSettings({ view }: { view: SettingsView }) {
  const saved = view.settings.store;
  const urlLocked = view.overridden.includes('store.url');
  const [url, setUrl] = useState(saved.url);
  const [agentProfile, setAgentProfile] = useState(saved.agentProfile);
  const [country, setCountry] = useState(saved.country);
  const [currency, setCurrency] = useState(saved.currency);
  const save = useSaveStoreSettings();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({
      ...(urlLocked ? {} : { url: url.trim() }),
      agentProfile: agentProfile.trim(),
      country: buyerCode(country),
      currency: buyerCode(currency),
    });
  };

  return (
    <section className="panel settings" aria-labelledby="store-settings-title">
      <h2 id="store-settings-title">Store</h2>
      <form onSubmit={submit} noValidate>
        <label>
          <span>Store address</span>
          <input
            type="url"
            value={url}
            disabled={urlLocked}
            onChange={(event) => setUrl(event.target.value)}
            data-testid="setting-store-url"
          />
          {urlLocked ? <small className="muted">Set by SIGHTLINE_STORE_URL for this run.</small> : null}
        </label>
        <label>
          <span>Agent profile URL</span>
          <input
            type="url"
            value={agentProfile}
            placeholder="https://…/profile.json"
            onChange={(event) => setAgentProfile(event.target.value)}
            data-testid="setting-store-agent-profile"
          />
          <small className="muted">Named in every call to the store&apos;s checkout tools.</small>
        </label>
        <label>
          <span>Country</span>
          <input
            value={country}
            maxLength={2}
            onChange={(event) => setCountry(event.target.value)}
            data-testid="setting-store-country"
          />
        </label>
        <label>
          <span>Currency</span>
          <input
            value={currency}
            maxLength={3}
            onChange={(event) => setCurrency(event.target.value)}
            data-testid="setting-store-currency"
          />
        </label>
        <SaveActions label="Save store" state={save} errorTestId="store-settings-error" />
      </form>
    </section>
  );
}
