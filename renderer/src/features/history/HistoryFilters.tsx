import { CARD_GAME_RESULTS, type DeckRecord } from '@shared/contract';
import { RESULT_LABELS } from '../card/resultLabels';
import { deckName } from './deckName';
import { EMPTY_HISTORY_FILTER, isFiltered, type HistoryFilterForm } from './historyFilter';
import { DateRangeFields, ResultField } from './HistoryFilterFields';

interface HistoryFiltersProps {
  form: HistoryFilterForm;
  decks: DeckRecord[];
  opponents: string[];
  onChange(form: HistoryFilterForm): void;
}

export function HistoryFilters({ form, decks, opponents, onChange }: HistoryFiltersProps) {
  const set = <K extends keyof HistoryFilterForm>(key: K, value: HistoryFilterForm[K]) =>
    onChange({ ...form, [key]: value });
  return (
    <form className="history-filters" aria-label="Filters" onSubmit={(event) => event.preventDefault()}>
      <label>
        <span>Deck</span>
        <select
          value={form.deck}
          onChange={(event) => set('deck', event.target.value)}
          data-testid="history-filter-deck"
        >
          <option value="all">All decks</option>
          {decks.map((deck) =>
            deck.deckCode ? (
              <option key={deck.deckCode} value={deck.deckCode}>
                {deckName(deck)}
              </option>
            ) : (
              <option key="none" value="none">
                Deck not read
              </option>
            ),
          )}
        </select>
      </label>
      <label>
        <span>Opponent</span>
        <input
          type="search"
          list="history-opponents"
          placeholder="Any opponent"
          value={form.opponent}
          onChange={(event) => set('opponent', event.target.value)}
          data-testid="history-filter-opponent"
        />
        <datalist id="history-opponents">
          {opponents.map((name) => (
            <option key={name} value={name} />
          ))}
        </datalist>
      </label>
      <DateRangeFields from={form.from} to={form.to} testIdPrefix="history-filter" onChange={set} />
      <ResultField
        value={form.result}
        results={CARD_GAME_RESULTS}
        labels={RESULT_LABELS}
        testIdPrefix="history-filter"
        onChange={(result) => set('result', result)}
      />
      <button type="button" disabled={!isFiltered(form)} onClick={() => onChange(EMPTY_HISTORY_FILTER)}>
        Clear
      </button>
    </form>
  );
}
