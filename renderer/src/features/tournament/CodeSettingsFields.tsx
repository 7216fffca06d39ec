import {
  MAP_TYPES,
  MAP_TYPES_V5,
  PICK_TYPES,
  SPECTATOR_TYPES,
  type MapType,
  type TournamentApiKind,
} from '@shared/contract';
import { OptionSelect } from '../../ui/forms/OptionSelect';
import type { CodeSettingsDraft } from './deskForms';
import { isV5, MAP_LABELS, participantIdLabel, PICK_LABELS, SPECTATOR_LABELS } from './tournamentFormat';

interface CodeSettingsFieldsProps {
  api: TournamentApiKind;
  value: CodeSettingsDraft;
  onChange(next: CodeSettingsDraft): void;
  idPrefix: string;
}

export function CodeSettingsFields({ api, value, onChange, idPrefix }: CodeSettingsFieldsProps) {
  const maps: readonly MapType[] = isV5(api) ? MAP_TYPES_V5 : MAP_TYPES;
  const set = (patch: Partial<CodeSettingsDraft>) => onChange({ ...value, ...patch });
  return (
    <>
      <OptionSelect
        label="Map"
        value={value.mapType}
        options={maps}
        labels={MAP_LABELS}
        onChange={(mapType) => set({ mapType })}
        testId={`${idPrefix}-map`}
      />
      <OptionSelect
        label="Pick type"
        value={value.pickType}
        options={PICK_TYPES}
        labels={PICK_LABELS}
        onChange={(pickType) => set({ pickType })}
        testId={`${idPrefix}-pick`}
      />
      <OptionSelect
        label="Spectators"
        value={value.spectatorType}
        options={SPECTATOR_TYPES}
        labels={SPECTATOR_LABELS}
        onChange={(spectatorType) => set({ spectatorType })}
        testId={`${idPrefix}-spectators`}
      />
      <label className="form-wide">
        <span>
          Allowed participants ({participantIdLabel(api)}, one per line; empty: anyone with the code)
        </span>
        <textarea
          value={value.participants}
          onChange={(event) => set({ participants: event.target.value })}
          rows={2}
          spellCheck={false}
          data-testid={`${idPrefix}-participants`}
        />
      </label>
    </>
  );
}
