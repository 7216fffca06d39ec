import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { REPLAY_COMMAND_LABELS, REPLAY_COMMANDS, type SettingsView } from '@shared/contract';
import { DEFAULT_HOTKEYS } from '@shared/replay/hotkeys';
import { useAppApi } from '../../app/AppContext';
import { SaveActions } from './SaveActions';

/** Global replay shortcuts: one accelerator per command ("Alt+Shift+Space"), empty for none. */
export function HotkeySettings({ view }: { view: SettingsView }) {
  const api = useAppApi();
  const queryClient = useQueryClient();
  const saved = view.settings.replay.hotkeys;
  const [draft, setDraft] = useState<Record<string, string>>(() =>
    Object.fromEntries(
      REPLAY_COMMANDS.map((command) => [
        command,
        (Object.hasOwn(saved, command) ? saved[command] : DEFAULT_HOTKEYS[command]) ?? '',
      ]),
    ),
  );
  const save = useMutation({
    mutationFn: () =>
      api.request('settings.update', {
        replay: {
          hotkeys: Object.fromEntries(
            REPLAY_COMMANDS.map((command) => [command, draft[command]?.trim() || null]),
          ),
        },
      }),
    onSuccess: (next) => queryClient.setQueryData(['settings'], next),
  });

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
