import { memo, useMemo } from 'react';
import type { DeckTrackerRow, OverlayState } from '@shared/contract';
import { useOverlayState } from '../../state/AppContext';
import { CardRow, type TrackerLayout } from './CardRow';
import { codeListOf, codesOf, rowOf } from './cardRows';
import { TrackerPanel } from './TrackerPanel';

const NO_ROWS: readonly DeckTrackerRow[] = [];

const deckRows = (state: OverlayState): readonly DeckTrackerRow[] => state.card.game?.deck ?? NO_ROWS;

/**
 * The local player's deck: every card of the list with the copies still in the deck, greyed at zero. Each part
 * reads only what it draws (the figures their counts, the list the codes, a row its own card), so a card drawn
 * renders its row and the figures, not the panel nor the other rows.
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

function DeckFigures() {
  const cardsLeft = useOverlayState((state) => state.card.game?.cardsLeft ?? 0);
  const drawn = useOverlayState((state) => state.card.game?.drawn ?? 0);
  const inHand = useOverlayState((state) => state.card.game?.inHand ?? 0);
  return (
    <>
      <span className="figure" data-testid="deck-cards-left">
        <strong>{cardsLeft}</strong> left
      </span>
      <span className="figure muted" data-testid="deck-drawn">
        {drawn} drawn
      </span>
      <span className="figure muted" data-testid="deck-in-hand">
        {inHand} in hand
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

/** One card of the deck: renders when its copies left change, and only then. */
const DeckRow = memo(function DeckRow({ code, index }: { code: string; index: number }) {
  const row = useOverlayState((state) => rowOf(deckRows(state), index, code));
  if (!row) return null;
  return (
    <CardRow
      card={row.card}
      count={row.left}
      countTitle={`${row.left} of ${row.total} left in the deck`}
      spent={row.left === 0}
      testId={`deck-row-${code}`}
    />
  );
});
