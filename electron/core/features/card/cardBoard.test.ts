import { describe, expect, it } from 'vitest';
import { diffState } from '@shared/contract/statePatch';
import type { CardCatalog } from './catalog/cardCatalog';
import { cardBoardView, EMPTY_BOARD_TRACK, trackBoard } from './cardBoard';
import type { CardRectangle, PositionalRectangles } from './cardClientRecords';

const SCREEN = { ScreenWidth: 1920, ScreenHeight: 1080 };
const catalog: CardCatalog = {
  lookup: (code) =>
    code === '01DE012' ? { name: 'Garen', cost: 5, region: 'Demacia', artUrl: null, champion: true } : null,
};

function rect(CardID: number, CardCode: string, LocalPlayer: boolean, TopLeftY: number): CardRectangle {
  return { CardID, CardCode, TopLeftX: 100 * CardID, TopLeftY, Width: 120, Height: 180, LocalPlayer };
}

function frame(Rectangles: CardRectangle[], GameState = 'InProgress'): PositionalRectangles {
  return { PlayerName: 'me', OpponentName: 'them', GameState, Screen: SCREEN, Rectangles };
}

describe('the board overlay’s cards', () => {
  it('turns the client’s bottom-left Y into a top edge and names the card', () => {
    const board = cardBoardView(
      trackBoard(EMPTY_BOARD_TRACK, frame([rect(3, '01DE012', true, 400)])),
      catalog,
    );
    expect(board?.screen).toEqual({ width: 1920, height: 1080 });
    expect(board?.cardsById).toEqual({
      3: expect.objectContaining({ cardId: 3, left: 300, top: 680, width: 120, height: 180, local: true }),
    });
    expect(board?.cardsById[3]?.card).toMatchObject({ name: 'Garen', cost: 5 });
  });

  it('labels no face-down card and nothing in the opponent’s hand along the top edge', () => {
    const track = trackBoard(
      EMPTY_BOARD_TRACK,
      frame([
        rect(1, 'face', true, 300),
        rect(2, 'face', false, 900),
        // The opponent's hand: cards half off the top of the screen.
        rect(4, '01DE012', false, 1080 + 60),
        rect(5, '01DE012', false, 1000),
        rect(6, '01DE012', false, 700),
      ]),
    );
    const board = cardBoardView(track, catalog);
    expect(Object.keys(board?.cardsById ?? {})).toEqual(['6']);
    // Nor is a hidden card the opponent's latest play.
    expect(board?.opponentJustPlayed).toBe(6);
  });

  it('marks the opponent’s card that reached the board last, until it leaves it', () => {
    let track = trackBoard(EMPTY_BOARD_TRACK, frame([rect(6, '01DE012', false, 700)]));
    track = trackBoard(track, frame([rect(6, '01DE012', false, 700), rect(9, '01DE012', false, 700)]));
    expect(track.opponentJustPlayed).toBe(9);
    // A frame with nothing new keeps the mark; the card leaving the board takes it off.
    track = trackBoard(track, frame([rect(6, '01DE012', false, 700), rect(9, '01DE012', false, 700)]));
    expect(track.opponentJustPlayed).toBe(9);
    track = trackBoard(track, frame([rect(6, '01DE012', false, 700)]));
    expect(track.opponentJustPlayed).toBeNull();
    // The player's own cards are never the opponent's play.
    track = trackBoard(track, frame([rect(6, '01DE012', false, 700), rect(12, '01DE012', true, 500)]));
    expect(track.opponentJustPlayed).toBeNull();
  });

  it('has no board in menus', () => {
    const track = trackBoard(
      trackBoard(EMPTY_BOARD_TRACK, frame([rect(6, '01DE012', false, 700)])),
      frame([], 'Menus'),
    );
    expect(cardBoardView(track, catalog)).toBeNull();
  });

  it('sends nothing of a card that stays where it was when another leaves the board and one arrives', () => {
    const before = trackBoard(
      EMPTY_BOARD_TRACK,
      frame([rect(6, '01DE012', false, 700), rect(9, '01DE012', false, 700), rect(12, '01DE012', true, 500)]),
    );
    const after = trackBoard(
      before,
      frame([
        rect(9, '01DE012', false, 700),
        rect(12, '01DE012', true, 500),
        rect(15, '01DE012', false, 700),
      ]),
    );
    const ops = diffState(cardBoardView(before, catalog), cardBoardView(after, catalog));
    // The card that left and the one that came (now the opponent's latest play), not the two that stayed.
    expect(ops).toEqual([
      { op: 'delete', path: ['cardsById', '6'] },
      { op: 'set', path: ['cardsById', '15'], value: expect.objectContaining({ cardId: 15 }) },
      { op: 'set', path: ['opponentJustPlayed'], value: 15 },
    ]);
  });
});
