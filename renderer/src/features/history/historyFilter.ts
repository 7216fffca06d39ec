import type { CardGameResult, CardHistoryFilter } from '@shared/contract';

/** The history page's filter form, as the inputs hold it. */
export interface HistoryFilterForm {
  /** 'all', 'none' (games whose deck list was never read) or a deck code. */
  deck: string;
  opponent: string;
  /** YYYY-MM-DD from a date input, or ''. */
  from: string;
  to: string;
  result: CardGameResult | '';
}

export const EMPTY_HISTORY_FILTER: HistoryFilterForm = {
  deck: 'all',
  opponent: '',
  from: '',
  to: '',
  result: '',
};

/** The request's filter: dates are whole local days, both ends included. */
export function historyFilterOf(form: HistoryFilterForm): CardHistoryFilter {
  const filter: CardHistoryFilter = {};
  if (form.deck === 'none') filter.deckCode = '';
  else if (form.deck !== 'all') filter.deckCode = form.deck;
  const opponent = form.opponent.trim();
  if (opponent) filter.opponent = opponent;
  const from = localDayStart(form.from);
  if (from !== undefined) filter.from = from;
  const to = localDayStart(form.to, 1);
  if (to !== undefined) filter.to = to;
  if (form.result) filter.result = form.result;
  return filter;
}

export function isFiltered(form: HistoryFilterForm): boolean {
  return (
    form.deck !== 'all' ||
    form.opponent.trim() !== '' ||
    form.from !== '' ||
    form.to !== '' ||
    form.result !== ''
  );
}

/** Epoch ms of local midnight of the day (plus `addDays`), or undefined for an empty or impossible date. */
export function localDayStart(day: string, addDays = 0): number | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return undefined;
  const [year, month, date] = [Number(match[1]), Number(match[2]) - 1, Number(match[3])];
  const checked = new Date(year, month, date);
  if (checked.getFullYear() !== year || checked.getMonth() !== month || checked.getDate() !== date)
    return undefined;
  return new Date(year, month, date + addDays).getTime();
}
