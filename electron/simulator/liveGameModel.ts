import { respawnSeconds } from './liveCatalog';
import type { LiveScenario, ScenarioEvent, ScenarioItem, ScenarioPlayer } from './liveScenario';

/** The arena game as a pure function of time: which phase the process is in, and the game state at a game time. */

export type LivePhase = 'absent' | 'loading' | 'in-game' | 'ended';

export type WireEvent = { EventID: number; EventName: string; EventTime: number } & Record<string, unknown>;

export interface PlayerState {
  player: ScenarioPlayer;
  gameName: string;
  tagLine: string;
  level: number;
  items: ScenarioItem[];
  kills: number;
  deaths: number;
  assists: number;
  creepScore: number;
  wardScore: number;
  /** Game time the player respawns at, or null when alive. */
  respawnAt: number | null;
  /** Last gold set by the scenario, or null to derive it. */
  currentGold: number | null;
}

export interface LiveGameState {
  gameTime: number;
  events: WireEvent[];
  players: PlayerState[];
}

export interface LiveGame {
  /** Phase and game time at a scenario time. */
  phaseAt(scenarioSeconds: number): { phase: LivePhase; gameTime: number };
  stateAt(gameTime: number): LiveGameState;
}

type Change = { time: number; apply: (players: PlayerState[], byName: Map<string, PlayerState>) => void };

function assignEventIds(events: readonly ScenarioEvent[]): WireEvent[] {
  // Stable sort: events listed at the same time keep their order (ChampionKill before FirstBlood).
  const sorted = events.map((event, index) => ({ event, index }));
  sorted.sort((a, b) => a.event.EventTime - b.event.EventTime || a.index - b.index);
  return [
    { EventID: 0, EventName: 'GameStart', EventTime: 0 },
    ...sorted.map(({ event }, index) => ({ ...event, EventID: index + 1 })),
  ];
}

function killChange(event: WireEvent & ScenarioEvent): Change | null {
  if (event.EventName !== 'ChampionKill') return null;
  return {
    time: event.EventTime,
    apply: (_players, byName) => {
      const killer = byName.get(event.KillerName);
      if (killer) killer.kills += 1;
      for (const name of event.Assisters) {
        const assister = byName.get(name);
        if (assister) assister.assists += 1;
      }
      const victim = byName.get(event.VictimName);
      if (victim) {
        victim.deaths += 1;
        victim.respawnAt = event.EventTime + respawnSeconds(victim.level);
      }
    },
  };
}

export function createLiveGame(live: LiveScenario): LiveGame {
  const events = assignEventIds(live.events);
  const gameEnd = events.find((event) => event.EventName === 'GameEnd');
  const gameStartsAt = live.processStartsAt + live.loadingSeconds;

  const changes: Change[] = [];
  for (const event of events) {
    const change = killChange(event as WireEvent & ScenarioEvent);
    if (change) changes.push(change);
  }
  for (const update of live.playerUpdates) {
    changes.push({
      time: update.time,
      apply: (_players, byName) => {
        const state = byName.get(update.player);
        if (!state) return;
        if (update.level !== undefined) state.level = update.level;
        if (update.items !== undefined) state.items = update.items;
        if (update.creepScore !== undefined) state.creepScore = update.creepScore;
        if (update.wardScore !== undefined) state.wardScore = update.wardScore;
        if (update.currentGold !== undefined) state.currentGold = update.currentGold;
        if (update.deadForSeconds !== undefined) state.respawnAt = update.time + update.deadForSeconds;
      },
    });
  }
  // Stable: at equal times kills apply before updates, in listing order.
  changes.sort((a, b) => a.time - b.time);

  return {
    phaseAt(t) {
      if (t < live.processStartsAt) return { phase: 'absent', gameTime: 0 };
      if (t < gameStartsAt) return { phase: 'loading', gameTime: 0 };
      const gameTime = t - gameStartsAt;
      if (!gameEnd || gameTime < gameEnd.EventTime) return { phase: 'in-game', gameTime };
      if (gameTime < gameEnd.EventTime + live.closesAfterEndSeconds)
        return { phase: 'ended', gameTime: gameEnd.EventTime };
      return { phase: 'absent', gameTime: gameEnd.EventTime };
    },

    stateAt(gameTime) {
      const players: PlayerState[] = live.players.map((player) => {
        const [gameName = '', tagLine = ''] = player.riotId.split('#');
        return {
          player,
          gameName,
          tagLine,
          level: player.level,
          items: player.items,
          kills: 0,
          deaths: 0,
          assists: 0,
          creepScore: 0,
          wardScore: 0,
          respawnAt: null,
          currentGold: null,
        };
      });
      const byName = new Map<string, PlayerState>();
      for (const state of players) {
        byName.set(state.gameName, state);
        byName.set(state.player.riotId, state);
      }
      for (const change of changes) {
        if (change.time > gameTime) break;
        change.apply(players, byName);
      }
      for (const state of players) {
        if (state.respawnAt !== null && state.respawnAt <= gameTime) state.respawnAt = null;
      }
      return { gameTime, events: events.filter((event) => event.EventTime <= gameTime), players };
    },
  };
}
