import { ARENA_GAME_RESULTS, type ArenaQueueChoice } from '@shared/contract';
import { ARENA_RESULT_LABELS } from './arenaResultLabels';
import { EMPTY_ARENA_FILTER, isArenaFiltered, type ArenaFilterForm } from './arenaFilter';
import { DateRangeFields, ResultField } from './HistoryFilterFields';

interface ArenaFiltersProps {
  form: ArenaFilterForm;
  champions: string[];
  queues: ArenaQueueChoice[];
  onChange(form: ArenaFilterForm): void;
}

/** The arena tab's filters: the card tab's, with champion and queue where it has deck and opponent. */
export function ArenaFilters({ form, champions, queues, onChange }: ArenaFiltersProps) {
  const set = <K extends keyof ArenaFilterForm>(key: K, value: ArenaFilterForm[K]) =>
    onChange({ ...form, [key]: value });
  return (
    <form className="history-filters" aria-label="Filters" onSubmit={(event) => event.preventDefault()}>
      <label>
        <span>Champion</span>
        <select
          value={form.champion}
          onChange={(event) => set('champion', event.target.value)}
          data-testid="arena-filter-champion"
        >
          <option value="">All champions</option>
          {champions.map((champion) => (
            <option key={champion} value={champion}>
              {champion}
            </option>
          ))}
        </select>
      </label>
      <label>
        <span>Queue</span>
        <select
          value={form.mode}
          onChange={(event) => set('mode', event.target.value)}
          data-testid="arena-filter-queue"
        >
          <option value="">All queues</option>
          {queues.map((queue) => (
            <option key={queue.mode} value={queue.mode}>
              {queue.name}
            </option>
          ))}
        </select>
      </label>
      <DateRangeFields from={form.from} to={form.to} testIdPrefix="arena-filter" onChange={set} />
      <ResultField
        value={form.result}
        results={ARENA_GAME_RESULTS}
        labels={ARENA_RESULT_LABELS}
        testIdPrefix="arena-filter"
        onChange={(result) => set('result', result)}
      />
      <button type="button" disabled={!isArenaFiltered(form)} onClick={() => onChange(EMPTY_ARENA_FILTER)}>
        Clear
      </button>
    </form>
  );
}
