import { z } from 'zod';

/**
 * The card client's three records (spec 2 §2.4), validated at the boundary. Unknown fields are
 * ignored; a value of the wrong type makes the whole answer unreadable, never half-used.
 */

const rectangleSchema = z.object({
  CardID: z.number().int(),
  /** "face" for the nexus / champion-face rectangles, which are not cards. */
  CardCode: z.string(),
  TopLeftX: z.number(),
  /** Measured from the bottom edge of the client. */
  TopLeftY: z.number(),
  Width: z.number(),
  Height: z.number(),
  LocalPlayer: z.boolean(),
});
export type CardRectangle = z.output<typeof rectangleSchema>;

export const positionalRectanglesSchema = z.object({
  PlayerName: z.string().nullable().default(null),
  OpponentName: z.string().nullable().default(null),
  GameState: z.string(),
  Screen: z.object({ ScreenWidth: z.number(), ScreenHeight: z.number() }),
  // Menus answer an empty list; tolerate a null one the same way.
  Rectangles: z
    .array(rectangleSchema)
    .nullable()
    .transform((rectangles) => rectangles ?? []),
});
export type PositionalRectangles = z.output<typeof positionalRectanglesSchema>;

export const staticDecklistSchema = z.object({
  DeckCode: z.string().nullable().default(null),
  CardsInDeck: z.record(z.string(), z.number().int().nonnegative()).nullable().default(null),
});
export type StaticDecklist = z.output<typeof staticDecklistSchema>;

export const gameResultSchema = z.object({
  GameID: z.number().int(),
  LocalPlayerWon: z.boolean(),
});
export type GameResult = z.output<typeof gameResultSchema>;

export const IN_PROGRESS = 'InProgress';

/** The card code the client gives the nexus and champion-face rectangles. */
export const FACE_CARD_CODE = 'face';
