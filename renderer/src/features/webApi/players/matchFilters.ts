import { localDayStart } from '../../history/historyFilter';

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

/** A date input's value (YYYY-MM-DD, the user's day) to the first or last second of that day. */
export function dayToEpochSeconds(day: string, edge: 'start' | 'end'): number | undefined {
  const midnight = localDayStart(day, edge === 'start' ? 0 : 1);
  if (midnight === undefined) return undefined;
  return midnight / 1000 - (edge === 'start' ? 0 : 1);
}

/** Epoch seconds back to the date input's value, in the user's time zone; '' for none. */
export function epochSecondsToDay(seconds: number | undefined): string {
  if (seconds === undefined) return '';
  const day = new Date(seconds * 1000);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
}
