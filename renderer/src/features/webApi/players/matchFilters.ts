/** The match list's filters as the contract takes them: a queue ID, and a span in epoch seconds. */
export interface MatchFilters {
  queue?: number;
  startTime?: number;
  endTime?: number;
}

/** Queues offered in the filter; any other queue is still listed when no queue is picked. */
export const QUEUE_FILTERS: ReadonlyArray<{ queue: number; label: string }> = [
  { queue: 420, label: 'Ranked Solo/Duo' },
  { queue: 440, label: 'Ranked Flex' },
  { queue: 400, label: 'Draft Pick' },
  { queue: 490, label: 'Quickplay' },
  { queue: 480, label: 'Swiftplay' },
  { queue: 450, label: 'ARAM' },
  { queue: 1700, label: 'Arena' },
  { queue: 1810, label: 'Swarm (solo)' },
  { queue: 1820, label: 'Swarm (duo)' },
  { queue: 700, label: 'Clash' },
];

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
