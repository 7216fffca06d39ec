import { z } from 'zod';
import { CARD_GAME_RESULTS, type CardGameResult, type CardPlay, type SeenCardRow } from './card';

/**
 * The match history of both games, stored on this computer only: the arena games the live client saw end and
 * the card games the deck tracker followed. Requests only; the card history's status is pushed with the card game.
 */

// Arena games.

/** A finished arena game in the match history. */
export interface ArenaGameRow {
  id: number;
  /** Epoch ms. */
  startedAt: number;
  durationSeconds: number;
  champion: string;
  championKey: string;
  playerId: string;
  kills: number;
  deaths: number;
  assists: number;
  creepScore: number;
  result: ArenaGameResult;
  /**
   * The queue's name, as `queueName` has it: the exact queue once the web API's record of the game is found,
   * else where the game mode tells the queue ("5v5 ARAM").
   */
  queue: string;
  /** The client's game mode ("CLASSIC"): what the queue filter picks by. */
  mode: string;
  /** The web API's match ID of this game ("EUW1_7101004000"), once found after the game; null before. */
  matchId: string | null;
  /** The queue the web API's record names, once found; null before. */
  queueId: number | null;
  damaged: false;
}

/** A stored arena game whose row cannot be read (a number that is not one): listed, deletable, never shown as NaN. */
export interface DamagedArenaGameRow {
  id: number;
  damaged: true;
}

/** A line of the arena history: a game, or a row that is damaged. */
export type ArenaHistoryEntry = ArenaGameRow | DamagedArenaGameRow;

/**
 * Where the web API's record of an arena game stands. Found: its match ID and queue. Otherwise why not, each a
 * calm state: no key, no Riot ID stored with the game, not listed (yet), or the service refused or is busy.
 */
export type ArenaMatchLookup =
  | { state: 'found'; matchId: string; queueId: number; queue: string }
  | { state: 'no-key' }
  | { state: 'no-riot-id' }
  | { state: 'not-found' }
  | { state: 'unavailable'; message: string };

/** The web API's answer about one of the player's games; `ArenaMatchLookup` adds the queue's name. */
export type PlayedMatchSearch =
  { state: 'found'; matchId: string; queueId: number } | Exclude<ArenaMatchLookup, { state: 'found' }>;

export const ARENA_GAME_RESULTS = ['win', 'loss', 'unknown'] as const;
export type ArenaGameResult = (typeof ARENA_GAME_RESULTS)[number];

/** A queue the arena history holds games of, for the filter: the game mode and its queue's name. */
export interface ArenaQueueChoice {
  mode: string;
  name: string;
}

export interface ArenaHistoryPage {
  /** Newest first. */
  games: ArenaHistoryEntry[];
  /** Games matching the filter (the page may hold fewer). */
  total: number;
  /** Every champion in the history, for the filter. */
  champions: string[];
  /** Every queue in the history, for the filter. */
  queues: ArenaQueueChoice[];
}

export const arenaHistoryFilterSchema = z.strictObject({
  /** The champion's display name, exactly. */
  champion: z.string().trim().min(1).max(100).optional(),
  /** The game mode ("CLASSIC"), as ArenaQueueChoice has it. */
  mode: z.string().trim().min(1).max(100).optional(),
  /** Epoch ms, inclusive: games started at or after. */
  from: z.number().int().nonnegative().optional(),
  /** Epoch ms, exclusive: games started before. */
  to: z.number().int().nonnegative().optional(),
  result: z.enum(ARENA_GAME_RESULTS).optional(),
});
export type ArenaHistoryFilter = z.output<typeof arenaHistoryFilterSchema>;

// Card games.

export interface CardGameRow {
  id: number;
  startedAt: number;
  endedAt: number;
  durationSeconds: number;
  result: CardGameResult;
  deckCode: string | null;
  /** Region letters of the deck's cards, most cards first. */
  deckRegions: string[];
  /** The deck's champions' names (codes while the card data is not loaded), most copies first. */
  deckChampions: string[];
  playerName: string | null;
  opponentName: string | null;
  /** The client's GameID; it starts over (at -1 or 0) with the client, so it only identifies a game with the start time. */
  clientGameId: number | null;
  playCount: number;
  opponentCardCount: number;
}

export interface CardGameDetail extends CardGameRow {
  deck: SeenCardRow[];
  plays: CardPlay[];
  opponentCards: SeenCardRow[];
}

export interface DeckRecord {
  deckCode: string | null;
  deckRegions: string[];
  deckChampions: string[];
  games: number;
  wins: number;
  losses: number;
  lastPlayedAt: number;
}

export interface CardHistoryPage {
  games: CardGameRow[];
  /** Games matching the filter (the page may hold fewer). */
  total: number;
  /** The record of each deck over the games matching the date and opponent filters. */
  decks: DeckRecord[];
  /** Every opponent name in the history, for the filter's suggestions. */
  opponents: string[];
}

/** An export made into a file, which the page downloads from `downloadPath` (once, within minutes). */
export interface HistoryExport {
  fileName: string;
  mimeType: string;
  games: number;
  /** Damaged rows the filter selected that the file leaves out (their numbers are not numbers). */
  damagedSkipped: number;
  /** A path on the page's own origin (`/download/<random id>`); a browser-host page adds its token. */
  downloadPath: string;
}

const deckCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z2-7]{1,400}$/, 'must be a deck code');

export const cardHistoryFilterSchema = z.strictObject({
  /** A deck code, or '' for games whose deck list was never read. */
  deckCode: z.union([deckCodeSchema, z.literal('')]).optional(),
  /** Part of the opponent's name, any case. */
  opponent: z.string().trim().max(100).optional(),
  /** Epoch ms, inclusive: games started at or after. */
  from: z.number().int().nonnegative().optional(),
  /** Epoch ms, exclusive: games started before. */
  to: z.number().int().nonnegative().optional(),
  result: z.enum(CARD_GAME_RESULTS).optional(),
});
export type CardHistoryFilter = z.output<typeof cardHistoryFilterSchema>;

/** Which stored games a delete takes: these, or every one (with the finished games still waiting to be saved). */
export const historyDeleteSchema = z.union([
  z.strictObject({
    ids: z.array(z.number().int().positive()).min(1, 'select at least one game').max(1000),
  }),
  z.strictObject({ all: z.literal(true) }),
]);
export type HistoryDelete = z.output<typeof historyDeleteSchema>;

/** The history's settings: how long games are kept. */
export const historySettingsSchema = z
  .object({
    /** Games that started more than this many days ago are deleted; null keeps every game. */
    retentionDays: z.number().int().min(1).max(3650).nullable().default(null),
  })
  .prefault({});
export const historySettingsPatchSchema = z
  .object({ retentionDays: z.number().int().min(1).max(3650).nullable() })
  .partial()
  .strict();

const exportFormatSchema = z.enum(['csv', 'json']);

export const historyRequestInputSchemas = {
  'history.arena.list': arenaHistoryFilterSchema.extend({
    limit: z.number().int().min(1).max(500).default(100),
    offset: z.number().int().min(0).default(0),
  }),
  'history.arena.delete': historyDeleteSchema,
  /** Finds the game's web API record when not found yet (with a key and the game's Riot ID). */
  'history.arena.match': z.strictObject({ id: z.number().int().positive() }),
  'history.arena.export': z.strictObject({
    format: exportFormatSchema,
    filter: arenaHistoryFilterSchema.default({}),
  }),
  'history.card.list': cardHistoryFilterSchema.extend({
    limit: z.number().int().min(1).max(1000).default(200),
    offset: z.number().int().min(0).default(0),
  }),
  'history.card.game': z.strictObject({ id: z.number().int().positive() }),
  'history.card.delete': historyDeleteSchema,
  'history.card.export': z.strictObject({
    format: exportFormatSchema,
    filter: cardHistoryFilterSchema.default({}),
    /** Opponents' names are other people's: a file has them only when asked. */
    includeOpponents: z.boolean().default(false),
  }),
} as const;

export interface HistoryRequestOutputs {
  'history.arena.list': ArenaHistoryPage;
  /** Games taken out of the history, those still waiting to be saved included. */
  'history.arena.delete': { deleted: number };
  'history.arena.export': HistoryExport;
  'history.arena.match': ArenaMatchLookup;
  'history.card.list': CardHistoryPage;
  'history.card.game': CardGameDetail;
  /** Games taken out of the history, those still waiting to be saved included. */
  'history.card.delete': { deleted: number };
  'history.card.export': HistoryExport;
}

/** Every history channel: the history feature alone answers them (the games' features only write games). */
export type HistoryChannel = keyof HistoryRequestOutputs;
export type CardHistoryChannel = Extract<HistoryChannel, `history.card.${string}`>;
export type ArenaHistoryChannel = Extract<HistoryChannel, `history.arena.${string}`>;
