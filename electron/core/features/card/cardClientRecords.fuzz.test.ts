import { describe } from 'vitest';
import { jsonInputs } from '../../tools/testkit/fuzz/fuzzInputs';
import { fuzzParser, parsedBy, schemaProblem } from '../../tools/testkit/fuzz/parserFuzz';
import { gameResultSchema, positionalRectanglesSchema, staticDecklistSchema } from './cardClientRecords';
import { board, FACES, hand, opponentBoard } from './fixtures/recordedGame';

const inGame = {
  PlayerName: 'Sightline',
  OpponentName: 'Opponent',
  GameState: 'InProgress',
  Screen: { ScreenWidth: 1920, ScreenHeight: 1080 },
  Rectangles: [...FACES, hand(10, '01DE012'), board(11, '01NX020', 1), opponentBoard(40, '01FR024')],
};
const inMenus = {
  PlayerName: null,
  OpponentName: null,
  GameState: 'Menus',
  Screen: inGame.Screen,
  Rectangles: [],
};

// The three frames the card client answers (spec 2 §2.4), each read by the card watcher with its schema.
const frames = [
  {
    name: 'card positional-rectangles',
    schema: positionalRectanglesSchema,
    samples: [inGame, inMenus],
  },
  {
    name: 'card static-decklist',
    schema: staticDecklistSchema,
    samples: [
      {
        DeckCode: 'CEBAIAIFB4WDANQIAEAQGDAUDAQSIJZUAIAQCAIEAEAQKBIA',
        CardsInDeck: { '01DE012': 3, '01NX020': 2 },
      },
      { DeckCode: null, CardsInDeck: null },
    ],
  },
  { name: 'card game-result', schema: gameResultSchema, samples: [{ GameID: 3, LocalPlayerWon: true }] },
];

describe('card client frames, fuzzed', () => {
  for (const { name, schema, samples } of frames) {
    fuzzParser({
      name,
      inputs: jsonInputs(samples),
      parse: (body) => parsedBy(schema, body),
      outputProblem: (record) => schemaProblem(schema, record),
    });
  }
});
