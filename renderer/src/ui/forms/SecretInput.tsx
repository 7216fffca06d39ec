/** A masked input for a key or secret: never spell-checked and never offered to the browser's autofill. */
export function SecretInput({
  value,
  onChange,
  placeholder,
  testId,
}: {
  value: string;
  onChange(next: string): void;
  placeholder?: string;
  testId: string;
}) {
  return (
    <input
      type="password"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      placeholder={placeholder}
      spellCheck={false}
      autoComplete="off"
      data-testid={testId}
    />
  );
}
