import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startSimulator } from '../gameClientSimulator';
import type { RunningSimulator } from '../gameClientSimulator';
import { parseScenario } from '../scenario';
import type { Scenario } from '../scenario';
import { NEXT_GAME_PAUSE_SECONDS, loopScenario, nextGameLine, scenarioLength } from './scenarioLoop';

const fullGame = async (): Promise<Scenario> =>
  parseScenario(
    JSON.parse(await readFile(join(import.meta.dirname, '..', 'scenarios', 'full-game.json'), 'utf8')),
  );

describe("the demo's world", () => {
  let simulator: RunningSimulator | null = null;
  afterEach(async () => {
    await simulator?.close();
    simulator = null;
  });

  it('is over when the arena game has closed and the card client has played its last step', async () => {
    const scenario = await fullGame();
    const live = scenario.live;
    if (!live) throw new Error('full-game has a live game');
    const gameEnd = live.events.find((event) => event.EventName === 'GameEnd')?.EventTime ?? 0;
    const closes = live.processStartsAt + live.loadingSeconds + gameEnd + live.closesAfterEndSeconds;
    expect(scenarioLength(scenario)).toBe(Math.max(closes, scenario.card?.timeline.at(-1)?.at ?? 0));
    // A game that never ends keeps the world going: nothing to start again.
    const endless = {
      ...scenario,
      live: { ...live, events: live.events.filter((e) => e.EventName !== 'GameEnd') },
    };
    expect(scenarioLength(endless)).toBeNull();
  });

  it('starts the next game by itself once the scenario is over, and says so', async () => {
    const scenario = await fullGame();
    // An accelerated clock: scenario time moves only when the test advances it.
    simulator = await startSimulator({ scenario, now: () => 0 });
    const said: string[] = [];
    const loop = loopScenario(simulator.control, scenario, (game) => said.push(nextGameLine(game)), 60_000);
    try {
      const length = scenarioLength(scenario) ?? 0;
      await simulator.control.advance(length);
      expect(simulator.control.state().live.phase).toBe('absent');
      expect(await loop.check()).toBe(false);
      await simulator.control.advance(NEXT_GAME_PAUSE_SECONDS);
      expect(await loop.check()).toBe(true);
      expect(said).toEqual([
        'demo: the scenario is over; game 2 starts now (the arena game, the card games and the replay again)',
      ]);
      // The next game: the process starts, loads and plays; the card client is back in its menus.
      expect(simulator.control.state().scenarioTime).toBe(0);
      await simulator.control.advance(30);
      const state = simulator.control.state();
      expect(state.live.phase).toBe('in-game');
      expect(state.replay.listening).toBe(true);
      expect(state.card.view.positionalRectangles.GameState).toBe('InProgress');

      await simulator.control.advance(length + NEXT_GAME_PAUSE_SECONDS);
      expect(await loop.check()).toBe(true);
      expect(said.at(-1)).toMatch(/^demo: the scenario is over; game 3 starts now/);
    } finally {
      loop.stop();
    }
  });
});
