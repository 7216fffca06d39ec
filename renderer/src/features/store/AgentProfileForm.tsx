import { useState, type FormEvent } from 'react';
import { RequestError } from './StoreNotices';
import { useSettings } from '../../state/settingsQueries';
import { useSaveStoreSettings } from './useSaveStoreSettings';

/**
 * Every call to the store's tools names the agent's own profile URL; until it is set the store cannot
 * be asked for a cart, so the setting is offered right where it is needed.
 */
export function AgentProfileForm() {
  const settings = useSettings();
  const store = settings.data?.settings.store;
  if (!store || store.agentProfile !== '') return null;
  return <AgentProfileFields />;
}

function AgentProfileFields() {
  const save = useSaveStoreSettings();
  const [url, setUrl] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (url.trim() !== '') save.mutate({ agentProfile: url.trim() });
  };
  return (
    <section
      className="panel checkout-setup"
      aria-labelledby="agent-profile-title"
      data-testid="agent-profile-form"
    >
      <h2 id="agent-profile-title">Set up store checkout</h2>
      <p className="muted">
        Stores ask every shopping app to say what it is, with the address of a public profile. Enter the
        address of Sightline’s shopping profile to shop from here.
      </p>
      <form className="checkout-form" onSubmit={submit}>
        <label className="checkout-field">
          <span>Shopping profile address</span>
          <input
            type="url"
            value={url}
            onChange={(event) => setUrl(event.target.value)}
            placeholder="https://…/profile.json"
            maxLength={2048}
            data-testid="agent-profile-input"
          />
        </label>
        <div className="form-actions">
          <button
            type="submit"
            disabled={url.trim() === '' || save.isPending}
            data-testid="agent-profile-save"
          >
            Save
          </button>
        </div>
        <RequestError error={save.error} />
      </form>
    </section>
  );
}
