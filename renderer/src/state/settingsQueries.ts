import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SettingsPatch, SettingsView } from '@shared/contract';
import { useAppApi } from './AppContext';
import { contractQueryKey, useContractQuery } from './contractQueries';

/** The settings as main holds them (with which paths the environment overrides); one cache for every page. */
export function useSettings() {
  return useContractQuery('settings.get', {});
}

/**
 * Sends a settings patch (main validates it again) and puts the saved view in the cache, so every page
 * shows it at once. `afterSave` refreshes data that depends on what changed.
 */
export function useSaveSettings<Input>(
  patchFor: (input: Input) => SettingsPatch,
  afterSave?: (view: SettingsView) => Promise<void>,
) {
  const api = useAppApi();
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (input: Input) => api.request('settings.update', patchFor(input)),
    onSuccess: async (view) => {
      queries.setQueryData(contractQueryKey('settings.get', {}), view);
      await afterSave?.(view);
    },
  });
}
