import { describe, expect, it } from 'vitest';
import { initialAppState, type AppState } from './appState';
import {
  audienceOfState,
  OVERLAY_ROUTE_SHARES,
  overlayRouteStateOf,
  overlayStateOf,
  type OverlayState,
} from './audience';
import {
  gameTimeAt,
  respawnSecondsAt,
  respawnTurnAt,
  type LiveActivePlayer,
  type LiveGameState,
  type LivePlayer,
} from './live';
import type { CardBoard, TrackedCardGame } from './card';

describe('overlayStateOf', () => {
  it('keeps what overlays draw and nothing else: no store, sign-on, tournament, web API, data folder or replay', () => {
    const state: AppState = initialAppState(5);
    const overlay = overlayStateOf(state);
    expect(Object.keys(overlay).sort()).toEqual(['card', 'live', 'sources', 'staticData']);
    expect(overlay.live).toBe(state.live);
    expect(overlay.sources).toBe(state.sources);
    expect(overlay.card).toEqual({ phase: 'no-game', game: null, lastGame: null, board: null });
    expect(overlay.staticData).toEqual({ revision: 0 });
  });

  it('tells the companion’s state from an overlay’s', () => {
    const state = initialAppState(5);
    expect(audienceOfState(state)).toBe('companion');
    expect(audienceOfState(overlayStateOf(state))).toBe('overlay');
  });

  it('sends the board route the cards on screen, and neither the deck nor the opponent’s list', () => {
    const board: CardBoard = {
      screen: { width: 1920, height: 1080 },
      cardsById: {},
      opponentJustPlayed: null,
    };
    const game = {
      deckCode: 'CEAA',
      deckSize: 40,
      opponentCards: [{ count: 1 }],
    } as unknown as TrackedCardGame;
    const state = initialAppState(5);
    const playing: AppState = { ...state, card: { ...state.card, phase: 'in-game', game, board } };
    const routed = overlayRouteStateOf(OVERLAY_ROUTE_SHARES.board, overlayStateOf(playing));
    expect(routed.card.board).toBe(board);
    expect(routed.card.phase).toBe('in-game');
    expect(routed.card.game).toBeNull();
    // The deck and opponent's-cards routes are not sent the board.
    for (const route of ['deck-tracker', 'opponent-cards'] as const)
      expect(overlayRouteStateOf(OVERLAY_ROUTE_SHARES[route], overlayStateOf(playing)).card.board).toBeNull();
  });
});

describe('the arena routes’ share', () => {
  const player = (name: string, fields: Partial<LivePlayer>): LivePlayer => ({
    id: name,
    name,
    tagLine: '',
    team: 'ORDER',
    championKey: 'Ahri',
    championName: 'Ahri',
    level: 6,
    kills: 1,
    deaths: 0,
    assists: 2,
    creepScore: 40,
    wardScore: 3,
    items: [null, null, null, null, null, null, null],
    spells: [],
    keystone: null,
    position: 'MIDDLE',
    isBot: false,
    isDead: false,
    respawnTimer: 0,
    isLocal: false,
    ...fields,
  });
  // Two polls of a running game 1.02 s apart (the game started at 1,000,000 ms): one player farmed, the dead
  // player's timer ran down with the clock, the active player earned gold.
  const pollAt = (gameTime: number, creepScore: number, gold: number): OverlayState => {
    const state = overlayStateOf(initialAppState(5));
    const live: LiveGameState = {
      ...state.live,
      phase: 'in-game',
      clock: { gameTime, sampledAt: 1_000_000 + gameTime * 1000 + 7 },
      players: [
        player('Farmer', { creepScore }),
        player('Fallen', { isDead: true, deaths: 1, respawnTimer: 130 - gameTime }),
      ],
      activePlayer: { playerId: 'Farmer', name: 'Farmer', level: 6, gold } as LiveActivePlayer,
    };
    return { ...state, live };
  };
  const before = pollAt(100, 40, 500);
  const after = pollAt(101.02, 41, 502.04);

  it('pushes nothing for a poll that moves only the clock, farm and gold, on every arena route', () => {
    for (const route of ['scoreboard', 'feed', 'arena'] as const) {
      const share = OVERLAY_ROUTE_SHARES[route];
      expect(overlayRouteStateOf(share, after), route).toEqual(overlayRouteStateOf(share, before));
    }
  });

  it('keeps the running clock’s start while polls read it a little late or early, and moves it when the game stalls', () => {
    const share = OVERLAY_ROUTE_SHARES.status;
    const at = (gameTime: number, latency: number): OverlayState => {
      const state = pollAt(gameTime, 40, 500);
      return {
        ...state,
        live: { ...state.live, clock: { gameTime, sampledAt: 1_000_000 + gameTime * 1000 + latency } },
      };
    };
    let given = overlayRouteStateOf(share, at(100, 7));
    const first = given.live.clock;
    // Latencies across the 100 ms grid's lines: the same start object, so nothing is pushed.
    for (const [gameTime, latency] of [
      [101, 60],
      [102, -40],
      [103, 140],
      [104, 30],
    ] as const) {
      given = overlayRouteStateOf(share, at(gameTime, latency), given);
      expect(given.live.clock, `${gameTime}`).toBe(first);
    }
    // The game stalled for two seconds: its start moved, and the clock follows.
    given = overlayRouteStateOf(share, at(105, 2007), given);
    expect(given.live.clock).not.toBe(first);
    expect(given.live.clock?.sampledAt).toBe(1_002_000);
  });

  it('draws the same clock and respawn countdown as the whole state', () => {
    const cutState = overlayRouteStateOf(OVERLAY_ROUTE_SHARES.arena, after);
    const now = 1_000_000 + 103_500;
    expect(gameTimeAt(cutState.live, now)).toBeCloseTo(gameTimeAt(after.live, now) ?? Number.NaN, 1);
    const fallen = after.live.players[1];
    const cutFallen = cutState.live.players[1];
    if (!fallen || !cutFallen) throw new Error('the dead player is missing');
    expect(respawnSecondsAt(cutFallen, cutState.live, now)).toBeCloseTo(
      respawnSecondsAt(fallen, after.live, now) ?? Number.NaN,
      1,
    );
    // The countdown's seconds turn within 50 ms of the game's own.
    const turn = (respawnTurnAt(cutFallen, cutState.live) ?? 0) - (respawnTurnAt(fallen, after.live) ?? 0);
    expect(Math.abs(turn)).toBeLessThanOrEqual(50);
    expect(cutState.live.players.map((p) => [p.name, p.kills, p.deaths, p.level, p.isDead])).toEqual(
      after.live.players.map((p) => [p.name, p.kills, p.deaths, p.level, p.isDead]),
    );
  });
});
