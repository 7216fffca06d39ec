import { useQueryClient } from '@tanstack/react-query';
import type { SettingsPatch } from '@shared/contract';
import { contractQueriesOf } from '../../state/contractQueries';
import { useSaveSettings } from '../../state/settingsQueries';

/** A country or currency code as the settings take it: the user may type "de " for "DE". */
export function buyerCode(text: string): string {
  return text.trim().toUpperCase();
}

/** Saves store settings, from the Settings page, the store's buyer form or the checkout set-up. */
export function useSaveStoreSettings() {
  const queries = useQueryClient();
  return useSaveSettings(
    (store: NonNullable<SettingsPatch['store']>) => ({ store }),
    // Prices, availability and the cart all depend on these: fetch them again.
    () => queries.invalidateQueries(contractQueriesOf('store')),
  );
}
