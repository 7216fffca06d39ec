import type { TrackedCardGame } from '@shared/contract';
import { CardRow, type TrackerLayout } from './CardRow';
import { TrackerPanel } from './TrackerPanel';

/** The local player's deck: every card of the list with the copies still in the deck, greyed at zero. */
export function DeckColumn({ game, layout }: { game: TrackedCardGame; layout: TrackerLayout }) {
  return (
    <TrackerPanel
      label="Your deck"
      title="Deck"
      aside={game.mulligan ? <span className="tracker-badge">Mulligan</span> : null}
      figures={
        <>
          <span className="figure" data-testid="deck-cards-left">
            <strong>{game.cardsLeft}</strong> left
          </span>
          <span className="figure muted" data-testid="deck-drawn">
            {game.drawn} drawn
          </span>
          <span className="figure muted" data-testid="deck-in-hand">
            {game.inHand} in hand
          </span>
        </>
      }
      layout={layout}
      testId="deck-column"
      empty={game.deck.length === 0 ? 'Reading the deck list…' : null}
    >
      <ul className="card-list">
        {game.deck.map((row) => (
          <CardRow
            key={row.card.code}
            card={row.card}
            count={row.left}
            countTitle={`${row.left} of ${row.total} left in the deck`}
            spent={row.left === 0}
            testId={`deck-row-${row.card.code}`}
          />
        ))}
      </ul>
    </TrackerPanel>
  );
}
