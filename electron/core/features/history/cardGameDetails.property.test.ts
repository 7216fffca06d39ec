import fc from 'fast-check';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CardGameRecord, StoredCardGameDetail } from './cardGameRecords';
import { historyPath, openHistoryStore, type HistoryStore } from './historyStore';

/**
 * The games read back with their cards (the export's and the detail view's read) hold exactly what was
 * recorded, for any number of games and plays: checked against a plain reference built from the input.
 */

const code = fc.constantFrom('01DE001', '01DE002', '01IO009', '01NX004', '02SI008', '03MT087');

const game: fc.Arbitrary<CardGameRecord> = fc.record({
  startedAt: fc.integer({ min: 0, max: 50 }).map((hour) => hour * 3_600_000),
  endedAt: fc.constant(0),
  clientGameId: fc.option(fc.integer({ min: 0, max: 1_000_000 }), { nil: null }),
  deckCode: fc.option(fc.constantFrom('CEAQCAIABQAQCAICBEAA', 'CEBAEAIBAQAQ'), { nil: null }),
  deck: fc.option(fc.dictionary(code, fc.integer({ min: 0, max: 3 })), { nil: null }),
  playerName: fc.option(fc.string({ maxLength: 8 }), { nil: null }),
  opponentName: fc.option(fc.string({ maxLength: 8 }), { nil: null }),
  result: fc.constantFrom('win' as const, 'loss' as const, 'unknown' as const),
  plays: fc.array(fc.record({ code, at: fc.integer({ min: 0, max: 3_000_000 }) }), { maxLength: 60 }),
  opponentCards: fc.uniqueArray(
    fc.record({ code, count: fc.integer({ min: 1, max: 4 }), firstSeenAt: fc.integer({ min: 0, max: 99 }) }),
    { selector: (card) => card.code, maxLength: 6 },
  ),
});

/** What the store must give back for these records, written out the obvious way. */
function reference(records: { id: number; record: CardGameRecord }[]): StoredCardGameDetail[] {
  return [...records]
    .sort((a, b) => b.record.startedAt - a.record.startedAt || b.id - a.id)
    .map(({ id, record }) => ({
      id,
      startedAt: record.startedAt,
      endedAt: record.endedAt,
      clientGameId: record.clientGameId,
      deckCode: record.deckCode,
      playerName: record.playerName,
      opponentName: record.opponentName,
      result: record.result,
      playCount: record.plays.length,
      opponentCardCount: record.opponentCards.reduce((sum, card) => sum + card.count, 0),
      deck: Object.entries(record.deck ?? {})
        .filter(([, count]) => count > 0)
        .map(([cardCode, count]) => ({ code: cardCode, count }))
        .sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0)),
      plays: record.plays.map((play) => ({ ...play })),
      opponentCards: [...record.opponentCards].sort(
        (a, b) => a.firstSeenAt - b.firstSeenAt || (a.code < b.code ? -1 : a.code > b.code ? 1 : 0),
      ),
    }));
}

let dir: string;
let store: HistoryStore | null = null;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sightline-card-details-'));
});
afterEach(async () => {
  store?.close();
  store = null;
  await rm(dir, { recursive: true, force: true });
});

describe('card games read back with their cards', () => {
  it('match a plain reference for random games, one game or many, few plays or many', async () => {
    const history = await openHistoryStore(historyPath(dir), () => 0);
    store = history;
    await fc.assert(
      fc.asyncProperty(fc.array(game, { minLength: 1, maxLength: 8 }), async (games) => {
        await history.cardGames.delete({ all: true });
        const recorded: { id: number; record: CardGameRecord }[] = [];
        for (const [index, record] of games.entries()) {
          // The identity (start, GameID, deck) must differ, or the second is a duplicate by design.
          const unique = { ...record, clientGameId: index, endedAt: record.startedAt + 60_000 };
          const { id } = await history.cardGames.record(unique);
          recorded.push({ id, record: unique });
        }
        const expected = reference(recorded);
        expect(await history.cardGames.details({})).toEqual(expected);
        for (const detail of expected) expect(await history.cardGames.detail(detail.id)).toEqual(detail);
      }),
      { numRuns: 25 },
    );
  });
});
