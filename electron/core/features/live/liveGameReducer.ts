import {
  type BroadcastTeams,
  INITIAL_LIVE_GAME,
  LIVE_FEED_LIMIT,
  type LiveFeedEntry,
  type LiveGameState,
  type LiveGameSummary,
  type LiveOverlayLayout,
  type LivePhase,
  type LivePlayer,
} from '@shared/contract';
import type { ActivePlayerReading, GameStats, PlayerEntry, RawLiveEvent } from './liveClientSchemas';
import { decodeLiveEvent } from './liveEvents';
import { describeEvent } from './feedSentences';
import { summarizeGame, summaryKey } from './gameSummary';
import { indexPlayerNames, playerIdOf, toActivePlayer, toLivePlayers } from './liveRoster';
import { playersShownInGame } from './shownInGame';
import { applyToTeams } from './teamTotals';

/** One poll's reading of the arena live client. */
export type LiveObservation =
  /** Connection refused: no game process. */
  | { kind: 'absent' }
  /** The client answers, but not with game data yet (loading screen). */
  | { kind: 'loading' }
  /** It answered wrongly (timeout, 5xx, bad body, untrusted certificate): keep what we have. */
  | { kind: 'unreadable' }
  | {
      kind: 'poll';
      stats: GameStats;
      /** New events from the tail (null: not read this poll). */
      events: RawLiveEvent[] | null;
      /** Null: not read this poll. */
      players: PlayerEntry[] | null;
      /** Null: not read this poll. */
      active: ActivePlayerReading | null;
    }
  | { kind: 'layout'; layout: LiveOverlayLayout }
  /** The caster's team names and tags (settings), shown on the bar. */
  | { kind: 'broadcast'; teams: BroadcastTeams };

type Identity = Pick<PlayerEntry, 'riotId' | 'riotIdGameName' | 'summonerName'>;

/** The core's side of the game: what views see, plus what it needs to read the next poll. */
export interface LiveTracker {
  game: LiveGameState;
  /** Every player as the client lists them; `game.players` is what the game shows of them (playersShownInGame). */
  roster: LivePlayer[];
  /** The next EventID to ask for (eventdata?eventID=…). */
  nextEventId: number;
  names: ReadonlyMap<string, LivePlayer>;
  /** The active player's identity; null in spectator mode or before activeplayer answered. */
  local: Identity | null;
  /** Whether activeplayer has answered this game (player or spectator); events wait for it. */
  activeKnown: boolean;
  sawGameStart: boolean;
  /** From the GameEnd event; `seenAt` is when a poll first showed it. */
  gameEnd: { time: number; result: 'win' | 'lose' | null; seenAt: number } | null;
  /** Highest game time seen in this game. */
  lastGameTime: number;
  /** A game whose client went away without GameEnd: saved once it can no longer resume. */
  pending: { summary: LiveGameSummary; since: number } | null;
  lastSummaryKey: string | null;
  /** The summary this step handed out, for the watcher to pass on; null otherwise. */
  emitted: LiveGameSummary | null;
}

export interface ReduceContext {
  now: number;
  queueLabel(gameMode: string, mapNumber: number): string;
}

/** Game time may step back a little between polls; more than this is a new game in the same client. */
const RESTART_TOLERANCE_S = 5;
/** How long a game that lost its client may still resume (a reconnect) before it is saved as it was. */
export const DISCONNECT_GRACE_MS = 60_000;
/**
 * A finished game is saved with the figures polls show this long after GameEnd was first read (or
 * when the client closes first): the poll that reads GameEnd may carry a player list asked a moment
 * before it (read once a second, shared between watchers), without the last kills.
 */
export const END_SETTLE_MS = 2000;

export const INITIAL_TRACKER: LiveTracker = {
  game: INITIAL_LIVE_GAME,
  roster: [],
  nextEventId: 0,
  names: new Map(),
  local: null,
  activeKnown: false,
  sawGameStart: false,
  gameEnd: null,
  lastGameTime: 0,
  pending: null,
  lastSummaryKey: null,
  emitted: null,
};

/**
 * The game phase machine: no game → loading → in game → ended → no game. A game also ends when its
 * client goes away during it; if the client comes back with the same game, it resumes. Everything
 * views show can be rebuilt from the client (events from id 0), so a reset only costs one poll.
 */
export function reduceLiveGame(
  tracker: LiveTracker,
  observation: LiveObservation,
  context: ReduceContext,
): LiveTracker {
  return withPlayersShown(step(tracker, observation, context));
}

function step(tracker: LiveTracker, observation: LiveObservation, context: ReduceContext): LiveTracker {
  const start = tracker.emitted === null ? tracker : { ...tracker, emitted: null };
  switch (observation.kind) {
    case 'layout':
      return { ...start, game: { ...start.game, layout: observation.layout } };
    case 'broadcast':
      return { ...start, game: { ...start.game, broadcast: observation.teams } };
    case 'unreadable':
      return expirePending(start, context);
    case 'absent':
      return expirePending(onAbsent(start, context), context);
    case 'loading':
      return expirePending(onLoading(start, context), context);
    case 'poll':
      return onPoll(start, observation, context);
  }
}

/** The game with every player as the client lists them (views get withPlayersShown's). */
function asListed(tracker: LiveTracker): LiveGameState {
  return { ...tracker.game, players: tracker.roster };
}

/** Views get the players as the game shows them in this phase: the roster's hidden figures never reach them. */
function withPlayersShown(tracker: LiveTracker): LiveTracker {
  return {
    ...tracker,
    game: { ...tracker.game, players: playersShownInGame(tracker.roster, tracker.game.phase) },
  };
}

function onAbsent(tracker: LiveTracker, context: ReduceContext): LiveTracker {
  switch (tracker.game.phase) {
    case 'no-game':
      return tracker;
    case 'in-game': {
      const summary = summarizeGame(asListed(tracker), {
        endedAt: context.now,
        durationSeconds: tracker.lastGameTime,
        result: null,
        queueLabel: context.queueLabel(tracker.game.gameMode, tracker.game.mapNumber),
      });
      return {
        ...tracker,
        game: { ...tracker.game, phase: 'ended' },
        pending: summary ? { summary, since: context.now } : tracker.pending,
      };
    }
    case 'loading':
      return resetGame(tracker, 'no-game');
    case 'ended':
      return resetGame(saveEnded(tracker, context), 'no-game');
  }
}

function onLoading(tracker: LiveTracker, context: ReduceContext): LiveTracker {
  switch (tracker.game.phase) {
    case 'loading':
      return tracker;
    case 'in-game':
      // A loading answer in the middle of a game is a glitch; keep the game on screen.
      return tracker;
    case 'no-game':
      return resetGame(tracker, 'loading');
    case 'ended':
      return resetGame(saveEnded(tracker, context), 'loading');
  }
}

function onPoll(
  start: LiveTracker,
  observation: Extract<LiveObservation, { kind: 'poll' }>,
  context: ReduceContext,
): LiveTracker {
  const { stats } = observation;
  let tracker = start;
  let events = observation.events;

  const hasGame = tracker.game.phase === 'in-game' || tracker.game.phase === 'ended';
  if (hasGame && stats.gameTime + RESTART_TOLERANCE_S < tracker.lastGameTime) {
    // A new game in the same client. This poll's tail was asked from the old game's next id.
    tracker = resetGame(saveEnded(tracker, context), 'loading');
    events = null;
  }
  tracker = settlePending(tracker, observation);

  let { game, roster, local, activeKnown, names } = tracker;
  if (observation.active) {
    activeKnown = true;
    if (observation.active.kind === 'spectator') {
      local = null;
      game = { ...game, spectator: true, activePlayer: null };
    } else {
      const { player } = observation.active;
      local = {
        riotId: player.riotId,
        riotIdGameName: player.riotIdGameName,
        summonerName: player.summonerName,
      };
      game = {
        ...game,
        spectator: false,
        activePlayer: toActivePlayer(player),
      };
    }
  }
  if (observation.players) {
    roster = toLivePlayers(observation.players, local);
    names = indexPlayerNames(roster);
  }

  let { nextEventId, sawGameStart, gameEnd } = tracker;
  // Events wait until the players are known: kills and objectives are credited through them.
  if (events && events.length > 0 && roster.length > 0) {
    let { teams, feed } = game;
    const feedContext = { players: names, mapNumber: stats.mapNumber, spectator: game.spectator };
    const added: LiveFeedEntry[] = [];
    for (const raw of events) {
      if (raw.EventID < nextEventId) continue;
      nextEventId = raw.EventID + 1;
      const event = decodeLiveEvent(raw);
      if (event.name === 'GameStart') sawGameStart = true;
      if (event.name === 'GameEnd' && !gameEnd) {
        const result = event.result.toLowerCase();
        gameEnd = {
          time: event.time,
          result: result === 'win' ? 'win' : result === 'lose' ? 'lose' : null,
          seenAt: context.now,
        };
      }
      teams = applyToTeams(teams, event, feedContext);
      added.push(describeEvent(event, feedContext));
    }
    if (added.length > 0) feed = appendToFeed(feed, added);
    game = { ...game, teams, feed };
  }

  const phase: LivePhase = gameEnd ? 'ended' : sawGameStart || stats.gameTime > 0 ? 'in-game' : 'loading';
  const gameTime = Math.round(stats.gameTime * 1000) / 1000;
  const frozen = game.clock !== null && phase === 'ended' && game.clock.gameTime === gameTime;
  game = {
    ...game,
    phase,
    clock: phase === 'loading' ? null : frozen ? game.clock : { gameTime, sampledAt: context.now },
    gameMode: stats.gameMode,
    mapName: stats.mapName,
    mapNumber: stats.mapNumber,
    result: gameEnd?.result ?? null,
  };

  tracker = {
    ...tracker,
    game,
    roster,
    local,
    activeKnown,
    names,
    nextEventId,
    sawGameStart,
    gameEnd,
    lastGameTime: Math.max(tracker.lastGameTime, stats.gameTime),
  };
  if (gameEnd && context.now - gameEnd.seenAt >= END_SETTLE_MS) tracker = saveEnded(tracker, context);
  return tracker;
}

/** Hands out a game that has ended with the figures shown now; emit() hands a game out only once. */
function saveEnded(tracker: LiveTracker, context: ReduceContext): LiveTracker {
  const { game, gameEnd } = tracker;
  if (!gameEnd || !tracker.activeKnown) return tracker;
  const summary = summarizeGame(asListed(tracker), {
    endedAt: context.now,
    durationSeconds: gameEnd.time,
    result: gameEnd.result,
    queueLabel: context.queueLabel(game.gameMode, game.mapNumber),
  });
  return summary ? emit(tracker, summary) : tracker;
}

/** A game that lost its client: resumed when the client is back with it, saved when another begins. */
function settlePending(
  tracker: LiveTracker,
  observation: Extract<LiveObservation, { kind: 'poll' }>,
): LiveTracker {
  if (!tracker.pending) return tracker;
  const { summary } = tracker.pending;
  const active = observation.active;
  const otherPlayer = active?.kind === 'player' && playerIdOf(active.player) !== summary.playerId;
  const earlier = observation.stats.gameTime + RESTART_TOLERANCE_S < summary.durationSeconds;
  if (otherPlayer || earlier || active?.kind === 'spectator')
    return emit({ ...tracker, pending: null }, summary);
  // The same game, back after a reconnect: it goes on and will end on its own.
  return { ...tracker, pending: null };
}

function expirePending(tracker: LiveTracker, context: ReduceContext): LiveTracker {
  const { pending } = tracker;
  if (!pending || context.now - pending.since < DISCONNECT_GRACE_MS) return tracker;
  if (tracker.game.phase === 'in-game') return { ...tracker, pending: null };
  return emit({ ...tracker, pending: null }, pending.summary);
}

function emit(tracker: LiveTracker, summary: LiveGameSummary): LiveTracker {
  const key = summaryKey(summary);
  if (key === tracker.lastSummaryKey) return tracker;
  return { ...tracker, emitted: summary, lastSummaryKey: key, game: { ...tracker.game, lastGame: summary } };
}

/** Clears the game (views show `phase`), keeping the layout, the team names, the last game and the pending summary. */
function resetGame(tracker: LiveTracker, phase: LivePhase): LiveTracker {
  return {
    ...INITIAL_TRACKER,
    pending: tracker.pending,
    lastSummaryKey: tracker.lastSummaryKey,
    emitted: tracker.emitted,
    game: {
      ...INITIAL_LIVE_GAME,
      phase,
      lastGame: tracker.game.lastGame,
      layout: tracker.game.layout,
      broadcast: tracker.game.broadcast,
    },
  };
}

function appendToFeed(
  feed: Record<string, LiveFeedEntry>,
  added: LiveFeedEntry[],
): Record<string, LiveFeedEntry> {
  const entries = [...Object.values(feed), ...added].sort((a, b) => a.id - b.id).slice(-LIVE_FEED_LIMIT);
  return Object.fromEntries(entries.map((entry) => [String(entry.id), entry]));
}
