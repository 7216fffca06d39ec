import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { SettingsView } from '@shared/contract';
import {
  bindingsFromBoxes,
  checkGlobalShortcuts,
  DEFAULT_GLOBAL_SHORTCUTS,
  type GlobalShortcutGroup,
  type GlobalShortcutProblem,
} from '@shared/desktop/globalShortcuts';
import { normaliseAccelerator } from '@shared/contract/hotkeys';
import { SaveActions } from '../settings/SaveActions';
import { contractQueryKey, useContractQuery } from '../../state/contractQueries';
import { useSaveSettings, useSettings } from '../../state/settingsQueries';
import './shortcuts.css';

const GROUP_TITLES: Record<GlobalShortcutGroup, string> = {
  desktop: 'Overlays',
  replay: 'Replay (while a replay runs)',
};

/** Every global shortcut of the desktop app, the replay's and the overlays', in one list the user rebinds. */
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
  const [draft, setDraft] = useState<Draft>(() => draftOf(view));
  const [problems, setProblems] = useState<GlobalShortcutProblem[]>([]);
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

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Checked here as main checks it again: a clash is shown on its line, and nothing is sent.
    const checked = checkGlobalShortcuts(bindingsFromBoxes(draft));
    setProblems(checked.ok ? [] : checked.problems);
    if (checked.ok) save.mutate(draft);
  };

  /** Why the system did not give the app this key, while the key in the box is the one it refused. */
  const refusal = (id: string): string | null => {
    const refused = desktop?.refusedShortcuts.find((entry) => entry.id === id);
    const typed = normaliseAccelerator(draft[id] ?? '');
    return refused && typed.ok && typed.accelerator === refused.accelerator ? refused.reason : null;
  };

  const groups: GlobalShortcutGroup[] = ['desktop', 'replay'];
  return (
    <section className="panel settings shortcuts" aria-labelledby="shortcuts-title">
      <h2 id="shortcuts-title">Shortcuts</h2>
      <p className="muted">
        Global shortcuts of the desktop app: they work system-wide, even while the game has focus. Type a key
        with its modifiers (Alt+Shift+O, Ctrl+Alt+F9); leave a field empty to turn a shortcut off. One key
        does one thing.
      </p>
      {status.data && !status.data.available ? (
        <p className="muted" data-testid="shortcuts-desktop-only">
          Desktop app only: these keys are saved here and work in the desktop app, not in a browser.
        </p>
      ) : null}
      <form onSubmit={submit} noValidate>
        {groups.map((group) => (
          <fieldset key={group} data-testid={`shortcut-group-${group}`}>
            <legend>{GROUP_TITLES[group]}</legend>
            {DEFAULT_GLOBAL_SHORTCUTS.filter((shortcut) => shortcut.group === group).map(({ id, label }) => {
              const problem = problems.find((entry) => entry.id === id)?.message ?? null;
              const refused = refusal(id);
              return (
                <label key={id}>
                  <span>{label}</span>
                  <input
                    value={draft[id] ?? ''}
                    placeholder="none"
                    aria-invalid={problem !== null || refused !== null}
                    onChange={(event) => setDraft({ ...draft, [id]: event.target.value })}
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
                  ) : null}
                </label>
              );
            })}
          </fieldset>
        ))}
        <div className="form-actions">
          <button
            type="button"
            data-testid="shortcuts-defaults"
            onClick={() => {
              setDraft(Object.fromEntries(DEFAULT_GLOBAL_SHORTCUTS.map((s) => [s.id, s.accelerator ?? ''])));
              setProblems([]);
            }}
          >
            Defaults
          </button>
        </div>
        <SaveActions label="Save shortcuts" state={save} errorTestId="shortcuts-error" />
      </form>
    </section>
  );
}
