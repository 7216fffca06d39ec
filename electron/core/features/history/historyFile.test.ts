import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { historyPath, openHistoryStore, type HistoryStore } from './historyStore';
import { describeCard } from '../card/catalog/cardCatalog';
import { cardHistoryFileParts } from './cardHistoryExport';
import { writeHistoryFile, type HistoryCursor } from './historyFile';
import { EXPORT_CASES, EXPORT_CATALOG, EXPORT_GAMES, EXPORT_NOW } from '../card/fixtures/exportHistory';

let dir: string;
let store: HistoryStore;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sightline-history-file-'));
  store = await openHistoryStore(historyPath(dir));
  for (const record of EXPORT_GAMES) await store.cardGames.record(record);
});
afterAll(async () => {
  store.close();
  await rm(dir, { recursive: true, force: true });
});

const cases = EXPORT_CASES.flatMap((exportCase) =>
  (['csv', 'json'] as const).flatMap((format) =>
    // Pages of one to all seven games, their bytes made in pieces of 8 (a page whole), 2 or 3 games.
    [
      { pageGames: 1, piece: 8 },
      { pageGames: 2, piece: 8 },
      { pageGames: 3, piece: 2 },
      { pageGames: 7, piece: 3 },
    ].map(({ pageGames, piece }) => ({ ...exportCase, format, pageGames, piece })),
  ),
);

describe('writeHistoryFile', () => {
  it.each(cases)(
    'writes $name as $format in pages of $pageGames (pieces of $piece), the same bytes as the whole file made at once',
    async ({ name, format, filter, includeOpponents, pageGames, piece }) => {
      const path = join(dir, `${name}-${pageGames}.${format}`);
      const asked: { after: HistoryCursor | null; limit: number }[] = [];
      const written = await writeHistoryFile(
        path,
        (after, limit) => {
          asked.push({ after, limit });
          return store.cardGames.detailsPage(filter, { after, limit });
        },
        cardHistoryFileParts(format, {
          now: EXPORT_NOW,
          nameOf: (code) => describeCard(EXPORT_CATALOG, code).name,
          includeOpponents,
        }),
        { firstPage: pageGames, maxPage: pageGames, budgetMs: 8, gamesPerPiece: piece },
      );
      const before = await readFile(
        join(__dirname, '..', 'card', 'fixtures', 'export', `${name}.${format}`),
        'utf8',
      );
      expect(await readFile(path, 'utf8')).toBe(before);
      // Never more than a page at a time, the first from the newest game, each after the last one read.
      expect(asked.every((page) => page.limit <= pageGames)).toBe(true);
      expect(asked[0]?.after).toBeNull();
      expect(asked.length).toBeGreaterThanOrEqual(Math.ceil(written / pageGames));
    },
  );

  it('rejects once with the database’s failure mid-export, and the file stream closed', async () => {
    const path = join(dir, 'cut.json');
    let pages = 0;
    await expect(
      writeHistoryFile(
        path,
        async (after, limit) => {
          pages += 1;
          if (pages === 3) throw new Error('database is locked');
          return store.cardGames.detailsPage({}, { after, limit });
        },
        cardHistoryFileParts('json', { now: EXPORT_NOW, nameOf: () => null, includeOpponents: true }),
        { firstPage: 1, maxPage: 1, budgetMs: 8, gamesPerPiece: 8 },
      ),
    ).rejects.toThrow('database is locked');
    expect(pages).toBe(3);
  });

  it('refuses to write over a file that is there, and leaves it as it was', async () => {
    const path = join(dir, 'taken.csv');
    await writeHistoryFile(
      path,
      async () => [],
      cardHistoryFileParts('csv', { now: EXPORT_NOW, nameOf: () => null, includeOpponents: false }),
    );
    const first = await readFile(path, 'utf8');
    await expect(
      writeHistoryFile(
        path,
        async () => [],
        cardHistoryFileParts('json', { now: EXPORT_NOW, nameOf: () => null, includeOpponents: false }),
      ),
    ).rejects.toMatchObject({ code: 'EEXIST' });
    expect(await readFile(path, 'utf8')).toBe(first);
  });
});
