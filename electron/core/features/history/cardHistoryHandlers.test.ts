import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppRequestError, historyRequestInputSchemas } from '@shared/contract';
import type { CardCatalog } from '../card/catalog/cardCatalog';
import type { CardGameRecord } from './cardGameRecords';
import { HistoryError } from '../../platform/db/sqliteDatabase';
import { historyPath, openHistoryStore, type HistoryStore } from './historyStore';
import { silentLogger } from '../../platform/log/logger';
import { createCardGameArchive } from '../card/cardGameArchive';
import { historyCardFacts } from '../card/historyCardFacts';
import { createCardHistoryHandlers } from './cardHistoryHandlers';
import { csvCell } from './historyFileFormats';
import { createDownloadShelf, type DownloadShelf } from '../../transport/host/downloadShelf';
import {
  EXPORT_CASES,
  EXPORT_CATALOG,
  EXPORT_DECK_CODE,
  EXPORT_GAMES,
  EXPORT_NOW,
  EXPORT_T0,
  exportGame,
} from '../card/fixtures/exportHistory';

const T0 = EXPORT_T0;
const DECK_CODE = EXPORT_DECK_CODE;

const CATALOG: CardCatalog = {
  lookup: (code) =>
    ({
      '01DE012': { name: 'Laurent Protégé', cost: 2, region: 'Demacia', artUrl: null },
      '01IO009': { name: 'Greenglade Duo', cost: 1, region: 'Ionia', artUrl: null },
    })[code] ?? null,
};

/** The exports' game with one opponent card. */
function game(overrides: Partial<CardGameRecord> = {}): CardGameRecord {
  return exportGame({
    opponentCards: [{ code: '01NX004', count: 2, firstSeenAt: T0 + 40_000 }],
    ...overrides,
  });
}

let dir: string;
let store: HistoryStore;
let changes = 0;
let downloads: DownloadShelf;
const extraStores: HistoryStore[] = [];

async function setup(history?: Promise<HistoryStore>, options: { catalog?: CardCatalog; now?: number } = {}) {
  const opened = history ?? openHistoryStore(historyPath(dir), () => T0);
  if (!history) extraStores.push(await opened);
  const archive = createCardGameArchive({
    history: opened,
    logger: silentLogger,
    onStatus: () => (changes += 1),
  });
  const handlers = createCardHistoryHandlers({
    store: opened,
    writer: () => archive,
    cards: historyCardFacts(options.catalog ?? CATALOG),
    downloads,
    now: () => options.now ?? T0 + 86_400_000,
  });
  return { handlers, archive };
}

/** The file an export offered, as its download has it (taken once, as the host takes it). */
async function downloaded(exported: { downloadPath: string }): Promise<string> {
  const taken = downloads.take(exported.downloadPath);
  if (!taken) throw new Error(`nothing offered at ${exported.downloadPath}`);
  try {
    return await readFile(taken.path, 'utf8');
  } finally {
    await taken.done();
  }
}

const listInput = (input: object = {}) => historyRequestInputSchemas['history.card.list'].parse(input);

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sightline-card-history-'));
  store = await openHistoryStore(historyPath(dir), () => T0);
  changes = 0;
  downloads = createDownloadShelf({ parentDir: dir });
});
afterEach(async () => {
  await downloads.close();
  store.close();
  for (const extra of extraStores.splice(0)) extra.close();
  await rm(dir, { recursive: true, force: true });
});

describe('the card history requests', () => {
  it('lists games with their deck regions and champions, the record of each deck and the opponents', async () => {
    await store.cardGames.record(game());
    await store.cardGames.record(game({ startedAt: T0 + 1000, result: 'loss', opponentName: 'Zed main' }));
    await store.cardGames.record(
      game({ startedAt: T0 + 2000, deckCode: null, deck: null, result: 'unknown' }),
    );
    // The card data says which cards are champions: a deck is named by those.
    const { handlers } = await setup(undefined, {
      catalog: {
        lookup: (code) =>
          code === '01DE012'
            ? { name: 'Laurent Protégé', cost: 2, region: 'Demacia', artUrl: null, champion: true }
            : CATALOG.lookup(code),
      },
    });
    const page = await handlers['history.card.list'](listInput());
    expect(page.total).toBe(3);
    expect(page.games[2]).toEqual({
      id: 1,
      startedAt: T0,
      endedAt: T0 + 754_400,
      durationSeconds: 754,
      result: 'win',
      deckCode: DECK_CODE,
      deckRegions: ['DE', 'IO'],
      deckChampions: ['Laurent Protégé'],
      playerName: 'Sightline',
      opponentName: 'decks_are_fun',
      clientGameId: 2,
      playCount: 2,
      opponentCardCount: 2,
    });
    expect(page.decks).toEqual([
      {
        deckCode: null,
        deckRegions: [],
        deckChampions: [],
        games: 1,
        wins: 0,
        losses: 0,
        lastPlayedAt: T0 + 2000,
      },
      {
        deckCode: DECK_CODE,
        deckRegions: ['DE', 'IO'],
        deckChampions: ['Laurent Protégé'],
        games: 2,
        wins: 1,
        losses: 1,
        lastPlayedAt: T0 + 1000,
      },
    ]);
    expect(page.opponents).toEqual(['decks_are_fun', 'Zed main']);
    const losses = await handlers['history.card.list'](listInput({ result: 'loss', limit: 1 }));
    expect(losses.games.map((row) => row.opponentName)).toEqual(['Zed main']);
  });

  it('gives one game with card names where the card data has them, the deck by cost', async () => {
    const { id } = await store.cardGames.record(game());
    const { handlers } = await setup();
    const detail = await handlers['history.card.game']({ id });
    expect(detail.deck.map((row) => [row.card.name ?? row.card.code, row.count])).toEqual([
      ['Greenglade Duo', 3],
      ['Laurent Protégé', 3],
      ['01DE001', 2],
    ]);
    expect(detail.plays.map((play) => play.card.name)).toEqual(['Greenglade Duo', 'Laurent Protégé']);
    expect(detail.opponentCards).toEqual([
      {
        card: {
          code: '01NX004',
          name: null,
          cost: null,
          region: null,
          faction: 'NX',
          artUrl: null,
          champion: false,
        },
        count: 2,
      },
    ]);
    await expect(handlers['history.card.game']({ id: id + 1 })).rejects.toMatchObject({
      error: { code: 'not-found', message: 'That game is no longer in the history.' },
    });
  });

  it('deletes games and tells the views', async () => {
    const { id } = await store.cardGames.record(game());
    const { handlers, archive } = await setup();
    const before = archive.status().revision;
    expect(await handlers['history.card.delete']({ ids: [id] })).toEqual({ deleted: 1 });
    expect(archive.status().revision).toBe(before + 1);
    expect(changes).toBe(1);
    expect(await handlers['history.card.delete']({ ids: [id] })).toEqual({ deleted: 0 });
    expect(await store.cardGames.count({})).toBe(0);
  });

  it("leaves opponents' names out of both files unless asked, and keeps the rest", async () => {
    await store.cardGames.record(game({ opponentName: 'Zed main' }));
    const { handlers } = await setup();
    const exportOf = async (format: 'csv' | 'json', input: object = {}) => ({
      content: await downloaded(
        await handlers['history.card.export'](
          historyRequestInputSchemas['history.card.export'].parse({ format, ...input }),
        ),
      ),
    });

    const csv = (await exportOf('csv')).content.replace(/^\uFEFF/, '').split('\r\n');
    expect(csv[0]).toBe(
      'id,started_at,ended_at,duration_seconds,result,deck_code,player,client_game_id,deck,plays,opponent_cards_seen',
    );
    expect(csv[1]).toBe(
      `1,2025-05-10T20:00:00.000Z,2025-05-10T20:12:34.400Z,754,win,${DECK_CODE},Sightline,2,` +
        '2:01DE001 3:01DE012 3:01IO009,01IO009 01DE012,2:01NX004',
    );
    const json = (await exportOf('json')).content;
    expect(json).not.toContain('Zed main');
    expect(JSON.parse(json).games[0]).toMatchObject({
      playerName: 'Sightline',
      opponentCardsSeen: [{ count: 2 }],
    });
    expect(JSON.parse(json).games[0]).not.toHaveProperty('opponentName');

    // Asked for: the opponent's column and field are back.
    expect((await exportOf('csv', { includeOpponents: true })).content).toContain(',Sightline,Zed main,2,');
    expect(
      JSON.parse((await exportOf('json', { includeOpponents: true })).content).games[0].opponentName,
    ).toBe('Zed main');
  });

  it('deletes every game, the finished ones still waiting to be saved included', async () => {
    await store.cardGames.record(game());
    await store.cardGames.record(game({ startedAt: T0 + 1000 }));
    // A database that takes no write for now: the next finished game waits in the archive.
    let locked = true;
    const flaky: HistoryStore = {
      ...store,
      cardGames: {
        ...store.cardGames,
        record: async (record) => {
          if (locked) throw Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' });
          return store.cardGames.record(record);
        },
      },
    };
    const { handlers, archive } = await setup(Promise.resolve(flaky));
    await archive.record([game({ startedAt: T0 + 2000 })]);
    expect(archive.status().unsaved).toBe(1);

    expect(await handlers['history.card.delete']({ all: true })).toEqual({ deleted: 3 });
    expect(archive.status()).toMatchObject({ unsaved: 0, error: null });
    locked = false;
    await archive.record([]);
    expect(await store.cardGames.count({})).toBe(0);
    // A selection of none is refused by the contract, and "all" must be exactly true.
    expect(historyRequestInputSchemas['history.card.delete'].safeParse({ ids: [] }).success).toBe(false);
    expect(historyRequestInputSchemas['history.card.delete'].safeParse({ all: false }).success).toBe(false);
  });

  it('exports CSV a spreadsheet reads safely', async () => {
    await store.cardGames.record(game({ opponentName: '=HYPERLINK("http://x","hi"), "quoted"' }));
    await store.cardGames.record(game({ startedAt: T0 + 5000, result: 'loss' }));
    const { handlers } = await setup();
    const exported = await handlers['history.card.export']({
      format: 'csv',
      filter: { result: 'win' },
      includeOpponents: true,
    });
    expect(exported).toMatchObject({
      fileName: 'sightline-card-history-2025-05-11.csv',
      mimeType: 'text/csv;charset=utf-8',
      games: 1,
    });
    const lines = (await downloaded(exported)).replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe(
      'id,started_at,ended_at,duration_seconds,result,deck_code,player,opponent,client_game_id,deck,plays,opponent_cards_seen',
    );
    expect(lines[1]).toBe(
      `1,2025-05-10T20:00:00.000Z,2025-05-10T20:12:34.400Z,754,win,${DECK_CODE},Sightline,` +
        `"'=HYPERLINK(""http://x"",""hi""), ""quoted""",2,2:01DE001 3:01DE012 3:01IO009,01IO009 01DE012,2:01NX004`,
    );
    expect(lines).toHaveLength(3);
    expect(lines[2]).toBe('');
  });

  it('exports JSON with every detail and the card names known', async () => {
    await store.cardGames.record(game());
    const { handlers } = await setup();
    const exported = await handlers['history.card.export']({
      format: 'json',
      filter: {},
      includeOpponents: true,
    });
    const parsed = JSON.parse(await downloaded(exported)) as {
      kind: string;
      games: Record<string, unknown>[];
    };
    expect(parsed.games[0]?.opponentName).toBe('decks_are_fun');
    expect(parsed.kind).toBe('card-game-history');
    expect(parsed.games[0]).toMatchObject({
      startedAt: '2025-05-10T20:00:00.000Z',
      result: 'win',
      plays: [
        { code: '01IO009', name: 'Greenglade Duo', at: '2025-05-10T20:00:30.000Z' },
        { code: '01DE012', name: 'Laurent Protégé', at: '2025-05-10T20:01:00.000Z' },
      ],
      opponentCardsSeen: [{ code: '01NX004', name: null, count: 2, firstSeenAt: '2025-05-10T20:00:40.000Z' }],
    });
  });

  it.each(
    EXPORT_CASES.flatMap((exportCase) =>
      (['csv', 'json'] as const).map((format) => ({ ...exportCase, format })),
    ),
  )(
    'exports $name as $format byte for byte as before exports were written a page at a time',
    async ({ name, format, filter, includeOpponents }) => {
      for (const record of EXPORT_GAMES) await store.cardGames.record(record);
      const { handlers } = await setup(undefined, { catalog: EXPORT_CATALOG, now: EXPORT_NOW });
      const exported = await handlers['history.card.export']({ format, filter, includeOpponents });
      const before = await readFile(
        join(__dirname, '..', 'card', 'fixtures', 'export', `${name}.${format}`),
        'utf8',
      );
      expect(await downloaded(exported)).toBe(before);
      expect(exported.games).toBe(name === 'none' ? 0 : name.startsWith('losses') ? 2 : EXPORT_GAMES.length);
      // Once: the file is gone after its download.
      expect(downloads.take(exported.downloadPath)).toBeNull();
    },
  );

  it('answers with the reason when the history cannot be opened', async () => {
    const { handlers } = await setup(Promise.reject(new HistoryError('The history database x is broken.')));
    const error = await handlers['history.card.list'](listInput()).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppRequestError);
    expect((error as AppRequestError).error).toEqual({
      code: 'io',
      message: 'The history database x is broken.',
    });
  });
});

describe('csvCell', () => {
  it('quotes separators and defuses formulas', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('line\nbreak')).toBe('"line\nbreak"');
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-cmd')).toBe("'-cmd");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
  });
});
