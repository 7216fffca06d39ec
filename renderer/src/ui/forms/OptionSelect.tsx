import type { ReactNode } from 'react';

/** A labelled drop-down over a fixed list of options, each shown by its label (or as itself without labels). */
export function OptionSelect<T extends string>({
  label,
  options,
  labels,
  value,
  onChange,
  testId,
  disabled = false,
  hint,
}: {
  label: string;
  options: readonly T[];
  labels?: Readonly<Record<T, string>>;
  value: T;
  // NoInfer: T comes from the options; a state setter (value or updater) here would spoil the inference.
  onChange(next: NoInfer<T>): void;
  testId: string;
  /** A value the user may not change here (set by the environment for this run). */
  disabled?: boolean;
  /** A short note under the drop-down. */
  hint?: ReactNode;
}) {
  return (
    <label>
      <span>{label}</span>
      <select
        value={value}
        disabled={disabled}
        onChange={(event) => {
          // Found in the list rather than cast: the value can only be one of the options rendered below.
          const next = options.find((option) => option === event.target.value);
          if (next !== undefined) onChange(next);
        }}
        data-testid={testId}
      >
        {options.map((option) => (
          <option key={option} value={option}>
            {labels ? labels[option] : option}
          </option>
        ))}
      </select>
      {hint ? <small className="muted">{hint}</small> : null}
    </label>
  );
}
