import type { AppState } from './appState';
import { INITIAL_CARD_GAME_STATE, type TrackedCardGame } from './card';
import type { HostLinkKind } from './hostLinks';
import { INITIAL_LIVE_GAME, type LiveClock, type LiveGameState, type LivePlayer } from './live';
import { isOverlayName, type OverlayName } from './overlays';
import { SOURCE_IDS, type SourceId, type SourceStatus } from './sources';

/**
 * Who a stream of app state is for. The companion (its page, the desktop's own windows) gets everything; an
 * overlay (an OBS source holding the overlay token, often shown on stream or shared, and the desktop's overlay
 * windows) gets only what overlays draw. The browser host's two kinds of link are these two audiences.
 */
export type Audience = HostLinkKind;

/** What an overlay may read of one slice: all of it, or only the listed fields. */
type SliceShare<K extends keyof AppState> = 'all' | readonly (keyof AppState[K])[];

/**
 * The one list of what overlays receive, in their snapshot and in every patch: the live game, the card game
 * being played, the sources' states, and of the static data only the revision that makes images and lookups
 * refetch. Every slice not listed (the store and its checkout, sign-on, tournaments, web API, the data folder,
 * replay) and every field not listed (the card history's errors, the static data's cache paths) never
 * reaches them.
 */
export const OVERLAY_STATE_SHARE = {
  sources: 'all',
  live: 'all',
  card: ['phase', 'game', 'lastGame', 'board'],
  staticData: ['revision'],
} as const satisfies { readonly [K in keyof AppState]?: SliceShare<K> };

type OverlayShare = typeof OVERLAY_STATE_SHARE;

/** The app state as an overlay receives it. Every overlay view reads only this. */
export type OverlayState = {
  [K in keyof OverlayShare & keyof AppState]: OverlayShare[K] extends readonly (infer F extends
    keyof AppState[K])[]
    ? Pick<AppState[K], F>
    : AppState[K];
};

function pick<T extends object>(slice: T, fields: readonly (keyof T)[]): Partial<T> {
  const picked: Partial<T> = {};
  for (const field of fields) picked[field] = slice[field];
  return picked;
}

/** Cuts the app state down to what overlays receive (OVERLAY_STATE_SHARE); untouched slices keep their identity. */
export function overlayStateOf(state: AppState): OverlayState {
  const projected: Partial<Record<keyof AppState, unknown>> = {};
  for (const [key, share] of Object.entries(OVERLAY_STATE_SHARE) as [
    keyof OverlayShare,
    SliceShare<keyof OverlayShare>,
  ][]) {
    const slice: object = state[key];
    projected[key] = share === 'all' ? slice : pick(slice, share as readonly (keyof typeof slice)[]);
  }
  return projected as OverlayState;
}

/**
 * What a route draws of one field of a slice: all of it, (an object, or null) only some of its fields, or (the
 * game's clock) only where it runs from (runningClockOrigin).
 */
type FieldShare<T> =
  | 'all'
  | readonly (keyof NonNullable<T>)[]
  | (NonNullable<T> extends LiveClock ? 'origin' : never)
  | (NonNullable<T> extends LivePlayer[] ? 'bar' : never);

/**
 * What one overlay route draws of the overlay's state: some of its slices, each whole, some of its fields, or
 * some of its fields each cut further (the card game's deck for the deck tracker, not the opponent's cards).
 */
type RouteShare = {
  readonly [K in keyof OverlayState]?:
    | 'all'
    | readonly (keyof OverlayState[K])[]
    | { readonly [F in keyof OverlayState[K]]?: FieldShare<OverlayState[K][F]> };
};

// The three arena routes draw the same widgets. The two deck trackers draw the local player's deck, the two
// opponent's-cards routes the cards the opponent put on the board: neither is sent the other's changes.
/**
 * The arena overlays (the bar, the feed) draw the game but not the figures every poll moves: the players' farm
 * and vision, the active player's gold and stats (left at their start value). The clock is where it runs from
 * and each dead player's countdown the game time it ends (`'bar'`), so a poll that moves only those is pushed
 * as nothing and the bar draws the same seconds.
 */
const ARENA_ROUTE_SHARE = {
  live: {
    phase: 'all',
    clock: 'origin',
    gameMode: 'all',
    mapName: 'all',
    mapNumber: 'all',
    spectator: 'all',
    result: 'all',
    players: 'bar',
    teams: 'all',
    feed: 'all',
    lastGame: 'all',
    layout: 'all',
    broadcast: 'all',
  },
  staticData: ['revision'],
} as const satisfies RouteShare;
const DECK_ROUTE_SHARE = {
  card: { phase: 'all', game: ['startedAt', 'mulligan', 'deck', 'deckSize', 'cardsLeft', 'drawn', 'inHand'] },
  staticData: ['revision'],
} as const satisfies RouteShare;
const OPPONENT_ROUTE_SHARE = {
  card: { phase: 'all', game: ['startedAt', 'opponentName', 'opponentCards'] },
  staticData: ['revision'],
} as const satisfies RouteShare;

// The board route labels the cards on screen: it is sent the board, not the deck nor the opponent's list.
const BOARD_ROUTE_SHARE = {
  card: ['phase', 'board'],
  staticData: ['revision'],
} as const satisfies RouteShare;

/**
 * What each overlay route draws, a subset of OVERLAY_STATE_SHARE: a page that names its route is pushed only
 * this, so a card overlay is sent nothing while only the arena game moves (and the other way round). Cut from
 * the overlay's state, never from the whole app state, so naming a route can only narrow what an overlay gets.
 */
export const OVERLAY_ROUTE_SHARES = {
  status: { sources: 'all', live: { phase: 'all', clock: 'origin' } },
  scoreboard: ARENA_ROUTE_SHARE,
  feed: ARENA_ROUTE_SHARE,
  arena: ARENA_ROUTE_SHARE,
  'deck-tracker': DECK_ROUTE_SHARE,
  'deck-tracker-compact': DECK_ROUTE_SHARE,
  'opponent-cards': OPPONENT_ROUTE_SHARE,
  'opponent-cards-compact': OPPONENT_ROUTE_SHARE,
  board: BOARD_ROUTE_SHARE,
} as const satisfies Record<OverlayName, RouteShare>;

export type OverlayRouteShare = (typeof OVERLAY_ROUTE_SHARES)[OverlayName];

/** The share of the overlay route a page names (`arena`), or null for anything else: that page gets the plain overlay feed. */
export function overlayRouteShareOf(route: string | null): OverlayRouteShare | null {
  return route !== null && isOverlayName(route) ? OVERLAY_ROUTE_SHARES[route] : null;
}

const NOT_RUNNING: SourceStatus = { state: 'not-running', reason: null, since: 0 };

/** The overlay's state before anything is known: what a route is shown of the parts it does not draw. */
const NOTHING_KNOWN: OverlayState = {
  sources: Object.fromEntries(SOURCE_IDS.map((id) => [id, NOT_RUNNING])) as Record<SourceId, SourceStatus>,
  live: INITIAL_LIVE_GAME,
  card: { phase: INITIAL_CARD_GAME_STATE.phase, game: null, lastGame: null, board: null },
  staticData: { revision: 0 },
};

/** A card game with nothing of it drawn: what a card route is shown of the fields it does not draw. */
const UNDRAWN_CARD_GAME: TrackedCardGame = {
  startedAt: 0,
  playerName: null,
  opponentName: null,
  deckCode: null,
  mulligan: false,
  deck: [],
  deckSize: 0,
  cardsLeft: 0,
  drawn: 0,
  inHand: 0,
  plays: [],
  opponentCards: [],
};

/** Of each field a route may cut further, its value with nothing drawn (the rest it is not shown). */
const UNDRAWN_FIELDS: Record<string, Record<string, object>> = { card: { game: UNDRAWN_CARD_GAME } };

type Share = 'all' | 'origin' | 'bar' | readonly string[] | { readonly [field: string]: Share };

/** How finely a running clock's start is given (runningClockOrigin): the time drawn is off by half of it at most. */
const CLOCK_ORIGIN_GRID_MS = 100;

/**
 * How far a poll's reading of the running clock's start may wander from the one last given before it moves: a
 * poll's latency (its answer read later on a loaded machine) moves the reading by tens of milliseconds, often
 * across a grid line, and each move is a patch and a render of every clock on the page. A pause or a stall moves
 * it by seconds.
 */
const CLOCK_ORIGIN_SLACK_MS = 250;

/**
 * A running game's clock as the one reading every poll agrees on: game time 0 when the game started, to the
 * nearest 100 ms, kept from the last one given (`given`) while the readings stay within the slack of it. Each
 * poll reads a later time a little later, the same clock but for that poll's latency, so a page that draws only
 * the clock (the status overlay) is pushed nothing while the game runs on, and draws the same seconds. Not
 * running (loading, ended), the clock is the game's own last reading.
 */
function runningClockOrigin(
  game: Pick<LiveGameState, 'phase' | 'clock'>,
  given: LiveClock | null = null,
): LiveClock | null {
  if (!game.clock || game.phase !== 'in-game') return game.clock;
  const startedAt = game.clock.sampledAt - game.clock.gameTime * 1000;
  if (given?.gameTime === 0 && Math.abs(given.sampledAt - startedAt) <= CLOCK_ORIGIN_SLACK_MS) return given;
  return { gameTime: 0, sampledAt: Math.round(startedAt / CLOCK_ORIGIN_GRID_MS) * CLOCK_ORIGIN_GRID_MS };
}

/** A second's tenth: how finely a dead player's respawn is given on the running clock (barPlayersOf). */
const RESPAWN_GRID_S = 0.1;

/**
 * The players as the bar draws them on the running clock (runningClockOrigin): no farm or vision figures, and a
 * dead player's respawn timer counted from the game's start (its respawn's game time, to a tenth of a second),
 * which every poll agrees on as the game's own timer runs down with its clock.
 */
function barPlayersOf(game: Pick<LiveGameState, 'phase' | 'clock' | 'players'>): LivePlayer[] {
  const clock = game.clock;
  const sinceStart = clock && game.phase === 'in-game' ? clock.gameTime : null;
  return game.players.map((player) => ({
    ...player,
    creepScore: 0,
    wardScore: player.wardScore === null ? null : 0,
    respawnTimer:
      sinceStart === null || !player.isDead
        ? player.respawnTimer
        : Math.round((player.respawnTimer + sinceStart) / RESPAWN_GRID_S) * RESPAWN_GRID_S,
  }));
}

// Each value cut once per share: an unchanged value (the state is never changed in place) gives the same cut
// back, so the feed's diff passes over it by identity instead of comparing it field by field at every change.
const cuts = new WeakMap<object, Map<Share, unknown>>();

/**
 * `value` cut to `share`; what it does not draw is `nothing`'s (null stays null: no game is no game). `given` is
 * the same part as last cut, which a running clock's start keeps while polls agree on it.
 */
function cut(
  share: Share,
  value: object | null,
  nothing: object,
  undrawn: Record<string, object> = {},
  given: unknown = null,
): unknown {
  if (share === 'all' || share === 'origin' || share === 'bar' || value === null) return value;
  if (isFieldList(share)) {
    const known = cuts.get(value) ?? new Map<Share, unknown>();
    cuts.set(value, known);
    if (!known.has(share))
      known.set(share, { ...nothing, ...pick(value, share as readonly (keyof typeof value)[]) });
    return known.get(share);
  }
  const narrowed: Record<string, unknown> = { ...nothing };
  for (const [field, fieldShare] of Object.entries(share)) {
    const fieldValue = (value as Record<string, object | null>)[field] ?? null;
    const givenField =
      typeof given === 'object' && given !== null ? (given as Record<string, unknown>)[field] : null;
    narrowed[field] =
      fieldShare === 'origin'
        ? runningClockOrigin(value as LiveGameState, givenField as LiveClock | null)
        : fieldShare === 'bar'
          ? barPlayersOf(value as LiveGameState)
          : cut(fieldShare, fieldValue, undrawn[field] ?? {}, {}, givenField);
  }
  return narrowed;
}

function isFieldList(share: Share): share is readonly string[] {
  return Array.isArray(share);
}

/**
 * Cuts an overlay's state down to what one route draws (OVERLAY_ROUTE_SHARES). The parts it does not draw stay
 * at their start value for good (no game, nothing known, an empty list), so every overlay view reads the one
 * OverlayState shape and a patch never carries them. `given` is the route's last cut, whose running clock start
 * holds while polls agree on it.
 */
export function overlayRouteStateOf(
  share: OverlayRouteShare,
  state: OverlayState,
  given: OverlayState | null = null,
): OverlayState {
  const narrowed: Record<string, unknown> = { ...NOTHING_KNOWN };
  for (const [key, sliceShare] of Object.entries(share) as [keyof OverlayState, Share][]) {
    narrowed[key] = cut(sliceShare, state[key], NOTHING_KNOWN[key], UNDRAWN_FIELDS[key], given?.[key]);
  }
  return narrowed as OverlayState;
}

/** The overlay route a page at `path` draws (`/overlay/arena` → `arena`), or null for any other page. */
export function overlayRouteOfPath(path: string): OverlayName | null {
  const name = path.startsWith('/overlay/') ? path.slice('/overlay/'.length) : null;
  return name !== null && isOverlayName(name) ? name : null;
}

/** What a view is pushed, not knowing its audience beforehand: the whole app state, or an overlay's cut of it. */
export type PushedState = AppState | OverlayState;

/** The audience pushed state was cut for: an overlay's has only the slices OVERLAY_STATE_SHARE lists. */
export function audienceOfState(state: PushedState): Audience {
  return Object.keys(state).some((slice) => !Object.hasOwn(OVERLAY_STATE_SHARE, slice))
    ? 'companion'
    : 'overlay';
}

/** Whether pushed state is the companion's, the whole app state. */
export function isCompanionState(state: PushedState): state is AppState {
  return audienceOfState(state) === 'companion';
}
