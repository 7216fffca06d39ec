import { describe, expect, it } from 'vitest';
import { feedEntries, gameTimeAt, INITIAL_LIVE_GAME, respawnSecondsAt, type LiveFeedEntry } from './live';
import { settingsPatchSchema, settingsSchema } from './settings';

describe('live game helpers', () => {
  const game = { phase: 'in-game' as const, clock: { gameTime: 100, sampledAt: 10_000 } };

  it('advances the clock between polls only while the game runs', () => {
    expect(gameTimeAt(game, 12_500)).toBe(102.5);
    expect(gameTimeAt({ ...game, phase: 'ended' }, 12_500)).toBe(100);
    expect(gameTimeAt(INITIAL_LIVE_GAME, 12_500)).toBeNull();
  });

  it('counts a respawn timer down from what the game showed', () => {
    expect(respawnSecondsAt({ isDead: true, respawnTimer: 12 }, game, 14_000)).toBe(8);
    expect(respawnSecondsAt({ isDead: true, respawnTimer: 2 }, game, 14_000)).toBe(0);
    expect(respawnSecondsAt({ isDead: false, respawnTimer: 0 }, game, 14_000)).toBeNull();
  });

  it('lists the feed in event order', () => {
    const entry = (id: number) => ({ id }) as LiveFeedEntry;
    expect(feedEntries({ feed: { 12: entry(12), 3: entry(3), 100: entry(100) } }).map((e) => e.id)).toEqual([
      3, 12, 100,
    ]);
  });
});

describe('overlay settings', () => {
  it('default to both widgets shown at the top', () => {
    expect(settingsSchema.parse({}).overlays).toMatchObject({
      scoreboardVisible: true,
      scoreboardAnchor: 'top-center',
      scoreboardScale: 1,
      feedVisible: true,
      feedAnchor: 'top-right',
      feedScale: 1,
    });
  });

  it('patch only the fields given, within bounds', () => {
    expect(settingsPatchSchema.parse({ overlays: { feedScale: 1.5 } })).toEqual({
      overlays: { feedScale: 1.5 },
    });
    expect(settingsPatchSchema.safeParse({ overlays: { feedScale: 5 } }).success).toBe(false);
    expect(settingsPatchSchema.safeParse({ overlays: { feedAnchor: 'middle' } }).success).toBe(false);
  });
});
