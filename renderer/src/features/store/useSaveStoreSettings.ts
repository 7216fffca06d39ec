import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SettingsPatch } from '@shared/contract';
import { useAppApi } from '../../app/AppContext';

/** A country or currency code as the settings take it: the user may type "de " for "DE". */
export function buyerCode(text: string): string {
  return text.trim().toUpperCase();
}

/** Saves store settings, from the Settings page or the store's own buyer form. */
export function useSaveStoreSettings() {
  const api = useAppApi();
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (store: NonNullable<SettingsPatch['store']>) => api.request('settings.update', { store }),
    onSuccess: async (view) => {
      queries.setQueryData(['settings'], view);
      // Prices, availability and the cart all depend on these: fetch them again.
      await queries.invalidateQueries({ queryKey: ['store'] });
    },
  });
}
