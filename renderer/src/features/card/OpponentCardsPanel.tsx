import { useEffect, useState } from 'react';
import type { SeenCardRow, TrackedCardGame } from '@shared/contract';
import { CardRow, type TrackerLayout } from './CardRow';
import { countsByCode, raisedCounts } from './cardRows';
import { TrackerPanel } from './TrackerPanel';

/** How long a card the opponent just put on the board stays lit. */
const FRESH_MS = 4000;
const NONE: ReadonlySet<string> = new Set();

/** The opponent's cards that have been on the board, counted, in the order first seen. Nothing guessed. */
export function OpponentCardsPanel({ game, layout }: { game: TrackedCardGame; layout: TrackerLayout }) {
  const seen = game.opponentCards.reduce((sum, row) => sum + row.count, 0);
  const fresh = useJustSeen(game.opponentCards);
  return (
    <TrackerPanel
      label="Opponent's cards seen"
      title="Opponent"
      aside={game.opponentName ? <span className="tracker-player">{game.opponentName}</span> : null}
      figures={
        <span className="figure" data-testid="opponent-cards-seen">
          <strong>{seen}</strong> {seen === 1 ? 'card' : 'cards'} seen
        </span>
      }
      layout={layout}
      side="opponent"
      testId="opponent-cards"
      empty={game.opponentCards.length === 0 ? 'No card played yet.' : null}
    >
      <SeenCardList rows={game.opponentCards} testIdPrefix="opponent-row" fresh={fresh} />
    </TrackerPanel>
  );
}

/** The cards whose count went up in the last few seconds. */
function useJustSeen(rows: readonly SeenCardRow[]): ReadonlySet<string> {
  // Worked out while rendering the new rows (React renders again at once, before committing): lit in the same
  // commit as the new row, not in a second commit an effect asked for, on every card the opponent plays.
  const [seen, setSeen] = useState(() => ({ rows, counts: countsByCode(rows), fresh: NONE }));
  if (seen.rows !== rows) {
    const raised = raisedCounts(seen.counts, rows);
    setSeen({ rows, counts: countsByCode(rows), fresh: raised.size > 0 ? raised : seen.fresh });
  }
  const { fresh } = seen;
  useEffect(() => {
    if (fresh.size === 0) return;
    const timer = window.setTimeout(() => setSeen((now) => ({ ...now, fresh: NONE })), FRESH_MS);
    return () => window.clearTimeout(timer);
  }, [fresh]);
  return fresh;
}

/** Cards with how many copies: seen on the board, or in a deck list. */
export function SeenCardList({
  rows,
  testIdPrefix,
  fresh = NONE,
}: {
  rows: SeenCardRow[];
  testIdPrefix?: string;
  fresh?: ReadonlySet<string>;
}) {
  return (
    <ul className="card-list">
      {rows.map((row) => (
        <CardRow
          key={row.card.code}
          card={row.card}
          count={row.count}
          countPrefix="×"
          countTitle={`${row.count} ${row.count === 1 ? 'copy' : 'copies'}`}
          fresh={fresh.has(row.card.code)}
          testId={testIdPrefix ? `${testIdPrefix}-${row.card.code}` : undefined}
        />
      ))}
    </ul>
  );
}
