import { useState, type FormEvent } from 'react';
import {
  BROADCAST_TEAM_NAME_MAX,
  BROADCAST_TEAM_TAG_MAX,
  type BroadcastSettings,
  type SettingsPatch,
} from '@shared/contract';
import { useSaveSettings, useSettings } from '../../state/settingsQueries';
import { TextField } from '../../ui/forms/LabelledFields';
import { SaveActions } from '../settings/SaveActions';

const SIDES = [
  { side: 'blue', label: 'Blue side', game: 'Blue' },
  { side: 'red', label: 'Red side', game: 'Red' },
] as const;

/** The caster's team names and tags for the arena bar; empty keeps the game's Blue and Red. */
export function BroadcastTeamsPanel() {
  const settings = useSettings();
  return (
    <section className="panel settings" aria-labelledby="broadcast-teams-title" data-testid="broadcast-teams">
      <h2 id="broadcast-teams-title">Team names on the bar</h2>
      <p className="muted">
        Shown on the arena bar in the overlay windows and OBS sources at once. Leave a field empty for the
        game&apos;s own Blue and Red.
      </p>
      {settings.isPending ? <p className="muted">Loading…</p> : null}
      {settings.isError ? <p className="error">{settings.error.message}</p> : null}
      {settings.data ? <TeamsForm saved={settings.data.settings.broadcast} /> : null}
    </section>
  );
}

function TeamsForm({ saved }: { saved: BroadcastSettings }) {
  const [teams, setTeams] = useState(saved);
  const save = useSaveSettings((broadcast: NonNullable<SettingsPatch['broadcast']>) => ({ broadcast }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(teams);
  };
  return (
    <form onSubmit={submit} noValidate>
      {SIDES.map(({ side, label, game }) => (
        <fieldset key={side} data-testid={`broadcast-${side}`}>
          <legend>{label}</legend>
          <TextField
            label="Name"
            value={teams[`${side}Name`]}
            onChange={(value) => setTeams({ ...teams, [`${side}Name`]: value })}
            testId={`broadcast-${side}-name`}
            size="grow"
            placeholder={game}
            maxLength={BROADCAST_TEAM_NAME_MAX}
          />
          <TextField
            label="Tag"
            value={teams[`${side}Tag`]}
            onChange={(value) => setTeams({ ...teams, [`${side}Tag`]: value })}
            testId={`broadcast-${side}-tag`}
            size="narrow"
            maxLength={BROADCAST_TEAM_TAG_MAX}
          />
        </fieldset>
      ))}
      <SaveActions label="Save team names" state={save} errorTestId="broadcast-teams-error" />
    </form>
  );
}
