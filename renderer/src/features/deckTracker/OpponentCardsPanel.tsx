import type { SeenCardRow, TrackedCardGame } from '@shared/contract';
import { CardRow, type TrackerLayout } from './CardRow';
import { TrackerPanel } from './TrackerPanel';

/** The opponent's cards that have been on the board, counted, in the order first seen. Nothing guessed. */
export function OpponentCardsPanel({ game, layout }: { game: TrackedCardGame; layout: TrackerLayout }) {
  const seen = game.opponentCards.reduce((sum, row) => sum + row.count, 0);
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
      testId="opponent-cards"
      empty={game.opponentCards.length === 0 ? 'No card played yet.' : null}
    >
      <SeenCardList rows={game.opponentCards} testIdPrefix="opponent-row" />
    </TrackerPanel>
  );
}

/** Cards with how many copies: seen on the board, or in a deck list. */
export function SeenCardList({ rows, testIdPrefix }: { rows: SeenCardRow[]; testIdPrefix?: string }) {
  return (
    <ul className="card-list">
      {rows.map((row) => (
        <CardRow
          key={row.card.code}
          card={row.card}
          count={row.count}
          countPrefix="×"
          countTitle={`${row.count} ${row.count === 1 ? 'copy' : 'copies'}`}
          testId={testIdPrefix ? `${testIdPrefix}-${row.card.code}` : undefined}
        />
      ))}
    </ul>
  );
}
