import { dayToEpochSeconds, epochSecondsToDay, QUEUE_FILTERS, type MatchFilters } from './matchFilters';

export type { MatchFilters } from './matchFilters';

/** Queue and day span of the match list; each change asks the API again from the first page. */
export function MatchListFilters({
  value,
  onChange,
}: {
  value: MatchFilters;
  onChange: (next: MatchFilters) => void;
}) {
  const from = epochSecondsToDay(value.startTime);
  const to = epochSecondsToDay(value.endTime);
  return (
    <form className="match-filters" onSubmit={(event) => event.preventDefault()}>
      <label>
        <span>Queue</span>
        <select
          value={value.queue ?? ''}
          onChange={(event) =>
            onChange({ ...value, queue: event.target.value === '' ? undefined : Number(event.target.value) })
          }
          data-testid="match-filter-queue"
        >
          <option value="">All queues</option>
          {QUEUE_FILTERS.map(({ queue, label }) => (
            <option key={queue} value={queue}>
              {label}
            </option>
          ))}
        </select>
      </label>
      <DayInput
        label="From"
        day={from}
        max={to}
        onDay={(day) => onChange({ ...value, startTime: dayToEpochSeconds(day, 'start') })}
        testId="match-filter-from"
      />
      <DayInput
        label="To"
        day={to}
        min={from}
        onDay={(day) => onChange({ ...value, endTime: dayToEpochSeconds(day, 'end') })}
        testId="match-filter-to"
      />
    </form>
  );
}

function DayInput(props: {
  label: string;
  day: string;
  min?: string;
  max?: string;
  onDay: (day: string) => void;
  testId: string;
}) {
  return (
    <label>
      <span>{props.label}</span>
      <input
        type="date"
        value={props.day}
        min={props.min || undefined}
        max={props.max || undefined}
        onChange={(event) => props.onDay(event.target.value)}
        data-testid={props.testId}
      />
    </label>
  );
}
