import { useState } from 'react';
import { ConfirmChoice } from '../../ui/ConfirmChoice';
import type { useDeleteHistoryGames } from './useDeleteHistoryGames';

const EXPORT_FORMATS = [
  { format: 'csv', label: 'Export CSV' },
  { format: 'json', label: 'Export JSON' },
] as const;

export type HistoryExportFormat = (typeof EXPORT_FORMATS)[number]['format'];

/** What a delete waits a second click for: one game (by id), the selected games, or every game. */
export type DeleteConfirming = number | 'selected' | 'all' | null;

/**
 * The games a history tab has ticked and the delete waiting for its second click, shared by both games' tabs:
 * a change of filter or of the ticks drops the waiting delete, and a delete that went through clears both.
 */
export function useGameSelection() {
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [confirming, setConfirming] = useState<DeleteConfirming>(null);
  return {
    selected,
    confirming,
    setConfirming,
    toggle(id: number) {
      const next = new Set(selected);
      if (!next.delete(id)) next.add(id);
      setSelected(next);
      setConfirming(null);
    },
    /** Ticks every game of the page, or none when all are ticked already. */
    toggleAll(ids: readonly number[]) {
      const all = ids.length > 0 && ids.every((id) => selected.has(id));
      setSelected(all ? new Set() : new Set(ids));
    },
    allSelected: (ids: readonly number[]) => ids.length > 0 && ids.every((id) => selected.has(id)),
    clear() {
      setSelected(new Set());
      setConfirming(null);
    },
  };
}

export type GameSelection = ReturnType<typeof useGameSelection>;

/** Export CSV and Export JSON, off while there is nothing to export or an export runs. */
export function HistoryExportButtons({
  testIdPrefix,
  disabled,
  onExport,
}: {
  testIdPrefix: string;
  disabled: boolean;
  onExport(format: HistoryExportFormat): void;
}) {
  return (
    <>
      {EXPORT_FORMATS.map(({ format, label }) => (
        <button
          key={format}
          type="button"
          disabled={disabled}
          onClick={() => onExport(format)}
          data-testid={`${testIdPrefix}-export-${format}`}
        >
          {label}
        </button>
      ))}
    </>
  );
}

/** "Delete (n)" and "Delete all", each asked twice; `gameName` says which game's history ("arena", "card"). */
export function HistoryDeleteButtons({
  testIdPrefix,
  gameName,
  selection,
  remove,
  hasGames,
  onDeleted,
}: {
  testIdPrefix: string;
  gameName: string;
  selection: GameSelection;
  remove: ReturnType<typeof useDeleteHistoryGames>;
  hasGames: boolean;
  onDeleted(): void;
}) {
  const { selected, confirming, setConfirming } = selection;
  const done = { onSuccess: onDeleted };
  if (confirming === 'selected')
    return (
      <ConfirmChoice
        className="danger"
        pending={remove.isPending}
        onConfirm={() => remove.mutate({ ids: [...selected] }, done)}
        onKeep={() => setConfirming(null)}
        testId={`${testIdPrefix}-delete-selected-confirm`}
      >
        Delete {selected.size} {selected.size === 1 ? 'game' : 'games'} for good
      </ConfirmChoice>
    );
  if (confirming === 'all')
    return (
      <ConfirmChoice
        className="danger"
        pending={remove.isPending}
        onConfirm={() => remove.mutate({ all: true }, done)}
        onKeep={() => setConfirming(null)}
        testId={`${testIdPrefix}-delete-all-confirm`}
      >
        Delete every {gameName} game for good
      </ConfirmChoice>
    );
  return (
    <>
      <button
        type="button"
        disabled={selected.size === 0}
        onClick={() => setConfirming('selected')}
        data-testid={`${testIdPrefix}-delete-selected`}
      >
        Delete{selected.size > 0 ? ` (${selected.size})` : ''}
      </button>
      <button
        type="button"
        disabled={!hasGames}
        onClick={() => setConfirming('all')}
        data-testid={`${testIdPrefix}-delete-all`}
      >
        Delete all
      </button>
    </>
  );
}

/** The header cell that ticks every game of the page. */
export function SelectAllHeader({ selection, ids }: { selection: GameSelection; ids: readonly number[] }) {
  return (
    <th scope="col" className="check">
      <input
        type="checkbox"
        aria-label="Select every game on this page"
        checked={selection.allSelected(ids)}
        onChange={() => selection.toggleAll(ids)}
      />
    </th>
  );
}
