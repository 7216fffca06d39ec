import type { HTMLAttributes, InputHTMLAttributes } from 'react';

/**
 * Labelled form fields: one shape for every text box and tick box of the forms (choices are
 * ui/forms/OptionSelect).
 */

interface TextFieldProps {
  label: string;
  value: string;
  onChange(value: string): void;
  testId: string;
  /** grow: takes the free width; narrow: a short number; form-wide: a line of its own. */
  size?: 'grow' | 'narrow' | 'form-wide';
  type?: 'text' | 'datetime-local';
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  placeholder?: string;
  maxLength?: number;
  required?: boolean;
  spellCheck?: InputHTMLAttributes<HTMLInputElement>['spellCheck'];
}

export function TextField({ label, value, onChange, testId, size, type = 'text', ...rest }: TextFieldProps) {
  return (
    <label className={size}>
      <span>{label}</span>
      <input
        type={type}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        data-testid={testId}
        {...rest}
      />
    </label>
  );
}

interface TickFieldProps {
  label: string;
  checked: boolean;
  onChange(checked: boolean): void;
  testId: string;
  /** The label's class where the form lays the tick box out its own way; `check` otherwise. */
  className?: string;
}

export function TickField({ label, checked, onChange, testId, className = 'check' }: TickFieldProps) {
  return (
    <label className={className}>
      <input
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        data-testid={testId}
      />
      <span>{label}</span>
    </label>
  );
}
