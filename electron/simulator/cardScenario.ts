import { z } from 'zod';
import { intervalSchema } from './intervals';

/** The `card` section of a scenario: the card client's local API, as a timeline of steps. */

const seconds = z.number().nonnegative();
const cardCode = z.string().regex(/^\d{2}[A-Z]{2}\d{3}(T\d+)?$/, 'must be a card code like "01DE012"');

const rectangleSchema = z.strictObject({
  CardID: z.number().int(),
  CardCode: z.union([cardCode, z.literal('face')]),
  TopLeftX: z.number().int(),
  /** Measured from the bottom edge of the client. */
  TopLeftY: z.number().int(),
  Width: z.number().int().positive(),
  Height: z.number().int().positive(),
  LocalPlayer: z.boolean(),
});
export type CardRectangle = z.output<typeof rectangleSchema>;

const screenSchema = z.strictObject({
  ScreenWidth: z.number().int().positive(),
  ScreenHeight: z.number().int().positive(),
});
export type CardScreen = z.output<typeof screenSchema>;

const stepSchema = z.discriminatedUnion('kind', [
  /** Collection or deck builder: nulls, no rectangles, a 1x1 screen. */
  z.strictObject({ at: seconds, kind: z.literal('menus') }),
  /**
   * A game in progress. The first game step after menus must name the players and the deck;
   * later game steps inherit whatever they omit, so a draw only lists Rectangles.
   */
  z.strictObject({
    at: seconds,
    kind: z.literal('game'),
    PlayerName: z.string().min(1).optional(),
    OpponentName: z.string().min(1).optional(),
    DeckCode: z
      .string()
      .regex(/^[A-Z2-7]+$/, 'must be a base32 deck code')
      .optional(),
    CardsInDeck: z.record(cardCode, z.number().int().positive()).optional(),
    Screen: screenSchema.optional(),
    Rectangles: z.array(rectangleSchema).default([]),
  }),
  /** A game completed: GameID increments (or takes the given value) and the client returns to menus. */
  z.strictObject({
    at: seconds,
    kind: z.literal('result'),
    LocalPlayerWon: z.boolean(),
    GameID: z.number().int().optional(),
  }),
  /** The client restarted: GameID goes back to where it starts (the simulator's gameIdStart), menus. */
  z.strictObject({ at: seconds, kind: z.literal('restart') }),
]);
export type CardStep = z.output<typeof stepSchema>;

export const cardScenarioSchema = z
  .strictObject({
    /** Intervals (scenario seconds) when the client is not running: connection refused. */
    absent: z.array(intervalSchema).default([]),
    timeline: z.array(stepSchema).default([]),
  })
  .superRefine((card, ctx) => {
    let previous: CardStep | undefined;
    card.timeline.forEach((step, index) => {
      if (previous && step.at < previous.at) {
        ctx.addIssue({
          code: 'custom',
          path: ['timeline', index, 'at'],
          message: `is before the previous step (${previous.at} s)`,
        });
      }
      if (step.kind === 'game' && previous?.kind !== 'game') {
        for (const field of ['PlayerName', 'OpponentName', 'DeckCode', 'CardsInDeck'] as const) {
          if (step[field] === undefined) {
            ctx.addIssue({
              code: 'custom',
              path: ['timeline', index, field],
              message: 'is required on the first step of a game',
            });
          }
        }
      }
      previous = step;
    });
  });
export type CardScenario = z.output<typeof cardScenarioSchema>;
