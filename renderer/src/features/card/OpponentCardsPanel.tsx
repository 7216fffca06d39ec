import { memo, useEffect, useMemo, useState } from 'react';
import type { OverlayState, SeenCardRow } from '@shared/contract';
import { useOverlayState } from '../../state/AppContext';
import { CardRow, type TrackerLayout } from './CardRow';
import { codeListOf, codesOf, rowOf } from './cardRows';
import { createFreshCards, type FreshCards } from './freshCards';
import { TrackerPanel } from './TrackerPanel';

/** How long a card the opponent just put on the board stays lit. */
const FRESH_MS = 4000;
const NO_ROWS: readonly SeenCardRow[] = [];

const opponentRows = (state: OverlayState): readonly SeenCardRow[] =>
  state.card.game?.opponentCards ?? NO_ROWS;

/**
 * The opponent's cards that have been on the board, counted, in the order first seen. Nothing guessed. Each part
 * reads only what it draws (the figure the total, the list the codes, a row its own card), so a card played
 * renders its row and the total (and the list when the row is new), not the panel nor the other rows.
 */
export function OpponentCardsPanel({ layout }: { layout: TrackerLayout }) {
  const [freshCards] = useState(createFreshCards);
  const opponentName = useOverlayState((state) => state.card.game?.opponentName ?? null);
  // Read on every list pushed, it shows each one to `freshCards` (the empty list the page may open on too), so
  // the first card played is lit in the render that adds its row.
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

function SeenFigure() {
  const seen = useOverlayState((state) => opponentRows(state).reduce((sum, row) => sum + row.count, 0)) ?? 0;
  return (
    <span className="figure" data-testid="opponent-cards-seen">
      <strong>{seen}</strong> {seen === 1 ? 'card' : 'cards'} seen
    </span>
  );
}

/** The rows, in the order first seen: renders again only when a card not seen before is played. */
const OpponentRows = memo(function OpponentRows({ freshCards }: { freshCards: FreshCards }) {
  const codeList = useOverlayState((state) => codeListOf(opponentRows(state))) ?? '';
  const codes = useMemo(() => codesOf(codeList), [codeList]);
  return (
    <ul className="card-list">
      {codes.map((code, index) => (
        <OpponentRow key={code} code={code} index={index} freshCards={freshCards} />
      ))}
    </ul>
  );
});

/** One of the opponent's cards: renders when its count or its light changes, and only then. */
const OpponentRow = memo(function OpponentRow({
  code,
  index,
  freshCards,
}: {
  code: string;
  index: number;
  freshCards: FreshCards;
}) {
  const row = useOverlayState((state) => rowOf(opponentRows(state), index, code));
  // Lit in the render that adds the row or raises its count, not in a second commit an effect asks for.
  const light = useOverlayState((state) => freshCards.lightOf(opponentRows(state), code)) ?? 0;
  const [wentOut, setWentOut] = useState(0);
  useEffect(() => {
    if (light === 0 || light === wentOut) return;
    const timer = window.setTimeout(() => setWentOut(light), FRESH_MS);
    return () => window.clearTimeout(timer);
  }, [light, wentOut]);
  if (!row) return null;
  return (
    <SeenCardRowView row={row} fresh={light !== 0 && light !== wentOut} testId={`opponent-row-${code}`} />
  );
});

function SeenCardRowView({ row, fresh, testId }: { row: SeenCardRow; fresh?: boolean; testId?: string }) {
  return (
    <CardRow
      card={row.card}
      count={row.count}
      countPrefix="×"
      countTitle={`${row.count} ${row.count === 1 ? 'copy' : 'copies'}`}
      fresh={fresh}
      testId={testId}
    />
  );
}

/** Cards with how many copies: seen on the board, or in a deck list. */
export function SeenCardList({ rows, testIdPrefix }: { rows: SeenCardRow[]; testIdPrefix?: string }) {
  return (
    <ul className="card-list">
      {rows.map((row) => (
        <SeenCardRowView
          key={row.card.code}
          row={row}
          testId={testIdPrefix ? `${testIdPrefix}-${row.card.code}` : undefined}
        />
      ))}
    </ul>
  );
}
