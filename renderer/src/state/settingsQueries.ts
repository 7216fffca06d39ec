import { useQueryClient } from '@tanstack/react-query';
import type { SettingsPatch, SettingsView } from '@shared/contract';
import { contractQueryKey, useContractQuery, useContractMutation } from './contractQueries';

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
  const queries = useQueryClient();
  return useContractMutation('settings.update', {
    input: (input: Input) => patchFor(input),
    onSuccess: async (view) => {
      queries.setQueryData(contractQueryKey('settings.get', {}), view);
      await afterSave?.(view);
    },
  });
}
