import { useQueryClient } from '@tanstack/react-query';
import type { SettingsPatch, SettingsView } from '@shared/contract';
import { contractQueriesOf } from '../../state/contractQueries';
import { useCountryChoices } from '../../ui/locale/useCountryChoices';
import { buyerCode } from '../store/useSaveStoreSettings';
import { ChoiceSetting, TypedSetting } from './SettingFields';
import { useAutosavedSetting } from './useAutosavedSetting';

/** One store setting, saved on its own; prices, availability and the cart depend on it, so they are fetched again. */
function useStoreSetting<K extends 'url' | 'agentProfile' | 'country' | 'currency'>(
  view: SettingsView,
  key: K,
  clean: (draft: string) => string = (draft) => draft.trim(),
) {
  const queries = useQueryClient();
  return useAutosavedSetting(
    view.settings.store[key],
    (draft): SettingsPatch => ({ store: { [key]: clean(draft) } }),
    () => queries.invalidateQueries(contractQueriesOf('store')),
  );
}

/** Which merch store to shop at and where the buyer is; main checks every field again. */
export function StoreSettings({ view }: { view: SettingsView }) {
  const urlLocked = view.overridden.includes('store.url');
  const url = useStoreSetting(view, 'url');
  const country = useStoreSetting(view, 'country');
  const currency = useStoreSetting(view, 'currency', buyerCode);
  const countries = useCountryChoices(country.draft);

  return (
    <section className="panel settings" aria-labelledby="store-settings-title">
      <h2 id="store-settings-title">Store</h2>
      <div className="settings-fields">
        <TypedSetting
          label="Store address"
          type="url"
          setting={url}
          disabled={urlLocked}
          testId="setting-store-url"
          hint={urlLocked ? 'Set by SIGHTLINE_STORE_URL for this run.' : null}
        />
        <ChoiceSetting
          label="Country"
          options={countries.options}
          labels={countries.labels}
          setting={country}
          testId="setting-store-country"
          hint="Prices, availability and shipping are the store’s for this country."
        />
        <TypedSetting
          label="Currency"
          setting={currency}
          maxLength={3}
          testId="setting-store-currency"
          hint="Three letters, like USD or EUR."
        />
      </div>
    </section>
  );
}

/** The profile Sightline names to the store as a shopping agent: protocol detail, in the Advanced section. */
export function StoreAdvancedSettings({ view }: { view: SettingsView }) {
  const agentProfile = useStoreSetting(view, 'agentProfile');
  return (
    <section className="panel settings" aria-labelledby="store-advanced-title">
      <h2 id="store-advanced-title">Store checkout</h2>
      <div className="settings-fields">
        <TypedSetting
          label="Agent profile URL"
          type="url"
          setting={agentProfile}
          placeholder="https://…/profile.json"
          testId="setting-store-agent-profile"
          hint="Named in every call to the store’s checkout tools."
        />
      </div>
    </section>
  );
}
