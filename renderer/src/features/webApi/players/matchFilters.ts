import { queueChoiceLabel } from '@shared/contract/queueNames';

/** The match list's filters as the contract takes them: a queue ID, and a span in epoch seconds. */
export interface MatchFilters {
  queue?: number;
  startTime?: number;
  endTime?: number;
}

/** Queues offered in the filter, by ID; any other queue is still listed when no queue is picked. */
const FILTER_QUEUE_IDS = [420, 440, 400, 490, 480, 450, 1700, 1810, 1820, 700] as const;

/** The filter's choices, named from the one queue table the match rows are named from too. */
export const QUEUE_FILTERS: ReadonlyArray<{ queue: number; label: string }> = FILTER_QUEUE_IDS.map(
  (queue) => ({
    queue,
    label: queueChoiceLabel(queue) ?? `Queue ${queue}`,
  }),
);

/**
 * A date input's value (YYYY-MM-DD, the user's day) to the first or last second of that day; undefined for
 * an empty or impossible date. (The history page's localDayStart does the same in ms, but a feature may not
 * import another that imports it back.)
 */
export function dayToEpochSeconds(day: string, edge: 'start' | 'end'): number | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return undefined;
  const [year, month, date] = [Number(match[1]), Number(match[2]) - 1, Number(match[3])];
  const midnight = new Date(year, month, date);
  if (midnight.getMonth() !== month || midnight.getDate() !== date) return undefined;
  const next = new Date(year, month, date + (edge === 'start' ? 0 : 1)).getTime() / 1000;
  return edge === 'start' ? next : next - 1;
}

/** Epoch seconds back to the date input's value, in the user's time zone; '' for none. */
export function epochSecondsToDay(seconds: number | undefined): string {
  if (seconds === undefined) return '';
  const day = new Date(seconds * 1000);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
}
