import { describe, expect, it } from 'vitest';
import { measureCorePolling, measureGameMemory } from './coreBench';
import { createSyntheticGame } from './syntheticGame';

describe('live bench', () => {
  it('plays a seeded game with kills, objectives and farm', () => {
    const game = createSyntheticGame(1);
    for (let second = 0; second < 600; second += 1) game.step();
    const events = JSON.parse(game.answer('/liveclientdata/eventdata?eventID=0')) as {
      Events: Array<{ EventName: string }>;
    };
    expect(events.Events.filter((event) => event.EventName === 'ChampionKill').length).toBeGreaterThan(10);
    expect(JSON.parse(game.answer('/liveclientdata/gamestats'))).toMatchObject({ gameTime: 600 });
    expect(createSyntheticGame(1).answer('/liveclientdata/playerlist')).toBe(
      createSyntheticGame(1).answer('/liveclientdata/playerlist'),
    );
  });

  it('pushes a small patch on a steady poll compared with the snapshot', async () => {
    const figures = await measureCorePolling(120, 60);
    expect(figures.cpuMsPerPoll).toBeGreaterThan(0);
    expect(figures.steadyPatchBytes).toBeGreaterThan(0);
    expect(figures.steadyPatchBytes / figures.snapshotBytes).toBeLessThan(0.05);
  });

  it('runs a game on the accelerated clock with a view applying every patch', async () => {
    const figures = await measureGameMemory(2);
    expect(figures.gameMinutes).toBe(2);
    expect(Number.isFinite(figures.growthMb)).toBe(true);
  });
});
