import { describe, expect, it } from 'vitest';
import { createSyntheticCardGame } from './syntheticCardGame';

describe('the synthetic card game the benches play', () => {
  it('draws its frames where the card client does, so the tracker sees a hand, draws and plays', () => {
    const game = createSyntheticCardGame();
    for (let step = 0; step < 20; step += 1) game.step(1_000 + step * 1_000);
    const tracked = game.state.game;
    expect(game.state.phase).toBe('in-game');
    expect(tracked?.inHand).toBe(5);
    // Five in hand at first, one more drawn with each later frame; the faces are never cards.
    expect(tracked?.drawn).toBe(24);
    expect(tracked?.cardsLeft).toBe(120 - 24);
    expect(tracked?.opponentCards.map((row) => row.card.code)).not.toContain('face');
    // The opponent plays one card with each frame after the first.
    expect(tracked?.opponentCards.reduce((sum, row) => sum + row.count, 0)).toBe(19);
  });
});
