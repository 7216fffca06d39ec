/** The fields both games' history filters share: a date range and a result, with their test ids under one prefix. */

export function DateRangeFields({
  from,
  to,
  testIdPrefix,
  onChange,
}: {
  from: string;
  to: string;
  testIdPrefix: string;
  onChange(field: 'from' | 'to', value: string): void;
}) {
  return (
    <>
      <label>
        <span>From</span>
        <input
          type="date"
          value={from}
          onChange={(event) => onChange('from', event.target.value)}
          data-testid={`${testIdPrefix}-from`}
        />
      </label>
      <label>
        <span>To</span>
        <input
          type="date"
          value={to}
          onChange={(event) => onChange('to', event.target.value)}
          data-testid={`${testIdPrefix}-to`}
        />
      </label>
    </>
  );
}

export function ResultField<Result extends string>({
  value,
  results,
  labels,
  testIdPrefix,
  onChange,
}: {
  value: Result | '';
  results: readonly Result[];
  labels: Record<Result, string>;
  testIdPrefix: string;
  onChange(value: Result | ''): void;
}) {
  return (
    <label>
      <span>Result</span>
      <select
        value={value}
        onChange={(event) => onChange(event.target.value as Result | '')}
        data-testid={`${testIdPrefix}-result`}
      >
        <option value="">Any result</option>
        {results.map((result) => (
          <option key={result} value={result}>
            {labels[result]}
          </option>
        ))}
      </select>
    </label>
  );
}
