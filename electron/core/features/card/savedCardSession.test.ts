import { describe, expect, it } from 'vitest';
import { reduceCardSession, saveCardSession, EMPTY_CARD_SESSION } from './cardGameSession';
import { FACES, hand, recordedAt } from './fixtures/recordedGame';
import { parseSavedCardSession, serializeSavedCardSession } from './savedCardSession';

describe('saved card sessions', () => {
  const session = reduceCardSession(EMPTY_CARD_SESSION, {
    kind: 'rectangles',
    at: recordedAt(1),
    record: {
      PlayerName: 'Sightline',
      OpponentName: 'decks_are_fun',
      GameState: 'InProgress',
      Screen: { ScreenWidth: 1920, ScreenHeight: 1080 },
      Rectangles: [...FACES, hand(10, '01DE001')],
    },
  });
  const saved = saveCardSession(session, recordedAt(2));

  it('read back what was written', () => {
    if (!saved) throw new Error('nothing to save');
    expect(parseSavedCardSession(serializeSavedCardSession(saved))).toEqual(saved);
  });

  it('drop what does not fit rather than half-use it', () => {
    if (!saved) throw new Error('nothing to save');
    const text = serializeSavedCardSession(saved);
    expect(parseSavedCardSession('not json')).toBeNull();
    expect(parseSavedCardSession(text.replace('"format":1', '"format":2'))).toBeNull();
    expect(parseSavedCardSession(text.replace('"zone":"hand"', '"zone":"graveyard"'))).toBeNull();
    expect(parseSavedCardSession('{}')).toBeNull();
  });
});
