import { useState, type FormEvent } from 'react';
import { REPLAY_COMMAND_LABELS, REPLAY_COMMANDS, type SettingsView } from '@shared/contract';
import { DEFAULT_HOTKEYS } from '@shared/replay/hotkeys';
import { SaveActions } from './SaveActions';
import { useSaveSettings } from '../../state/settingsQueries';

/** Global replay shortcuts: one accelerator per command ("Alt+Shift+Space"), empty for none. */
export function HotkeySettings({ view }: { view: SettingsView }) {
  const saved = view.settings.replay.hotkeys;
  const [draft, setDraft] = useState<Record<string, string>>(() =>
    Object.fromEntries(
      REPLAY_COMMANDS.map((command) => [
        command,
        (Object.hasOwn(saved, command) ? saved[command] : DEFAULT_HOTKEYS[command]) ?? '',
      ]),
    ),
  );
  const save = useSaveSettings(() => ({
    replay: {
      hotkeys: Object.fromEntries(
        REPLAY_COMMANDS.map((command) => [command, draft[command]?.trim() || null]),
      ),
    },
  }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };

  return (
    <section className="panel settings" aria-labelledby="hotkeys-title">
      <h2 id="hotkeys-title">Replay shortcuts</h2>
      <p className="muted">
        Global shortcuts of the desktop app, active while a replay runs, even when the game has focus. Leave a
        field empty to turn a shortcut off.
      </p>
      <form onSubmit={submit} noValidate>
        {REPLAY_COMMANDS.map((command) => (
          <label key={command}>
            <span>{REPLAY_COMMAND_LABELS[command]}</span>
            <input
              value={draft[command] ?? ''}
              placeholder="none"
              onChange={(event) => setDraft({ ...draft, [command]: event.target.value })}
              data-testid={`hotkey-${command}`}
            />
          </label>
        ))}
        <SaveActions label="Save shortcuts" state={save} errorTestId="hotkeys-error" />
      </form>
    </section>
  );
}
