import { useState, type InputHTMLAttributes } from 'react';

type NativeProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'onBlur' | 'onKeyDown'>;

/**
 * A text field that edits freely and commits on Enter or when it loses focus. `onCommit` returns a
 * problem to show (the typed text is kept so nothing is lost), or null when the value was taken.
 * Escape drops the edit.
 */
export function CommitInput({
  value,
  onCommit,
  ...native
}: NativeProps & { value: string; onCommit(text: string): string | null }) {
  const [text, setText] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const commit = (): void => {
    if (text === null) return;
    const found = text === value ? null : onCommit(text);
    setProblem(found);
    if (found === null) setText(null);
  };
  return (
    <span className="commit-input">
      <input
        {...native}
        value={text ?? value}
        aria-invalid={problem ? true : undefined}
        onChange={(event) => setText(event.currentTarget.value)}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === 'Enter') commit();
          if (event.key === 'Escape') {
            setText(null);
            setProblem(null);
          }
        }}
      />
      {problem ? (
        <span className="field-error" role="alert">
          {problem}
        </span>
      ) : null}
    </span>
  );
}
