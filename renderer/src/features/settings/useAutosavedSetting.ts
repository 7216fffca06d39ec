import { useState } from 'react';
import type { SettingsPatch, SettingsView } from '@shared/contract';
import { useSaveSettings } from '../../state/settingsQueries';

/**
 * The Settings page's one way to save: a field saves itself when the user is done with it (a choice or a
 * tick at once, a typed value when the box is left or Enter is pressed). Main checks the value again; a
 * refused value stays in the box with main's reason beside it, and the saved setting is unchanged.
 */
export function useAutosavedSetting<Draft>(
  saved: Draft,
  patchFor: (draft: Draft) => SettingsPatch,
  afterSave?: (view: SettingsView) => Promise<void>,
) {
  const [draft, setDraft] = useState(saved);
  const save = useSaveSettings(patchFor, afterSave);
  /** Saves `next` (the draft by default) unless it is what is saved already. */
  const commit = (next: Draft = draft) => {
    setDraft(next);
    if (Object.is(next, saved)) {
      save.reset(); // back to the saved value: an earlier refusal no longer applies
      return;
    }
    save.mutate(next);
  };
  return { draft, edit: setDraft, commit, save };
}

export type AutosavedSetting<Draft> = ReturnType<typeof useAutosavedSetting<Draft>>;
