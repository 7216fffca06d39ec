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
      <label>
        <span>From</span>
        <input
          type="date"
          value={from}
          max={to || undefined}
          onChange={(event) =>
            onChange({ ...value, startTime: dayToEpochSeconds(event.target.value, 'start') })
          }
          data-testid="match-filter-from"
        />
      </label>
      <label>
        <span>To</span>
        <input
          type="date"
          value={to}
          min={from || undefined}
          onChange={(event) => onChange({ ...value, endTime: dayToEpochSeconds(event.target.value, 'end') })}
          data-testid="match-filter-to"
        />
      </label>
    </form>
  );
}
