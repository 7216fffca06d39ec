import {
  BROADCAST_TEAM_NAME_MAX,
  BROADCAST_TEAM_TAG_MAX,
  type BroadcastSettings,
  type SettingsPatch,
} from '@shared/contract';
import { useSettings } from '../../state/settingsQueries';
import { TypedSetting } from '../settings/SettingFields';
import { useAutosavedSetting } from '../settings/useAutosavedSetting';

const SIDES = [
  { side: 'blue', label: 'Blue side', game: 'Blue' },
  { side: 'red', label: 'Red side', game: 'Red' },
] as const;

/**
 * The caster's team names and tags for the arena bar; empty keeps the game's Blue and Red. Each is saved the way
 * every setting is: when its box is left or Enter is pressed, refused at the box when main refuses it.
 */
export function BroadcastTeamsPanel() {
  const settings = useSettings();
  return (
    <section className="panel settings" aria-labelledby="broadcast-teams-title" data-testid="broadcast-teams">
      <h2 id="broadcast-teams-title">Team names on the bar</h2>
      <p className="muted">
        Shown on the arena bar in the overlay windows and OBS sources at once. Leave a field empty for the
        game&apos;s own Blue and Red. Each is saved as soon as you leave it.
      </p>
      {settings.isPending ? <p className="muted">Loading…</p> : null}
      {settings.isError ? <p className="error">{settings.error.message}</p> : null}
      {settings.data ? (
        <div className="settings-fields">
          {SIDES.map(({ side, label, game }) => (
            <fieldset key={side} data-testid={`broadcast-${side}`}>
              <legend>{label}</legend>
              <TeamField
                field={`${side}Name`}
                saved={settings.data.settings.broadcast}
                label="Name"
                size="grow"
                placeholder={game}
                maxLength={BROADCAST_TEAM_NAME_MAX}
                testId={`broadcast-${side}-name`}
              />
              <TeamField
                field={`${side}Tag`}
                saved={settings.data.settings.broadcast}
                label="Tag"
                size="narrow"
                maxLength={BROADCAST_TEAM_TAG_MAX}
                testId={`broadcast-${side}-tag`}
              />
            </fieldset>
          ))}
        </div>
      ) : null}
    </section>
  );
}

function TeamField({
  field,
  saved,
  label,
  size,
  placeholder,
  maxLength,
  testId,
}: {
  field: keyof BroadcastSettings;
  saved: BroadcastSettings;
  label: string;
  size: 'grow' | 'narrow';
  placeholder?: string;
  maxLength: number;
  testId: string;
}) {
  const setting = useAutosavedSetting(saved[field], (value): SettingsPatch => {
    const broadcast: NonNullable<SettingsPatch['broadcast']> = {};
    broadcast[field] = value;
    return { broadcast };
  });
  return (
    <TypedSetting
      label={label}
      setting={setting}
      testId={testId}
      className={size}
      placeholder={placeholder}
      maxLength={maxLength}
    />
  );
}
