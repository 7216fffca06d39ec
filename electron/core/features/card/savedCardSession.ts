import { z } from 'zod';
import type { SavedCardSession } from './cardGameSession';

/**
 * The saved progress of the game under way, as stored in the history database. It is read back after a
 * restart, possibly by a newer version of the app, so it is checked like any outside input: anything
 * that does not fit is dropped (that game then starts over), never half-used.
 */

const SAVED_FORMAT = 1;

const cardCount = z.record(z.string(), z.number().int().nonnegative());

const trackedCardSchema = z.object({
  cardId: z.number().int(),
  code: z.string(),
  zone: z.enum(['hand', 'board', 'gone']),
  drawnAt: z.number().nullable(),
  framesOutOfHand: z.number().int().nonnegative(),
  missingFrames: z.number().int().nonnegative(),
  missingSince: z.number().nullable(),
});

const cardEventSchema = z.object({ cardId: z.number().int(), code: z.string(), at: z.number() });

const trackerSchema = z.object({
  deckCode: z.string().nullable(),
  deck: cardCount.nullable(),
  mulligan: z.boolean(),
  openingHand: z.array(z.number().int()),
  local: z.record(z.string(), trackedCardSchema),
  plays: z.array(cardEventSchema),
  opponent: z.array(cardEventSchema),
  inHand: z.number().int().nonnegative(),
  lastFrameAt: z.number().nullable(),
});

const savedSchema = z.object({
  format: z.literal(SAVED_FORMAT),
  phase: z.enum(['in-game', 'ended']),
  endedAt: z.number().nullable(),
  savedAt: z.number(),
  game: z.object({
    startedAt: z.number(),
    playerName: z.string().nullable(),
    opponentName: z.string().nullable(),
    tracker: trackerSchema,
    decklistReadAt: z.number().nullable(),
    baselineGameId: z.number().int().nullable(),
    baselineAttempts: z.number().int().nonnegative(),
    clientRestarted: z.boolean(),
  }),
});

export function serializeSavedCardSession(saved: SavedCardSession): string {
  return JSON.stringify({ format: SAVED_FORMAT, ...saved });
}

export function parseSavedCardSession(text: string): SavedCardSession | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = savedSchema.safeParse(value);
  if (!parsed.success) return null;
  const { phase, endedAt, savedAt, game } = parsed.data;
  return { phase, endedAt, savedAt, game };
}
