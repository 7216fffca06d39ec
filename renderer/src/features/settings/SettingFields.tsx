import type { ReactNode } from 'react';
import { OptionSelect } from '../../ui/forms/OptionSelect';
import { TickField } from '../../ui/forms/LabelledFields';
import type { AutosavedSetting } from './useAutosavedSetting';
import { SaveStatus } from './SaveStatus';

/**
 * The Settings page's fields, each bound to one autosaved setting (useAutosavedSetting) and showing what came
 * of its save under it. A value set by the environment for this run is shown disabled with why.
 */

interface TypedSettingProps {
  label: string;
  setting: AutosavedSetting<string>;
  testId: string;
  type?: 'text' | 'number' | 'url';
  /** A value set by the environment for this run. */
  disabled?: boolean;
  hint?: ReactNode;
  min?: number;
  max?: number;
  step?: number;
  maxLength?: number;
  placeholder?: string;
  /** The label's width class where a form lays its fields out its own way (ui/forms/LabelledFields' sizes). */
  className?: string;
}

/** A typed value: saved when the box is left or Enter is pressed, kept as typed if main refuses it. */
export function TypedSetting({
  label,
  setting,
  testId,
  type = 'text',
  disabled,
  hint,
  className,
  ...rest
}: TypedSettingProps) {
  return (
    <label className={className}>
      <span>{label}</span>
      <input
        type={type}
        value={setting.draft}
        disabled={disabled}
        aria-invalid={setting.save.error ? true : undefined}
        onChange={(event) => setting.edit(event.target.value)}
        onBlur={() => setting.commit()}
        onKeyDown={(event) => {
          if (event.key === 'Enter') setting.commit();
        }}
        data-testid={testId}
        {...rest}
      />
      {hint ? <small className="muted">{hint}</small> : null}
      <SaveStatus state={setting.save} testId={testId} />
    </label>
  );
}

/** A choice from a fixed list, saved as soon as it is made. */
export function ChoiceSetting<T extends string>({
  setting,
  testId,
  ...select
}: {
  label: string;
  options: readonly T[];
  labels?: Readonly<Record<T, string>>;
  setting: AutosavedSetting<T>;
  testId: string;
  disabled?: boolean;
  hint?: ReactNode;
}) {
  return (
    <div className="setting-field">
      <OptionSelect
        {...select}
        value={setting.draft}
        onChange={(next) => setting.commit(next)}
        testId={testId}
      />
      <SaveStatus state={setting.save} testId={testId} />
    </div>
  );
}

/** A tick box, saved as soon as it is ticked or cleared. */
export function TickSetting({
  label,
  setting,
  testId,
}: {
  label: string;
  setting: AutosavedSetting<boolean>;
  testId: string;
}) {
  return (
    <div className="setting-field">
      <TickField
        label={label}
        checked={setting.draft}
        onChange={(next) => setting.commit(next)}
        testId={testId}
      />
      <SaveStatus state={setting.save} testId={testId} />
    </div>
  );
}
