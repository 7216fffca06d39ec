import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../../platform/log/logger';
import { readEnvironment } from '../../platform/settings/environment';
import { SettingsStore } from '../../platform/settings/settingsStore';
import { createFakeScheduler } from '../../tools/testkit/fakeScheduler';
import type { CardGameRecord } from './cardGameRecords';
import { historyPath, openHistoryStore, type HistoryStore } from './historyStore';
import { RETENTION_CHECK_MS, startHistoryRetention, type PrunedGames } from './historyRetention';

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 27, 12, 0, 0);

const arenaGame = (startedAt: number, champion: string) => ({
  startedAt,
  durationSeconds: 1800,
  champion,
  kills: 1,
  deaths: 2,
  assists: 3,
  creepScore: 100,
  result: 'win' as const,
  mode: 'CLASSIC',
  queueLabel: "Summoner's Rift",
});

const cardGame = (startedAt: number, opponentName: string): CardGameRecord => ({
  startedAt,
  endedAt: startedAt + 600_000,
  clientGameId: 1,
  deckCode: null,
  deck: { '01DE012': 3 },
  playerName: 'Sightline',
  opponentName,
  result: 'win',
  plays: [{ code: '01DE012', at: startedAt + 1000 }],
  opponentCards: [{ code: '01NX004', count: 1, firstSeenAt: startedAt + 2000 }],
});

let dir: string;
let history: HistoryStore;
let settings: SettingsStore;
const stops: Array<() => Promise<void>> = [];

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sightline-retention-'));
  history = await openHistoryStore(historyPath(dir), () => NOW);
  settings = await SettingsStore.open(join(dir, 'settings.json'), readEnvironment({}), silentLogger);
});
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
  history.close();
  await rm(dir, { recursive: true, force: true });
});

function start() {
  const fake = createFakeScheduler(NOW);
  const pruned: PrunedGames[] = [];
  const retention = startHistoryRetention({
    history: Promise.resolve(history),
    settings,
    scheduler: fake.scheduler,
    logger: silentLogger,
    onPruned: (counts) => pruned.push(counts),
  });
  stops.push(() => retention.stop());
  return { retention, fake, pruned };
}

const arenaLeft = async () => (await history.arenaGames.list()).map((game) => game.champion).sort();
const cardLeft = async () =>
  (await history.cardGames.list({}, { limit: 100, offset: 0 })).map((game) => game.opponentName).sort();

describe('the history retention period', () => {
  it('keeps every game while it is off (the default)', async () => {
    await history.recordArenaGame(arenaGame(NOW - 3000 * DAY, 'Ancient'));
    await history.cardGames.record(cardGame(NOW - 3000 * DAY, 'old rival'));
    expect(settings.effective.history.retentionDays).toBeNull();
    const { retention, fake, pruned } = start();
    expect(await retention.prune()).toEqual({ arena: 0, card: 0 });
    await fake.advance(RETENTION_CHECK_MS);
    expect(await arenaLeft()).toEqual(['Ancient']);
    expect(await cardLeft()).toEqual(['old rival']);
    expect(pruned).toEqual([]);
  });

  it('deletes the games of both kinds that started before the period, the boundary kept, at once when set', async () => {
    const { retention, pruned } = start();
    // Exactly 30 days old is inside the period; a millisecond older is past it.
    await history.recordArenaGame(arenaGame(NOW - 30 * DAY, 'Boundary'));
    await history.recordArenaGame(arenaGame(NOW - 30 * DAY - 1, 'Past'));
    await history.recordArenaGame(arenaGame(NOW - DAY, 'Recent'));
    await history.cardGames.record(cardGame(NOW - 30 * DAY, 'boundary rival'));
    await history.cardGames.record(cardGame(NOW - 31 * DAY, 'past rival'));

    await settings.update({ history: { retentionDays: 30 } });
    // The change prunes by itself; prune() waits for that pass, then runs one more (with nothing left to do).
    await retention.prune();
    expect(await arenaLeft()).toEqual(['Boundary', 'Recent']);
    expect(await cardLeft()).toEqual(['boundary rival']);
    expect(pruned).toEqual([{ arena: 1, card: 1 }]);
    // The past card game's cards went with it.
    expect(await history.cardGames.details({})).toHaveLength(1);
  });

  it('checks again every hour, so games age out while the app runs, and at start', async () => {
    await history.recordArenaGame(arenaGame(NOW - 10 * DAY, 'Start'));
    await settings.update({ history: { retentionDays: 7 } });
    const { fake, pruned } = start();
    await fake.settle();
    await expect.poll(arenaLeft).toEqual([]);
    expect(pruned).toEqual([{ arena: 1, card: 0 }]);

    // Six days and 23 hours old now: past the period one hour on.
    await history.recordArenaGame(arenaGame(NOW - 7 * DAY + RETENTION_CHECK_MS / 2, 'Aging'));
    await fake.advance(RETENTION_CHECK_MS - 1);
    expect(await arenaLeft()).toEqual(['Aging']);
    await fake.advance(1);
    await expect.poll(arenaLeft).toEqual([]);
  });

  it('refuses a period out of range in the settings, and turns off with null', async () => {
    await expect(settings.update({ history: { retentionDays: 0 } })).rejects.toThrow();
    await expect(settings.update({ history: { retentionDays: 1.5 } })).rejects.toThrow();
    await settings.update({ history: { retentionDays: 30 } });
    await settings.update({ history: { retentionDays: null } });
    expect(settings.effective.history.retentionDays).toBeNull();
  });
});
