import { Fragment, useMemo, useState } from 'react';
import { formatGameTime, type CardGameRow } from '@shared/contract';
import { useAppState } from '../../state/AppContext';
import { RESULT_LABELS } from '../card/resultLabels';
import { useDisplayLocale } from '../../ui/locale/useDisplayLocale';
import { formatDateTime } from '../../ui/locale/dateFormat';
import { RequestError } from '../../ui/RequestError';
import { DeckRecords } from './DeckRecords';
import { DeckLabel } from './DeckLabel';
import { GameDetail } from './GameDetail';
import {
  HistoryDeleteButtons,
  HistoryExportButtons,
  SelectAllHeader,
  useGameSelection,
} from './HistoryGameTools';
import { HistoryFilters } from './HistoryFilters';
import { EMPTY_HISTORY_FILTER, historyFilterOf, isFiltered, type HistoryFilterForm } from './historyFilter';
import { useCardHistoryList, useExportCardHistory } from './useCardHistory';
import { useDeleteHistoryGames } from './useDeleteHistoryGames';
import '../card/deckTracker.css';
import './history.css';

const PAGE_SIZE = 50;

/** The card game history: every finished game, kept in a database on this computer only. */
export function CardHistory() {
  const [form, setForm] = useState<HistoryFilterForm>(EMPTY_HISTORY_FILTER);
  const [offset, setOffset] = useState(0);
  const selection = useGameSelection();
  const [opened, setOpened] = useState<number | null>(null);
  const [includeOpponents, setIncludeOpponents] = useState(false);
  const filter = useMemo(() => historyFilterOf(form), [form]);
  const list = useCardHistoryList(filter, { limit: PAGE_SIZE, offset });
  const remove = useDeleteHistoryGames('card');
  const exporter = useExportCardHistory();
  const status = useAppState((state) => state.card.history);

  const changeFilter = (next: HistoryFilterForm) => {
    setForm(next);
    setOffset(0);
    selection.clear();
  };
  const deleted = () => {
    selection.clear();
    setOpened(null);
  };
  const page = list.data;
  const games = page?.games ?? [];

  return (
    <div className="history-page" data-testid="history-page">
      {status?.error ? (
        <p className="history-banner error" role="alert" data-testid="history-error">
          {status.error}
        </p>
      ) : null}
      {status && status.unsaved > 0 ? (
        <p className="history-banner" role="status">
          {status.unsaved} finished {status.unsaved === 1 ? 'game is' : 'games are'} waiting to be saved.
        </p>
      ) : null}
      <HistoryFilters
        form={form}
        decks={page?.decks ?? []}
        opponents={page?.opponents ?? []}
        onChange={changeFilter}
      />
      <div className="history-columns">
        <DeckRecords
          decks={page?.decks ?? []}
          selected={form.deck}
          onSelect={(deck) => changeFilter({ ...form, deck })}
        />
        <section className="panel history-games" aria-labelledby="history-games-title">
          <div className="history-toolbar">
            <h2 id="history-games-title">Games</h2>
            <span className="muted" data-testid="history-total">
              {page
                ? `${page.total} ${page.total === 1 ? 'game' : 'games'}${isFiltered(form) ? ' match' : ''}`
                : ''}
            </span>
            <div className="history-actions">
              <label className="history-export-option" title="Opponents' names are other players' data">
                <input
                  type="checkbox"
                  checked={includeOpponents}
                  onChange={(event) => setIncludeOpponents(event.target.checked)}
                  data-testid="history-export-opponents"
                />
                Include opponents' names
              </label>
              <HistoryExportButtons
                testIdPrefix="history"
                disabled={!page || page.total === 0 || exporter.isPending}
                onExport={(format) => exporter.mutate({ format, filter, includeOpponents })}
              />
              <HistoryDeleteButtons
                testIdPrefix="history"
                gameName="card"
                selection={selection}
                remove={remove}
                hasGames={Boolean(page)}
                onDeleted={deleted}
              />
            </div>
          </div>
          <RequestError error={list.error ?? remove.error ?? exporter.error} testId="history-request-error" />
          {page && page.total === 0 ? (
            <p className="history-empty" data-testid="history-empty">
              {isFiltered(form)
                ? 'No game matches these filters.'
                : 'No games yet. Finished card games appear here; they are stored on this computer only.'}
            </p>
          ) : (
            <table className="history-table games" data-testid="history-games">
              <thead>
                <tr>
                  <SelectAllHeader selection={selection} ids={games.map((game) => game.id)} />
                  <th scope="col">Date</th>
                  <th scope="col">Result</th>
                  <th scope="col">Deck</th>
                  <th scope="col">Opponent</th>
                  <th scope="col" className="num">
                    Length
                  </th>
                  <th scope="col" className="num">
                    Plays
                  </th>
                </tr>
              </thead>
              <tbody>
                {games.map((game) => (
                  <Fragment key={game.id}>
                    <GameRowView
                      game={game}
                      selected={selection.selected.has(game.id)}
                      open={opened === game.id}
                      onToggleSelect={() => selection.toggle(game.id)}
                      onToggleOpen={() => setOpened(opened === game.id ? null : game.id)}
                    />
                    {opened === game.id ? (
                      <tr className="detail-row">
                        <td colSpan={7}>
                          <GameDetail id={game.id} />
                        </td>
                      </tr>
                    ) : null}
                  </Fragment>
                ))}
              </tbody>
            </table>
          )}
          {page && page.total > PAGE_SIZE ? (
            <div className="history-pager">
              <button
                type="button"
                disabled={offset === 0}
                onClick={() => setOffset(Math.max(0, offset - PAGE_SIZE))}
              >
                Newer
              </button>
              <span className="muted">
                {offset + 1}–{Math.min(page.total, offset + PAGE_SIZE)} of {page.total}
              </span>
              <button
                type="button"
                disabled={offset + PAGE_SIZE >= page.total}
                onClick={() => setOffset(offset + PAGE_SIZE)}
              >
                Older
              </button>
            </div>
          ) : null}
          <p className="history-note muted">
            Stored in the history database in Sightline’s data folder. Nothing is uploaded.
          </p>
        </section>
      </div>
    </div>
  );
}

interface GameRowViewProps {
  game: CardGameRow;
  selected: boolean;
  open: boolean;
  onToggleSelect(): void;
  onToggleOpen(): void;
}

function GameRowView({ game, selected, open, onToggleSelect, onToggleOpen }: GameRowViewProps) {
  const locale = useDisplayLocale();
  return (
    <tr
      className={`clickable${open ? ' open' : ''}${selected ? ' selected' : ''}`}
      onClick={onToggleOpen}
      data-testid="history-game"
      data-result={game.result}
      aria-expanded={open}
    >
      <td className="check" onClick={(event) => event.stopPropagation()}>
        <input type="checkbox" aria-label="Select this game" checked={selected} onChange={onToggleSelect} />
      </td>
      <td className="nowrap">{formatDateTime(game.startedAt, locale)}</td>
      <td>
        <span className={`card-result ${game.result}`}>{RESULT_LABELS[game.result]}</span>
      </td>
      <td>
        <DeckLabel deckCode={game.deckCode} regions={game.deckRegions} champions={game.deckChampions} />
      </td>
      <td className="opponent" data-testid="history-game-opponent">
        {game.opponentName ?? <span className="muted">unknown</span>}
      </td>
      <td className="num">{formatGameTime(game.durationSeconds)}</td>
      <td className="num">{game.playCount}</td>
    </tr>
  );
}
