import { CARD_GAME_RESULTS, type DeckRecord } from '@shared/contract';
import { RESULT_LABELS } from '../card/resultLabels';
import { deckName } from './deckName';
import { EMPTY_HISTORY_FILTER, isFiltered, type HistoryFilterForm } from './historyFilter';

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
      <label>
        <span>From</span>
        <input
          type="date"
          value={form.from}
          onChange={(event) => set('from', event.target.value)}
          data-testid="history-filter-from"
        />
      </label>
      <label>
        <span>To</span>
        <input
          type="date"
          value={form.to}
          onChange={(event) => set('to', event.target.value)}
          data-testid="history-filter-to"
        />
      </label>
      <label>
        <span>Result</span>
        <select
          value={form.result}
          onChange={(event) => set('result', event.target.value as HistoryFilterForm['result'])}
          data-testid="history-filter-result"
        >
          <option value="">Any result</option>
          {CARD_GAME_RESULTS.map((result) => (
            <option key={result} value={result}>
              {RESULT_LABELS[result]}
            </option>
          ))}
        </select>
      </label>
      <button type="button" disabled={!isFiltered(form)} onClick={() => onChange(EMPTY_HISTORY_FILTER)}>
        Clear
      </button>
    </form>
  );
}
