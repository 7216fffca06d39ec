import type { BoardCard, CardBoard } from '@shared/contract';
import { memo, type CSSProperties } from 'react';
import { LegalFooter } from '../legal/LegalNotice';
import { useCardGame } from './useCardGame';
import './boardOverlay.css';

/**
 * Where a card's label goes, in viewport units (the overlay fills the page): the client's screen and the page are
 * the same picture at two sizes (the OBS source over the game capture), so these put it over the card at any size.
 * The label is moved by `transform`, never `left`/`top`: the board's cards shift a slot whenever one is played,
 * and a moved transform is repainted where a moved `left` or `top` is laid out again.
 */
export function boardLabelStyle(card: BoardCard, screen: CardBoard['screen']): CSSProperties {
  const share = (value: number, of: number) => (value / of) * 100;
  const x = share(card.left + card.width / 2, screen.width);
  // Low on the card, over its name plate rather than its art.
  const y = share(card.top + card.height * 0.8, screen.height);
  return {
    transform: `translate(calc(${x}vw - 50%), calc(${y}vh - 50%))`,
    maxWidth: `${share(card.width, screen.width)}vw`,
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
          {Object.values(board.cardsById).map((boardCard) => (
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
