import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from '../gameClientSimulator';
import { parseScenario, type Scenario } from '../scenario';
import { createWebApiDataset } from '../webApi/webApiDataset';
import { feedPlayedGames } from './playedGames';

const fullGame = async (): Promise<Scenario> =>
  parseScenario(
    JSON.parse(await readFile(join(import.meta.dirname, '..', 'scenarios', 'full-game.json'), 'utf8')),
  );

describe("the demo's arena games on the web API", () => {
  let simulator: RunningSimulator | null = null;
  afterEach(async () => {
    await simulator?.close();
    simulator = null;
  });

  it("become the local player's newest match when they end, with the start and length the client showed", async () => {
    const scenario = await fullGame();
    const live = scenario.live;
    if (!live) throw new Error('full-game has a live game');
    simulator = await startSimulator({ scenario, now: () => 0 });
    const dataset = createWebApiDataset();
    const wallClock = Date.UTC(2026, 10, 28, 20);
    const feed = feedPlayedGames(simulator.control, scenario, (game) => dataset.playGame(game), {
      now: () => wallClock,
    });
    try {
      expect(feed.check()).toBeNull();
      const gameEnd = live.events.find((event) => event.EventName === 'GameEnd')?.EventTime ?? 0;
      await simulator.control.advance(live.processStartsAt + live.loadingSeconds + gameEnd + 1);
      const matchId = feed.check();
      expect(matchId).toMatch(/^EUW1_\d+$/);
      // Once per game.
      expect(feed.check()).toBeNull();

      const player = dataset.playerByRiotId('Sightline', 'EUW');
      if (!player) throw new Error('the local player is not known to the web API');
      const gameId = Number(matchId?.split('_')[1]);
      expect(dataset.recentGameIds(player)[0]).toBe(gameId);
      const { gameTime } = simulator.control.state().live;
      expect(dataset.match('euw1', gameId)).toMatchObject({
        queueId: 420,
        durationSeconds: Math.round(gameTime),
        startedAt: Math.round(wallClock - gameTime * 1000),
      });
    } finally {
      feed.stop();
    }
  });
});
