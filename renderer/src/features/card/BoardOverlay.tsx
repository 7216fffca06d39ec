import type { BoardCard, CardBoard } from '@shared/contract';
import { memo, type CSSProperties } from 'react';
import { LegalFooter } from '../legal/LegalNotice';
import { useCardGame } from './useCardGame';
import './boardOverlay.css';

/**
 * Where a card's label goes, in percent of the page: the client's screen and the page are the same picture at
 * two sizes (the OBS source over the game capture), so percentages put it over the card at any size.
 */
export function boardLabelStyle(card: BoardCard, screen: CardBoard['screen']): CSSProperties {
  const percent = (value: number, of: number) => `${(value / of) * 100}%`;
  return {
    left: percent(card.left + card.width / 2, screen.width),
    // Low on the card, over its name plate rather than its art.
    top: percent(card.top + card.height * 0.8, screen.height),
    maxWidth: percent(card.width, screen.width),
  };
}

/** The card's name and cost; its code when the card data is not loaded. */
const BoardLabel = memo(function BoardLabel({
  card,
  screen,
  justPlayed,
}: {
  card: BoardCard;
  screen: CardBoard['screen'];
  justPlayed: boolean;
}) {
  const { name, cost, code } = card.card;
  return (
    <div
      className={justPlayed ? 'board-label just-played' : 'board-label'}
      style={boardLabelStyle(card, screen)}
      data-testid="board-label"
      data-card-id={card.cardId}
      data-just-played={justPlayed || undefined}
    >
      {cost !== null ? <span className="board-label-cost">{cost}</span> : null}
      <span className="board-label-name">{name ?? code}</span>
    </div>
  );
});

/** OBS browser source / overlay window over the card game: each card's name where the client draws it. */
export function BoardOverlay() {
  const card = useCardGame();
  const board = card?.phase === 'in-game' ? card.board : null;
  return (
    <div className="board-overlay" data-testid="board-overlay" data-phase={card?.phase}>
      {board ? (
        <>
          {board.cards.map((boardCard) => (
            <BoardLabel
              key={boardCard.cardId}
              card={boardCard}
              screen={board.screen}
              justPlayed={boardCard.cardId === board.opponentJustPlayed}
            />
          ))}
          <div className="board-legal">
            <LegalFooter compact />
          </div>
        </>
      ) : null}
    </div>
  );
}
