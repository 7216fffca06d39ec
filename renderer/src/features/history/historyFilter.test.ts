import { describe, expect, it } from 'vitest';
import { EMPTY_HISTORY_FILTER, historyFilterOf, isFiltered, localDayStart } from './historyFilter';

describe('the history filter form', () => {
  it('asks for everything when nothing is set', () => {
    expect(historyFilterOf(EMPTY_HISTORY_FILTER)).toEqual({});
    expect(isFiltered(EMPTY_HISTORY_FILTER)).toBe(false);
  });

  it('turns whole local days into a start-inclusive, end-exclusive range covering both days', () => {
    const filter = historyFilterOf({ ...EMPTY_HISTORY_FILTER, from: '2025-03-01', to: '2025-03-02' });
    expect(filter).toEqual({ from: new Date(2025, 2, 1).getTime(), to: new Date(2025, 2, 3).getTime() });
  });

  it('maps the deck choice, trims the opponent and keeps the result', () => {
    expect(historyFilterOf({ ...EMPTY_HISTORY_FILTER, deck: 'none' })).toEqual({ deckCode: '' });
    expect(
      historyFilterOf({ ...EMPTY_HISTORY_FILTER, deck: 'CEAQ', opponent: '  zed ', result: 'loss' }),
    ).toEqual({
      deckCode: 'CEAQ',
      opponent: 'zed',
      result: 'loss',
    });
    expect(isFiltered({ ...EMPTY_HISTORY_FILTER, opponent: ' ' })).toBe(false);
  });

  it('ignores impossible dates', () => {
    expect(localDayStart('2025-02-30')).toBeUndefined();
    expect(localDayStart('')).toBeUndefined();
    expect(localDayStart('2024-12-31', 1)).toBe(new Date(2025, 0, 1).getTime());
  });
});
