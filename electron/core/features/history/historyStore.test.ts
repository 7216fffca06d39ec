import { createClient } from '@libsql/client';
import { mkdtemp, readdir, readFile, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { arenaSummaryFromLive } from './arenaGameRecords';
import { OPPONENT_SUGGESTIONS, type CardGameRecord } from './cardGameRecords';
import { writeSyntheticCardHistory } from '../../tools/bench/card/syntheticCardHistory';
import { HistoryError, openSqliteDatabase, schemaVersion } from '../../platform/db/sqliteDatabase';
import { HISTORY_MIGRATIONS } from './historyMigrations';
import { historyPath, openHistoryStore, type HistoryStore } from './historyStore';

const DAY = 24 * 60 * 60 * 1000;
const T0 = Date.UTC(2025, 2, 1, 18, 0, 0);
const AT = Date.UTC(2026, 10, 25, 21, 5, 1);

function cardGame(overrides: Partial<CardGameRecord> = {}): CardGameRecord {
  return {
    startedAt: T0,
    endedAt: T0 + 12 * 60_000,
    clientGameId: 1,
    deckCode: 'CEAQCAIABQAQCAICBEAA',
    deck: { '01DE012': 3, '01IO009': 2 },
    playerName: 'Sightline',
    opponentName: 'decks_are_fun',
    result: 'win',
    plays: [
      { code: '01DE012', at: T0 + 60_000 },
      { code: '01IO009', at: T0 + 90_000 },
    ],
    opponentCards: [{ code: '01NX004', count: 2, firstSeenAt: T0 + 70_000 }],
    ...overrides,
  };
}

let dir: string;
let store: HistoryStore | null = null;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sightline-history-'));
});
afterEach(async () => {
  store?.close();
  store = null;
  await rm(dir, { recursive: true, force: true });
});

async function open(): Promise<HistoryStore> {
  store = await openHistoryStore(historyPath(dir), () => T0);
  return store;
}

describe('the history store: card games', () => {
  it('offers as suggestions the 200 opponents played last, by name, and reads a long page once each', async () => {
    // 400 games a minute apart; three in four have a named opponent, each a different one.
    await writeSyntheticCardHistory(historyPath(dir), {
      games: 400,
      playsPerGame: 1,
      opponentCardsPerGame: 1,
      firstStartedAt: T0,
    });
    const history = await open();
    const named = (await history.cardGames.list({}, { limit: 400, offset: 0 }))
      .map((game) => game.opponentName)
      .filter((name): name is string => name !== null);
    expect(named).toHaveLength(300);

    const suggested = await history.cardGames.opponents();
    expect(suggested).toHaveLength(OPPONENT_SUGGESTIONS);
    expect(new Set(suggested)).toEqual(new Set(named.slice(0, OPPONENT_SUGGESTIONS)));
    expect(suggested).toEqual(
      [...suggested].sort((a, b) =>
        a.toLowerCase() < b.toLowerCase() ? -1 : a.toLowerCase() > b.toLowerCase() ? 1 : 0,
      ),
    );

    // A page longer than one read (200 rows): the same games, in the same order, as pages of 100.
    const long = await history.cardGames.list({}, { limit: 390, offset: 5 });
    const short: number[] = [];
    for (let offset = 5; offset < 395; offset += 100) {
      const page = await history.cardGames.list({}, { limit: Math.min(100, 395 - offset), offset });
      short.push(...page.map((game) => game.id));
    }
    expect(short).toHaveLength(390);
    expect(long.map((game) => game.id)).toEqual(short);
  });

  it('creates the file in WAL mode at the latest schema', async () => {
    const history = await open();
    expect(history.path).toBe(join(dir, 'history.db'));
    await history.cardGames.record(cardGame());
    expect(await readdir(dir)).toEqual(expect.arrayContaining(['history.db', 'history.db-wal']));
    const raw = createClient({ url: pathToFileURL(history.path).href });
    expect((await raw.execute('PRAGMA journal_mode')).rows[0]?.journal_mode).toBe('wal');
    expect(await schemaVersion(raw)).toBe(HISTORY_MIGRATIONS.at(-1)?.version);
    raw.close();
  });

  it('records a game with its deck, plays and opponent cards, once', async () => {
    const history = await open();
    const first = await history.cardGames.record(cardGame());
    const again = await history.cardGames.record(cardGame({ result: 'loss' }));
    expect(first.duplicate).toBe(false);
    expect(again).toEqual({ id: first.id, duplicate: true });
    expect(await history.cardGames.detail(first.id)).toEqual({
      id: first.id,
      startedAt: T0,
      endedAt: T0 + 12 * 60_000,
      clientGameId: 1,
      deckCode: 'CEAQCAIABQAQCAICBEAA',
      playerName: 'Sightline',
      opponentName: 'decks_are_fun',
      result: 'win',
      playCount: 2,
      opponentCardCount: 2,
      deck: [
        { code: '01DE012', count: 3 },
        { code: '01IO009', count: 2 },
      ],
      plays: [
        { code: '01DE012', at: T0 + 60_000 },
        { code: '01IO009', at: T0 + 90_000 },
      ],
      opponentCards: [{ code: '01NX004', count: 2, firstSeenAt: T0 + 70_000 }],
    });
    expect(await history.cardGames.detail(first.id + 100)).toBeNull();
  });

  it('keeps games apart that share a GameID after a client restart', async () => {
    const history = await open();
    await history.cardGames.record(cardGame({ clientGameId: 1 }));
    await history.cardGames.record(cardGame({ clientGameId: 1, startedAt: T0 + DAY, endedAt: T0 + DAY + 1 }));
    await history.cardGames.record(cardGame({ clientGameId: null, deckCode: null, deck: null }));
    expect(await history.cardGames.count({})).toBe(3);
  });

  it('filters by deck, opponent, dates and result, newest first, and pages', async () => {
    const history = await open();
    await history.cardGames.record(cardGame({ startedAt: T0, opponentName: 'Alpha_1', result: 'win' }));
    await history.cardGames.record(cardGame({ startedAt: T0 + DAY, opponentName: 'beta', result: 'loss' }));
    await history.cardGames.record(
      cardGame({ startedAt: T0 + 2 * DAY, opponentName: '100%_sure', deckCode: 'OTHER', result: 'win' }),
    );
    await history.cardGames.record(
      cardGame({
        startedAt: T0 + 3 * DAY,
        deckCode: null,
        deck: null,
        opponentName: null,
        result: 'unknown',
      }),
    );
    const opponents = async (filter: Parameters<typeof history.cardGames.list>[0]) =>
      (await history.cardGames.list(filter, { limit: 10, offset: 0 })).map((game) => game.opponentName);

    expect(await opponents({})).toEqual([null, '100%_sure', 'beta', 'Alpha_1']);
    expect(await opponents({ deckCode: 'CEAQCAIABQAQCAICBEAA' })).toEqual(['beta', 'Alpha_1']);
    expect(await opponents({ deckCode: '' })).toEqual([null]);
    expect(await opponents({ opponent: 'ALPHA' })).toEqual(['Alpha_1']);
    // LIKE wildcards in the name are plain characters.
    expect(await opponents({ opponent: '%_' })).toEqual(['100%_sure']);
    expect(await opponents({ opponent: '_' })).toEqual(['100%_sure', 'Alpha_1']);
    expect(await opponents({ from: T0 + DAY, to: T0 + 3 * DAY })).toEqual(['100%_sure', 'beta']);
    expect(await opponents({ result: 'loss' })).toEqual(['beta']);
    expect(await history.cardGames.count({ result: 'win' })).toBe(2);
    const page = await history.cardGames.list({}, { limit: 2, offset: 1 });
    expect(page.map((game) => game.opponentName)).toEqual(['100%_sure', 'beta']);
    expect(await history.cardGames.opponents()).toEqual(['100%_sure', 'Alpha_1', 'beta']);
  });

  it('gives each deck its record over the dates and opponent selected', async () => {
    const history = await open();
    await history.cardGames.record(cardGame({ startedAt: T0, result: 'win' }));
    await history.cardGames.record(cardGame({ startedAt: T0 + DAY, result: 'loss' }));
    await history.cardGames.record(cardGame({ startedAt: T0 + 2 * DAY, result: 'unknown' }));
    await history.cardGames.record(cardGame({ startedAt: T0 + 3 * DAY, deckCode: 'OTHER', result: 'win' }));
    expect(await history.cardGames.deckRecords({ result: 'loss' })).toEqual([
      { deckCode: 'OTHER', games: 1, wins: 1, losses: 0, lastPlayedAt: T0 + 3 * DAY },
      { deckCode: 'CEAQCAIABQAQCAICBEAA', games: 3, wins: 1, losses: 1, lastPlayedAt: T0 + 2 * DAY },
    ]);
    expect(await history.cardGames.deckRecords({ to: T0 + DAY })).toEqual([
      { deckCode: 'CEAQCAIABQAQCAICBEAA', games: 1, wins: 1, losses: 0, lastPlayedAt: T0 },
    ]);
  });

  it('exports the selected games with their cards', async () => {
    const history = await open();
    await history.cardGames.record(cardGame({ startedAt: T0, result: 'win' }));
    await history.cardGames.record(cardGame({ startedAt: T0 + DAY, result: 'loss', plays: [] }));
    const details = await history.cardGames.details({ result: 'loss' });
    expect(details.map((game) => [game.result, game.deck.length, game.plays.length])).toEqual([
      ['loss', 2, 0],
    ]);
    expect(await history.cardGames.details({})).toHaveLength(2);
  });

  it('deletes games with their cards and nothing else', async () => {
    const history = await open();
    const kept = await history.cardGames.record(cardGame({ startedAt: T0 }));
    const gone = await history.cardGames.record(cardGame({ startedAt: T0 + DAY }));
    expect(await history.cardGames.delete({ ids: [gone.id, gone.id, 9999] })).toBe(1);
    expect(await history.cardGames.detail(gone.id)).toBeNull();
    expect((await history.cardGames.detail(kept.id))?.plays).toHaveLength(2);
    const raw = createClient({ url: pathToFileURL(history.path).href });
    const orphans = await raw.execute(
      `SELECT (SELECT count(*) FROM card_game_deck WHERE game_id = ${gone.id})
            + (SELECT count(*) FROM card_game_plays WHERE game_id = ${gone.id})
            + (SELECT count(*) FROM card_game_opponent_cards WHERE game_id = ${gone.id}) AS n`,
    );
    expect(orphans.rows[0]?.n).toBe(0);
    raw.close();
    expect(await history.checkIntegrity()).toBe('ok');
  });

  it('saves the game in progress and forgets it when that game is recorded', async () => {
    const history = await open();
    expect(await history.cardGames.loadProgress()).toBeNull();
    await history.cardGames.saveProgress(JSON.stringify({ game: { startedAt: T0 } }), T0 + 5);
    await history.cardGames.saveProgress(JSON.stringify({ game: { startedAt: T0 }, n: 2 }), T0 + 6);
    expect(await history.cardGames.loadProgress()).toEqual({
      snapshot: JSON.stringify({ game: { startedAt: T0 }, n: 2 }),
      savedAt: T0 + 6,
    });
    await history.cardGames.record(cardGame({ startedAt: T0 - DAY }));
    expect(await history.cardGames.loadProgress()).not.toBeNull();
    await history.cardGames.record(cardGame({ startedAt: T0 }));
    expect(await history.cardGames.loadProgress()).toBeNull();
  });

  it('keeps what was recorded across a close and reopen', async () => {
    const history = await open();
    await history.cardGames.record(cardGame());
    history.close();
    const reopened = await open();
    expect(await reopened.cardGames.count({})).toBe(1);
  });
});

describe('the history store: arena games', () => {
  const summary = {
    startedAt: T0,
    durationSeconds: 1834.5,
    champion: 'Lee Sin',
    kills: 7,
    deaths: 2,
    assists: 11,
    creepScore: 143,
    result: 'win' as const,
    mode: 'CLASSIC',
    queueLabel: 'Ranked Solo/Duo',
  };

  it('records a summary once and lists it', async () => {
    const history = await open();
    const first = await history.recordArenaGame(summary);
    expect(first.duplicate).toBe(false);
    expect(await history.recordArenaGame({ ...summary, kills: 8 })).toEqual({
      id: first.id,
      duplicate: true,
    });
    await history.recordArenaGame({ ...summary, startedAt: T0 + DAY, champion: 'Ahri', result: 'loss' });
    expect(await history.arenaGames.list()).toEqual([
      expect.objectContaining({ champion: 'Ahri', result: 'loss' }),
      {
        id: first.id,
        ...summary,
        championKey: '',
        playerId: '',
        mapNumber: null,
        recordedAt: T0,
        matchId: null,
        queueId: null,
      },
    ]);
  });

  it('takes the scoreboard summary of a game as it is', async () => {
    const history = await open();
    await history.recordArenaGame(
      arenaSummaryFromLive({
        endedAt: T0 + 1_800_000,
        durationSeconds: 1800,
        result: 'lose',
        gameMode: 'CLASSIC',
        mapNumber: 11,
        queueLabel: "Summoner's Rift",
        playerId: 'Sightline#EUW',
        championKey: 'LeeSin',
        championName: 'Lee Sin',
        kills: 3,
        deaths: 4,
        assists: 5,
        creepScore: 120,
      }),
    );
    expect(await history.arenaGames.list()).toEqual([
      expect.objectContaining({
        startedAt: T0,
        champion: 'Lee Sin',
        championKey: 'LeeSin',
        playerId: 'Sightline#EUW',
        result: 'loss',
        mode: 'CLASSIC',
        mapNumber: 11,
        queueLabel: "Summoner's Rift",
      }),
    ]);
  });

  it('refuses a summary that does not add up, with a clear message, and stores nothing', async () => {
    const history = await open();
    await expect(history.recordArenaGame({ ...summary, deaths: -1 })).rejects.toThrow(
      /^The arena game was not recorded: deaths/,
    );
    await expect(history.recordArenaGame({ ...summary, champion: ' ' })).rejects.toBeInstanceOf(HistoryError);
    expect(await history.arenaGames.list()).toEqual([]);
  });
});

describe('the history file', () => {
  it('migrates a file from the first version, keeping its games', async () => {
    const path = historyPath(dir);
    const old = await openSqliteDatabase(path, HISTORY_MIGRATIONS.slice(0, 1));
    await old.batch(
      [
        `INSERT INTO card_games (identity, started_at, ended_at, client_game_id, deck_code, player_name, opponent_name,
           result) VALUES ('${T0}/3/CODE', ${T0}, ${T0 + 60_000}, 3, 'CODE', 'me', 'them', 'loss')`,
        `INSERT INTO card_game_plays (game_id, seq, card_code, played_at) VALUES (1, 0, '01DE001', ${T0 + 1})`,
      ],
      'write',
    );
    expect(await schemaVersion(old)).toBe(1);
    old.close();

    const history = await open();
    const [game] = await history.cardGames.list({}, { limit: 10, offset: 0 });
    expect(game).toMatchObject({ clientGameId: 3, deckCode: 'CODE', result: 'loss', playCount: 1 });
    await history.recordArenaGame({
      startedAt: T0,
      durationSeconds: 60,
      champion: 'Ahri',
      kills: 0,
      deaths: 0,
      assists: 0,
      creepScore: 0,
      result: 'unknown',
      mode: 'ARAM',
      queueLabel: '',
    });
    await history.cardGames.saveProgress('{}', T0);
    expect(await history.checkIntegrity()).toBe('ok');
    history.close();
    const raw = createClient({ url: pathToFileURL(path).href });
    expect(await schemaVersion(raw)).toBe(HISTORY_MIGRATIONS.at(-1)?.version);
    raw.close();
  });

  it('leaves a file from a newer version alone and says why', async () => {
    const path = historyPath(dir);
    const raw = createClient({ url: pathToFileURL(path).href });
    await raw.execute('CREATE TABLE future (x)');
    await raw.execute('PRAGMA user_version = 99');
    raw.close();
    const before = await readFile(path);
    await expect(openHistoryStore(path)).rejects.toThrow(/newer version of Sightline \(schema 99/);
    expect(await readFile(path)).toEqual(before);
  });

  it('moves a file that is not a database aside, bytes and all, and starts a new history', async () => {
    const path = historyPath(dir);
    const text = 'my notes, not a database\n'.repeat(200);
    await writeFile(path, text);
    const history = (store = await openHistoryStore(path, () => AT));
    expect(history.movedAside).toEqual({
      problem: 'file is not a database',
      movedTo: `${path}.corrupt-20261125T210501Z`,
    });
    expect(await readFile(`${path}.corrupt-20261125T210501Z`, 'utf8')).toBe(text);
    expect(await history.cardGames.count({})).toBe(0);
    await history.cardGames.record(cardGame());
    expect(await history.cardGames.count({})).toBe(1);
    expect(await history.checkIntegrity()).toBe('ok');
  });

  it('moves a file truncated mid-page aside with its log, and the copy still holds what survived', async () => {
    const path = historyPath(dir);
    const filled = await openHistoryStore(path, () => T0);
    for (let game = 0; game < 60; game += 1) {
      await filled.cardGames.record(cardGame({ startedAt: T0 + game * DAY, clientGameId: game }));
    }
    filled.close();
    // Everything into the main file, so the cut goes through pages that hold games.
    const raw = createClient({ url: pathToFileURL(path).href });
    await raw.execute('PRAGMA wal_checkpoint(TRUNCATE)');
    const pageSize = Number((await raw.execute('PRAGMA page_size')).rows[0]?.page_size);
    raw.close();
    const whole = await readFile(path);
    expect(whole.length / pageSize).toBeGreaterThan(8);
    const cutAt = Math.floor(whole.length / pageSize / 2) * pageSize + Math.floor(pageSize / 3);
    await truncate(path, cutAt);
    // As a crash leaves it: a log beside the database, which must go with it.
    await writeFile(`${path}-wal`, '');
    const cut = await readFile(path);

    const history = (store = await openHistoryStore(path, () => AT));

    expect(history.movedAside).toEqual({
      problem: expect.stringMatching(/^(database disk image is malformed|SQLite’s integrity check failed)$/),
      movedTo: `${path}.corrupt-20261125T210501Z`,
    });
    expect(await readFile(`${path}.corrupt-20261125T210501Z`)).toEqual(cut);
    // Its log goes with it, or is gone already: the connection that found the damage removes an empty log as it
    // closes, sometimes before the move (quarantine.test.ts moves a log that stays). Either way the fresh
    // database starts without it.
    expect(await readdir(dir)).toContain('history.db.corrupt-20261125T210501Z');
    expect(await history.cardGames.count({})).toBe(0);
    expect(await history.checkIntegrity()).toBe('ok');
  });

  it('leaves a good file as it is, games and all', async () => {
    const path = historyPath(dir);
    const first = await openHistoryStore(path, () => T0);
    await first.cardGames.record(cardGame());
    first.close();
    const history = (store = await openHistoryStore(path, () => AT));
    expect(history.movedAside).toBeNull();
    expect(await history.cardGames.count({})).toBe(1);
    expect((await readdir(dir)).filter((name) => name.includes('.corrupt-'))).toEqual([]);
  });
});
