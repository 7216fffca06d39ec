import type { DeckTrackerRow, OverlayState } from '@shared/contract';
import { useOverlayState, useOverlayWrite } from '../../state/AppContext';
import { writeText } from '../../ui/writeText';
import { writeCardList, type CardRowView } from './cardListWriter';
import { TrackerPanel, type TrackerLayout } from './TrackerPanel';

const NO_ROWS: readonly DeckTrackerRow[] = [];

const deckRows = (state: OverlayState): readonly DeckTrackerRow[] => state.card.game?.deck ?? NO_ROWS;

/**
 * The local player's deck: every card of the list with the copies still in the deck, greyed at zero. The rows and
 * the figures are written into the page as each state arrives: a card drawn renders nothing.
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
const writeFigure = (element: HTMLElement, value: number): void => writeText(element, String(value));

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

/** A deck row as its list shows it: the copies still in the deck, greyed at zero. */
const deckView = (row: DeckTrackerRow): CardRowView => ({
  key: row.card.code,
  card: row.card,
  count: row.left,
  countTitle: `${row.left} of ${row.total} left in the deck`,
  spent: row.left === 0,
  testId: `deck-row-${row.card.code}`,
});

const writeDeckRows = (list: HTMLUListElement, rows: readonly DeckTrackerRow[]): void =>
  writeCardList(list, rows.map(deckView));

/** The rows in the deck list's order, written for each state pushed: only what changed is touched. */
function DeckRows() {
  const { ref } = useOverlayWrite(deckRows, writeDeckRows);
  return <ul className="card-list" ref={ref} />;
}
