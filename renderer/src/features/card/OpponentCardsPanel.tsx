import { useState } from 'react';
import type { OverlayState, SeenCardRow } from '@shared/contract';
import { useOverlayState, useOverlayWrite } from '../../state/AppContext';
import { writeText } from '../../ui/writeText';
import { seenCardView } from './CardList';
import { writeCardList } from './cardListWriter';
import { createFreshCards, type FreshCards } from './freshCards';
import { TrackerPanel, type TrackerLayout } from './TrackerPanel';

/** How long a card the opponent just put on the board stays lit. */
const FRESH_MS = 4000;
const NO_ROWS: readonly SeenCardRow[] = [];

const opponentRows = (state: OverlayState): readonly SeenCardRow[] =>
  state.card.game?.opponentCards ?? NO_ROWS;

const seenOf = (state: OverlayState): number => opponentRows(state).reduce((sum, row) => sum + row.count, 0);

/**
 * The opponent's cards that have been on the board, counted, in the order first seen. Nothing guessed. What a card
 * played changes (its row, its light, the total) is written into the page as the state arrives: the panel renders
 * only when the game, the opponent or whether any card was seen changes.
 */
export function OpponentCardsPanel({ layout }: { layout: TrackerLayout }) {
  const [freshCards] = useState(createFreshCards);
  const opponentName = useOverlayState((state) => state.card.game?.opponentName ?? null);
  // Read on every list pushed, it shows each one to `freshCards` (the empty list the page may open on too), so
  // the first card played is lit when its row is first written.
  const empty = useOverlayState((state) => {
    const rows = opponentRows(state);
    freshCards.see(rows);
    return rows.length === 0;
  });
  return (
    <TrackerPanel
      label="Opponent's cards seen"
      title="Opponent"
      aside={opponentName ? <span className="tracker-player">{opponentName}</span> : null}
      figures={<SeenFigure />}
      layout={layout}
      side="opponent"
      testId="opponent-cards"
      empty={empty === false ? null : 'No card played yet.'}
    >
      <OpponentRows freshCards={freshCards} />
    </TrackerPanel>
  );
}

/** "N cards seen": the number and its noun, written as each list arrives. */
function writeSeen(figure: HTMLElement, seen: number): void {
  const [number, noun] = figure.children;
  writeText(number ?? null, String(seen));
  writeText(noun ?? null, seen === 1 ? 'card' : 'cards');
}

function SeenFigure() {
  const { ref, value } = useOverlayWrite(seenOf, writeSeen);
  const seen = value ?? 0;
  return (
    <span className="figure" data-testid="opponent-cards-seen" ref={ref}>
      <strong>{seen}</strong> <span>{seen === 1 ? 'card' : 'cards'}</span> seen
    </span>
  );
}

/**
 * The rows, in the order first seen, the card just played lit until the next one is or FRESH_MS pass. Written by
 * `writeCardList` for each list pushed, and once more when the light goes out.
 */
function OpponentRows({ freshCards }: { freshCards: FreshCards }) {
  const [writeRows] = useState(() => createOpponentRowsWriter(freshCards));
  const { ref } = useOverlayWrite(opponentRows, writeRows);
  return <ul className="card-list" ref={ref} />;
}

/** Writes the opponent's rows with their light, and puts the light out FRESH_MS after it came on. */
function createOpponentRowsWriter(freshCards: FreshCards) {
  let timer: number | undefined;
  let lit = 0;
  let wentOut = 0;
  // What was written last: the light goes out on the rows of its moment, not the ones it came on with.
  let shown: { list: HTMLUListElement; rows: readonly SeenCardRow[] } | null = null;
  const goOut = (light: number): void => {
    wentOut = light;
    // A list no longer in the page (the game ended) is left as it is.
    if (shown?.list.isConnected) write(shown.list, shown.rows);
  };
  const write = (list: HTMLUListElement, rows: readonly SeenCardRow[]): void => {
    shown = { list, rows };
    const views = rows.map((row) => {
      const light = freshCards.lightOf(rows, row.card.code);
      if (light !== 0 && light !== lit) {
        lit = light;
        window.clearTimeout(timer);
        timer = window.setTimeout(goOut, FRESH_MS, light);
      }
      return seenCardView(row, `opponent-row-${row.card.code}`, light !== 0 && light !== wentOut);
    });
    writeCardList(list, views);
  };
  return write;
}
