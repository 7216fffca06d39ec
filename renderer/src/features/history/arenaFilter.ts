import type { ArenaGameResult, ArenaHistoryFilter } from '@shared/contract';
import { localDayStart } from './historyFilter';

/** The arena tab's filter form, as the inputs hold it ('' is any). */
export interface ArenaFilterForm {
  champion: string;
  /** A game mode, as the queue choices carry it. */
  mode: string;
  /** YYYY-MM-DD from a date input, or ''. */
  from: string;
  to: string;
  result: ArenaGameResult | '';
}

export const EMPTY_ARENA_FILTER: ArenaFilterForm = { champion: '', mode: '', from: '', to: '', result: '' };

/** The request's filter: dates are whole local days, both ends included. */
export function arenaFilterOf(form: ArenaFilterForm): ArenaHistoryFilter {
  const filter: ArenaHistoryFilter = {};
  if (form.champion) filter.champion = form.champion;
  if (form.mode) filter.mode = form.mode;
  const from = localDayStart(form.from);
  if (from !== undefined) filter.from = from;
  const to = localDayStart(form.to, 1);
  if (to !== undefined) filter.to = to;
  if (form.result) filter.result = form.result;
  return filter;
}

export function isArenaFiltered(form: ArenaFilterForm): boolean {
  return Object.values(form).some((value) => value !== '');
}
