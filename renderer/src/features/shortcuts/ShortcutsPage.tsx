import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { SettingsView } from '@shared/contract';
import {
  bindingsFromBoxes,
  checkGlobalShortcuts,
  DEFAULT_GLOBAL_SHORTCUTS,
  type GlobalShortcutGroup,
} from '@shared/desktop/globalShortcuts';
import { normaliseAccelerator } from '@shared/contract/hotkeys';
import { SaveStatus } from '../settings/SaveStatus';
import { contractQueryKey, useContractQuery } from '../../state/contractQueries';
import { useSaveSettings, useSettings } from '../../state/settingsQueries';
import './shortcuts.css';

const GROUP_TITLES: Record<GlobalShortcutGroup, string> = {
  desktop: 'Overlays',
  replay: 'Replay (while a replay runs)',
};

/**
 * Every global shortcut of the desktop app, the replay's and the overlays', in one list the user rebinds. Saved
 * the way every setting is: a box when it is left or Enter is pressed, Defaults at once. The whole list is
 * checked first, as main checks it again: a key bound twice, or one no app can hold, is refused on its line and
 * nothing is saved until it is fixed (so two keys can be swapped one box at a time).
 */
export function ShortcutsPage() {
  const settings = useSettings();
  if (settings.isPending) return <p className="muted">Loading…</p>;
  if (settings.isError) return <p className="error">{settings.error.message}</p>;
  return <ShortcutsForm view={settings.data} />;
}

type Draft = Record<string, string>;

/** The saved bindings as the form edits them: each shortcut's accelerator, empty for none. */
function draftOf(view: SettingsView): Draft {
  const saved: Record<string, string | null | undefined> = {
    ...view.settings.replay.hotkeys,
    ...view.settings.desktop.shortcuts,
  };
  return Object.fromEntries(
    DEFAULT_GLOBAL_SHORTCUTS.map(({ id, accelerator }) => [
      id,
      (Object.hasOwn(saved, id) ? saved[id] : accelerator) ?? '',
    ]),
  );
}

function ShortcutsForm({ view }: { view: SettingsView }) {
  const saved = useMemo(() => draftOf(view), [view]);
  const [draft, setDraft] = useState<Draft>(saved);
  const [problems, setProblems] = useState<ReadonlyMap<string, string>>(new Map());
  /** The box (or Defaults) whose save the status under it reports. */
  const [committed, setCommitted] = useState<string | null>(null);
  const queries = useQueryClient();
  const status = useContractQuery('desktop.status', {});
  const save = useSaveSettings(
    (values: Draft) => {
      const bindings = bindingsFromBoxes(values);
      return { replay: { hotkeys: bindings.replay }, desktop: { shortcuts: bindings.desktop } };
    },
    // The app registers the new keys as it saves them: ask again which the system refused.
    () => queries.invalidateQueries({ queryKey: contractQueryKey('desktop.status') }),
  );
  const desktop = status.data?.available ? status.data : null;

  /** Checks the whole list with `next` in it and saves it when it is sound and not what is saved already. */
  const commit = (source: string, next: Draft) => {
    setDraft(next);
    const checked = checkGlobalShortcuts(bindingsFromBoxes(next));
    const unchanged = checked.ok && sameDraft(next, saved);
    // Leaving a box that changes nothing leaves the last status where it is (the page does not shift under a click).
    if (unchanged && problems.size === 0) return;
    setProblems(new Map(checked.ok ? [] : checked.problems.map((problem) => [problem.id, problem.message])));
    setCommitted(source);
    save.reset();
    if (checked.ok && !unchanged) save.mutate(next);
  };

  /** Why the system did not give the app this key, while the key in the box is the one it refused. */
  const refusal = (id: string): string | null => {
    const refused = desktop?.refusedShortcuts.find((entry) => entry.id === id);
    const typed = normaliseAccelerator(draft[id] ?? '');
    return refused && typed.ok && typed.accelerator === refused.accelerator ? refused.reason : null;
  };

  /** What came of the last save, under the box it came from; a sound box held back by another says so. */
  const saveStatus = (source: string) => {
    if (committed !== source) return null;
    const heldBack = problems.size > 0 && !problems.has(source);
    const state = heldBack
      ? {
          isPending: false,
          isSuccess: false,
          error: new Error('Not saved: fix the shortcut marked above first.'),
        }
      : save;
    return <SaveStatus state={state} testId={`shortcut-${source}`} />;
  };

  const groups: GlobalShortcutGroup[] = ['desktop', 'replay'];
  return (
    <section className="panel settings shortcuts" aria-labelledby="shortcuts-title">
      <h2 id="shortcuts-title">Shortcuts</h2>
      <p className="muted">
        Global shortcuts of the desktop app: they work system-wide, even while the game has focus. Type a key
        with its modifiers (Alt+Shift+O, Ctrl+Alt+F9); leave a field empty to turn a shortcut off. One key
        does one thing. Each is saved as soon as you leave it.
      </p>
      {status.data && !status.data.available ? (
        <p className="muted" data-testid="shortcuts-desktop-only">
          Desktop app only: these keys are saved here and work in the desktop app, not in a browser.
        </p>
      ) : null}
      <div className="settings-fields">
        {groups.map((group) => (
          <fieldset key={group} data-testid={`shortcut-group-${group}`}>
            <legend>{GROUP_TITLES[group]}</legend>
            {DEFAULT_GLOBAL_SHORTCUTS.filter((shortcut) => shortcut.group === group).map(({ id, label }) => {
              const problem = problems.get(id) ?? null;
              const refused = refusal(id);
              return (
                <label key={id}>
                  <span>{label}</span>
                  <input
                    value={draft[id] ?? ''}
                    placeholder="none"
                    aria-invalid={problem !== null || refused !== null}
                    onChange={(event) => setDraft({ ...draft, [id]: event.target.value })}
                    onBlur={() => commit(id, draft)}
                    onKeyDown={(event) => {
                      if (event.key === 'Enter') commit(id, draft);
                    }}
                    data-testid={`shortcut-${id}`}
                  />
                  {problem ? (
                    <small className="error" data-testid={`shortcut-problem-${id}`}>
                      {problem}
                    </small>
                  ) : refused ? (
                    <small className="error" data-testid={`shortcut-refused-${id}`}>
                      {refused[0]?.toUpperCase()}
                      {refused.slice(1)}: pick another key.
                    </small>
                  ) : (
                    saveStatus(id)
                  )}
                </label>
              );
            })}
          </fieldset>
        ))}
        <div className="form-actions">
          <button
            type="button"
            data-testid="shortcuts-defaults"
            onClick={() =>
              commit(
                'defaults',
                Object.fromEntries(DEFAULT_GLOBAL_SHORTCUTS.map((s) => [s.id, s.accelerator ?? ''])),
              )
            }
          >
            Defaults
          </button>
          {saveStatus('defaults')}
        </div>
      </div>
    </section>
  );
}

/** Two forms that bind every shortcut alike (spelling aside: main keeps the canonical one). */
function sameDraft(a: Draft, b: Draft): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].every((id) => canonical(a[id]) === canonical(b[id]));
}

function canonical(typed: string | undefined): string {
  const text = typed?.trim() ?? '';
  if (text === '') return '';
  const checked = normaliseAccelerator(text);
  return checked.ok ? checked.accelerator : text;
}
