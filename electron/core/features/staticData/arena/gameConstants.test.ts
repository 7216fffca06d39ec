import { describe, expect, it } from 'vitest';
import { createGameConstantLabels, gameConstantSchemas } from './gameConstants';

describe('game constant labels', () => {
  const constants = {
    seasons: gameConstantSchemas.seasons.parse([{ id: 13, season: 'SEASON 2019' }]),
    queues: gameConstantSchemas.queues.parse([
      { queueId: 0, map: 'Custom games', description: null, notes: null },
      { queueId: 420, map: "Summoner's Rift", description: '5v5 Ranked Solo games', notes: null },
      // Omitted description and notes read as null.
      { queueId: 1700, map: 'Rings of Wrath' },
    ]),
    maps: gameConstantSchemas.maps.parse([
      { mapId: 11, mapName: "Summoner's Rift", notes: 'Current Version', extra: 1 },
    ]),
    gameModes: gameConstantSchemas.gameModes.parse([{ gameMode: 'CLASSIC', description: 'Classic games' }]),
    gameTypes: gameConstantSchemas.gameTypes.parse([
      { gameType: 'MATCHED_GAME', description: 'all other games' },
    ]),
  };
  const labels = createGameConstantLabels(constants);

  it('names queues, falling back to the map when a queue has no description', () => {
    expect(labels.queue(420)).toBe('5v5 Ranked Solo games');
    expect(labels.queue(0)).toBe('Custom games');
    expect(labels.queue(1700)).toBe('Rings of Wrath');
    expect(labels.queue(9999)).toBeNull();
  });

  it('names maps, seasons, modes and types', () => {
    expect(labels.map(11)).toBe("Summoner's Rift");
    expect(labels.map(12)).toBeNull();
    expect(labels.season(13)).toBe('SEASON 2019');
    expect(labels.gameMode('CLASSIC')).toBe('Classic games');
    expect(labels.gameType('MATCHED_GAME')).toBe('all other games');
  });

  it('refuses a present value of the wrong type', () => {
    expect(gameConstantSchemas.queues.safeParse([{ queueId: '420' }]).success).toBe(false);
  });
});
