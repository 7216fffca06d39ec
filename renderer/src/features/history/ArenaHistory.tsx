import { Fragment, useMemo, useState } from 'react';
import { formatGameTime, type ArenaGameRow, type DamagedArenaGameRow } from '@shared/contract';
import { ConfirmChoice } from '../../ui/ConfirmChoice';
import { useDisplayLocale } from '../../ui/locale/useDisplayLocale';
import { formatDateTime } from '../../ui/locale/dateFormat';
import { RequestError } from '../../ui/RequestError';
import { ArenaFilters } from './ArenaFilters';
import { ArenaGameDetail } from './ArenaGameDetail';
import {
  HistoryDeleteButtons,
  HistoryExportButtons,
  SelectAllHeader,
  useGameSelection,
} from './HistoryGameTools';
import { arenaFilterOf, EMPTY_ARENA_FILTER, isArenaFiltered, type ArenaFilterForm } from './arenaFilter';
import { ARENA_RESULT_LABELS } from './arenaResultLabels';
import { useArenaHistory, useExportArenaHistory } from './useArenaHistory';
import { useDeleteHistoryGames } from './useDeleteHistoryGames';
import './history.css';

const PAGE_SIZE = 50;
const COLUMNS = 9;

/** The arena games the scoreboard saw end (the local player's own line, as the game showed it), with the card tab's tools. */
export function ArenaHistory() {
  const [form, setForm] = useState<ArenaFilterForm>(EMPTY_ARENA_FILTER);
  const [offset, setOffset] = useState(0);
  const selection = useGameSelection();
  const [opened, setOpened] = useState<number | null>(null);
  const filter = useMemo(() => arenaFilterOf(form), [form]);
  const list = useArenaHistory(filter, { limit: PAGE_SIZE, offset });
  const remove = useDeleteHistoryGames('arena');
  const exporter = useExportArenaHistory();
  const page = list.data;
  const games = page?.games ?? [];

  const changeFilter = (next: ArenaFilterForm) => {
    setForm(next);
    setOffset(0);
    selection.clear();
  };
  const deleted = () => {
    selection.clear();
    setOpened(null);
  };

  return (
    <div className="history-page" data-testid="arena-history-page">
      <ArenaFilters
        form={form}
        champions={page?.champions ?? []}
        queues={page?.queues ?? []}
        onChange={changeFilter}
      />
      <section className="panel history-games" aria-labelledby="arena-history-title">
        <div className="history-toolbar">
          <h2 id="arena-history-title">Arena games</h2>
          <span className="muted" data-testid="arena-history-total">
            {page
              ? `${page.total} ${page.total === 1 ? 'game' : 'games'}${isArenaFiltered(form) ? ' match' : ''}`
              : ''}
          </span>
          <div className="history-actions">
            <HistoryExportButtons
              testIdPrefix="arena-history"
              disabled={!page || page.total === 0 || exporter.isPending}
              onExport={(format) => exporter.mutate({ format, filter })}
            />
            <HistoryDeleteButtons
              testIdPrefix="arena-history"
              gameName="arena"
              selection={selection}
              remove={remove}
              hasGames={Boolean(page)}
              onDeleted={deleted}
            />
          </div>
        </div>
        <RequestError error={list.error ?? remove.error ?? exporter.error} testId="arena-history-error" />
        {exporter.data && exporter.data.damagedSkipped > 0 ? (
          <p className="muted" role="status" data-testid="arena-history-export-summary">
            {exporter.data.games} {exporter.data.games === 1 ? 'game' : 'games'} exported;{' '}
            {exporter.data.damagedSkipped} damaged{' '}
            {exporter.data.damagedSkipped === 1 ? 'record was' : 'records were'} left out.
          </p>
        ) : null}
        {page && page.total === 0 ? (
          <p className="history-empty" data-testid="arena-history-empty">
            {isArenaFiltered(form)
              ? 'No game matches these filters.'
              : 'No arena games yet. Games the scoreboard follows to the end appear here; they are stored on this computer only.'}
          </p>
        ) : (
          <table className="history-table games" data-testid="arena-history">
            <thead>
              <tr>
                <SelectAllHeader selection={selection} ids={games.map((game) => game.id)} />
                <th scope="col">Date</th>
                <th scope="col">Result</th>
                <th scope="col">Champion</th>
                <th scope="col">Queue</th>
                <th scope="col" className="num">
                  K / D / A
                </th>
                <th scope="col" className="num">
                  CS
                </th>
                <th scope="col" className="num">
                  Length
                </th>
                <th scope="col" aria-label="Delete" />
              </tr>
            </thead>
            <tbody>
              {games.map((game) =>
                game.damaged ? (
                  <DamagedArenaGameRowView
                    key={game.id}
                    game={game}
                    selected={selection.selected.has(game.id)}
                    confirming={selection.confirming === game.id}
                    deleting={remove.isPending}
                    onToggleSelect={() => selection.toggle(game.id)}
                    onDelete={() => selection.setConfirming(game.id)}
                    onConfirmDelete={() => remove.mutate({ ids: [game.id] }, { onSuccess: deleted })}
                    onKeep={() => selection.setConfirming(null)}
                  />
                ) : (
                  <Fragment key={game.id}>
                    <ArenaGameRowView
                      game={game}
                      selected={selection.selected.has(game.id)}
                      open={opened === game.id}
                      confirming={selection.confirming === game.id}
                      deleting={remove.isPending}
                      onToggleSelect={() => selection.toggle(game.id)}
                      onToggleOpen={() => setOpened(opened === game.id ? null : game.id)}
                      onDelete={() => selection.setConfirming(game.id)}
                      onConfirmDelete={() => remove.mutate({ ids: [game.id] }, { onSuccess: deleted })}
                      onKeep={() => selection.setConfirming(null)}
                    />
                    {opened === game.id ? (
                      <tr className="detail-row">
                        <td colSpan={COLUMNS}>
                          <ArenaGameDetail game={game} />
                        </td>
                      </tr>
                    ) : null}
                  </Fragment>
                ),
              )}
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
  );
}

interface ArenaGameRowViewProps {
  game: ArenaGameRow;
  selected: boolean;
  open: boolean;
  confirming: boolean;
  deleting: boolean;
  onToggleSelect(): void;
  onToggleOpen(): void;
  onDelete(): void;
  onConfirmDelete(): void;
  onKeep(): void;
}

function ArenaGameRowView(props: ArenaGameRowViewProps) {
  const { game, selected, open } = props;
  const locale = useDisplayLocale();
  const when = formatDateTime(game.startedAt, locale);
  return (
    <tr
      className={`clickable${open ? ' open' : ''}${selected ? ' selected' : ''}`}
      onClick={props.onToggleOpen}
      data-testid="arena-history-game"
      data-result={game.result}
      aria-expanded={open}
    >
      <td className="check" onClick={own}>
        <input
          type="checkbox"
          aria-label="Select this game"
          checked={selected}
          onChange={props.onToggleSelect}
        />
      </td>
      <td className="nowrap">{when}</td>
      <td>
        <span className={`card-result ${game.result}`}>{ARENA_RESULT_LABELS[game.result]}</span>
      </td>
      <td>{game.champion}</td>
      <td data-testid="arena-history-queue">{game.queue}</td>
      <td className="num" data-testid="arena-history-kda">
        {game.kills} / {game.deaths} / {game.assists}
      </td>
      <td className="num">{game.creepScore}</td>
      <td className="num">{formatGameTime(game.durationSeconds)}</td>
      <DeleteCell {...props} label={`Delete the ${game.champion} game of ${when}`} />
    </tr>
  );
}

/** The checkbox and the delete button act on their own, without opening the game. */
const own = (event: { stopPropagation(): void }) => event.stopPropagation();

function DeleteCell(
  props: Pick<
    ArenaGameRowViewProps,
    'confirming' | 'deleting' | 'onDelete' | 'onConfirmDelete' | 'onKeep'
  > & {
    label: string;
  },
) {
  return (
    <td className="history-row-actions" onClick={own}>
      {props.confirming ? (
        <ConfirmChoice
          className="danger"
          pending={props.deleting}
          onConfirm={props.onConfirmDelete}
          onKeep={props.onKeep}
          testId="arena-history-delete-confirm"
        >
          Delete for good
        </ConfirmChoice>
      ) : (
        <button
          type="button"
          aria-label={props.label}
          onClick={props.onDelete}
          data-testid="arena-history-delete"
        >
          Delete
        </button>
      )}
    </td>
  );
}

/** A row the history cannot read: said so in one line, never shown as numbers it does not hold; it can go. */
function DamagedArenaGameRowView(
  props: Omit<ArenaGameRowViewProps, 'game' | 'open' | 'onToggleOpen'> & { game: DamagedArenaGameRow },
) {
  return (
    <tr className={props.selected ? 'selected' : undefined} data-testid="arena-history-damaged">
      <td className="check" onClick={own}>
        <input
          type="checkbox"
          aria-label="Select this damaged record"
          checked={props.selected}
          onChange={props.onToggleSelect}
        />
      </td>
      <td colSpan={COLUMNS - 2} className="muted">
        This game’s record is damaged and can’t be shown.
      </td>
      <DeleteCell {...props} label="Delete this damaged record" />
    </tr>
  );
}
