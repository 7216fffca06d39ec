import { describe, expect, it } from 'vitest';
import { createSyntheticCardGame, SYNTHETIC_GAME_FRAMES } from './syntheticCardGame';

describe('the synthetic card game the benches play', () => {
  it('draws its frames where the card client does, so the tracker sees a hand, draws and plays', () => {
    const game = createSyntheticCardGame();
    for (let step = 0; step < 20; step += 1) game.step(1_000 + step * 1_000);
    const tracked = game.state.game;
    expect(game.state.phase).toBe('in-game');
    expect(tracked?.inHand).toBe(5);
    // Five in hand at first, one more drawn with each later frame; the faces are never cards.
    expect(tracked?.drawn).toBe(24);
    expect(tracked?.cardsLeft).toBe(40 - 24);
    expect(tracked?.opponentCards.map((row) => row.card.code)).not.toContain('face');
    // The opponent plays one card with each frame after the first.
    expect(tracked?.opponentCards.reduce((sum, row) => sum + row.count, 0)).toBe(19);
  });

  it("plays the opponent's cards from a legal deck: its list grows to 14 codes, then counts copies", () => {
    const game = createSyntheticCardGame();
    for (let step = 0; step < SYNTHETIC_GAME_FRAMES; step += 1) game.step(1_000 + step * 1_000);
    const rows = game.state.game?.opponentCards ?? [];
    expect(rows).toHaveLength(14);
    expect(Math.max(...rows.map((row) => row.count))).toBeLessThanOrEqual(3);
    expect(rows.reduce((sum, row) => sum + row.count, 0)).toBe(SYNTHETIC_GAME_FRAMES - 1);
  });

  it('starts a new game when the deck is nearly drawn, so the deck tracker changes every second of a long bench', () => {
    const game = createSyntheticCardGame();
    const cardsLeft: number[] = [];
    for (let step = 0; step < 200; step += 1) {
      game.step(1_000 + step * 1_000);
      cardsLeft.push(game.state.game?.cardsLeft ?? -1);
    }
    expect(game.state.phase).toBe('in-game');
    // Every step draws a card: one fewer left, or a fresh deck with five in hand.
    for (const [step, left] of cardsLeft.entries()) {
      expect(left).toBe(step % SYNTHETIC_GAME_FRAMES === 0 ? 35 : (cardsLeft[step - 1] ?? 0) - 1);
    }
    expect(Math.min(...cardsLeft)).toBeGreaterThan(0);
    expect(game.state.game?.opponentName).toBe(`opponent ${Math.floor(199 / SYNTHETIC_GAME_FRAMES) + 1}`);
  });
});
