import { memo, useMemo } from 'react';
import type { DeckTrackerRow, OverlayState } from '@shared/contract';
import { useOverlayState, useOverlayWrite } from '../../state/AppContext';
import { CardRow, writeCardCount, type TrackerLayout } from './CardRow';
import { codeListOf, codesOf, rowOf } from './cardRows';
import { TrackerPanel } from './TrackerPanel';

const NO_ROWS: readonly DeckTrackerRow[] = [];

const deckRows = (state: OverlayState): readonly DeckTrackerRow[] => state.card.game?.deck ?? NO_ROWS;

/**
 * The local player's deck: every card of the list with the copies still in the deck, greyed at zero. Each part
 * reads only what it draws (the list the codes, a row its own card), and the counts a card drawn changes (its row's,
 * the figures) are written into the page without a render: a card drawn renders nothing.
 */
export function DeckColumn({ layout }: { layout: TrackerLayout }) {
  const mulligan = useOverlayState((state) => state.card.game?.mulligan ?? false);
  const empty = useOverlayState((state) => deckRows(state).length === 0);
  return (
    <TrackerPanel
      label="Your deck"
      title="Deck"
      aside={mulligan ? <span className="tracker-badge">Mulligan</span> : null}
      figures={<DeckFigures />}
      layout={layout}
      testId="deck-column"
      empty={empty === false ? null : 'Reading the deck list…'}
    >
      <DeckRows />
    </TrackerPanel>
  );
}

/** Puts a figure's number in its element, whose only child is that number. */
function writeFigure(element: HTMLElement, value: number): void {
  const number = element.firstChild;
  const text = String(value);
  if (number instanceof Text && number.data !== text) number.data = text;
}

function DeckFigures() {
  const { ref: leftRef, value: left } = useOverlayWrite(
    (state) => state.card.game?.cardsLeft ?? 0,
    writeFigure,
  );
  const { ref: drawnRef, value: drawn } = useOverlayWrite(
    (state) => state.card.game?.drawn ?? 0,
    writeFigure,
  );
  const { ref: inHandRef, value: inHand } = useOverlayWrite(
    (state) => state.card.game?.inHand ?? 0,
    writeFigure,
  );
  return (
    <>
      <span className="figure" data-testid="deck-cards-left">
        <strong ref={leftRef}>{left ?? 0}</strong> left
      </span>
      <span className="figure muted" data-testid="deck-drawn">
        <span ref={drawnRef}>{drawn ?? 0}</span> drawn
      </span>
      <span className="figure muted" data-testid="deck-in-hand">
        <span ref={inHandRef}>{inHand ?? 0}</span> in hand
      </span>
    </>
  );
}

/** The rows in the deck list's order: renders again only when the list itself changes (a new game's deck). */
const DeckRows = memo(function DeckRows() {
  const codeList = useOverlayState((state) => codeListOf(deckRows(state))) ?? '';
  const codes = useMemo(() => codesOf(codeList), [codeList]);
  return (
    <ul className="card-list">
      {codes.map((code, index) => (
        <DeckRow key={code} code={code} index={index} />
      ))}
    </ul>
  );
});

/** A deck row's count as its row shows it. */
const countOf = (row: DeckTrackerRow) => ({
  count: row.left,
  countTitle: `${row.left} of ${row.total} left in the deck`,
  spent: row.left === 0,
});

const writeDeckRow = (element: HTMLLIElement, row: DeckTrackerRow | null): void => {
  if (row) writeCardCount(element, countOf(row));
};

/** One card of the deck: renders when its card changes (its data arrives), and only then; its count is written. */
const DeckRow = memo(function DeckRow({ code, index }: { code: string; index: number }) {
  const card = useOverlayState((state) => rowOf(deckRows(state), index, code)?.card ?? null);
  const { ref, value: row } = useOverlayWrite(
    (state) => rowOf(deckRows(state), index, code) ?? null,
    writeDeckRow,
  );
  if (!card || !row) return null;
  return <CardRow ref={ref} card={card} {...countOf(row)} testId={`deck-row-${code}`} />;
});
