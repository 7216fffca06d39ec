import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { EMPTY_CARD_CATALOG } from '../../../features/card/catalog/cardCatalog';
import { historyPath, openHistoryStore } from '../../../features/history/historyStore';
import type { CardGameRecord } from '../../../features/history/cardGameRecords';
import { measureScaling, scalingLine } from '../scaling';
import type { CardRectangle } from '../../../features/card/cardClientRecords';
import {
  EMPTY_CARD_SESSION,
  reduceCardSession,
  summarizeGame,
  type CardSession,
} from '../../../features/card/cardGameSession';
import { cardGameView } from '../../../features/card/cardTrackerView';

const SCREEN = { ScreenWidth: 1920, ScreenHeight: 1080 };
const DECK = Object.fromEntries(
  Array.from({ length: 14 }, (_, index) => [`01DE${String(index).padStart(3, '0')}`, 3]),
);

/** A long game: a card drawn every frame, played a frame later, boards of up to twelve units each side. */
function frames(count: number): CardRectangle[][] {
  const codes = Object.keys(DECK);
  const result: CardRectangle[][] = [];
  for (let frame = 0; frame < count; frame += 1) {
    const rectangles: CardRectangle[] = [];
    for (let slot = 0; slot < 6; slot += 1) {
      const id = frame + slot;
      rectangles.push({
        CardID: id,
        CardCode: codes[id % codes.length] ?? '01DE000',
        TopLeftX: 700 + slot * 110,
        TopLeftY: 250,
        Width: 180,
        Height: 270,
        LocalPlayer: true,
      });
    }
    for (let slot = 0; slot < 12; slot += 1) {
      const id = Math.max(0, frame - 1 - slot);
      rectangles.push({
        CardID: id,
        CardCode: codes[id % codes.length] ?? '01DE000',
        TopLeftX: 300 + slot * 110,
        TopLeftY: 480,
        Width: 100,
        Height: 150,
        LocalPlayer: true,
      });
      rectangles.push({
        CardID: 100_000 + frame - slot,
        CardCode: '01NX004',
        TopLeftX: 300 + slot * 110,
        TopLeftY: 760,
        Width: 100,
        Height: 150,
        LocalPlayer: false,
      });
    }
    result.push(rectangles);
  }
  return result;
}

/** The whole game through the session reducer; `onFrame` sees the session after each frame. */
function reduceGame(
  recorded: CardRectangle[][],
  onFrame: (session: CardSession) => void = () => undefined,
): CardSession {
  let session = EMPTY_CARD_SESSION;
  recorded.forEach((rectangles, index) => {
    session = reduceCardSession(session, {
      kind: 'rectangles',
      at: index * 1000,
      record: {
        PlayerName: 'a',
        OpponentName: 'b',
        GameState: 'InProgress',
        Screen: SCREEN,
        Rectangles: rectangles,
      },
    });
    if (index === 0)
      session = reduceCardSession(session, {
        kind: 'decklist',
        at: 0,
        record: { DeckCode: null, CardsInDeck: DECK },
      });
    onFrame(session);
  });
  return session;
}

/** A finished game of `plays` plays, as the tracker hands it to the history. */
function gameOfPlays(plays: number, startedAt: number): CardGameRecord {
  const codes = Object.keys(DECK);
  return {
    startedAt,
    endedAt: startedAt + plays * 1000,
    clientGameId: startedAt,
    deckCode: null,
    deck: DECK,
    playerName: 'a',
    opponentName: 'b',
    result: 'win',
    plays: Array.from({ length: plays }, (_, index) => ({
      code: codes[index % codes.length] ?? '01DE000',
      at: startedAt + index * 1000,
    })),
    opponentCards: [{ code: '01NX004', count: 3, firstSeenAt: startedAt }],
  };
}

const SCALING_SIZES = [1, 2, 4];
const HOUR = 3_600_000;

/** Figures for `sightline bench`: the tracker per polled frame, and the history database per game and query. */
export async function runCardTrackerBench(): Promise<string[]> {
  const lines: string[] = [];
  const recorded = frames(400);
  const started = performance.now();
  const session = reduceGame(recorded, (after) => {
    cardGameView(after, EMPTY_CARD_CATALOG, { revision: 0, error: null, unsaved: 0 });
  });
  const perFrame = (performance.now() - started) / recorded.length;
  lines.push(
    `card tracker: ${perFrame.toFixed(3)} ms per polled frame (reduce + view), ${recorded.length} frames of a long game`,
  );
  const games = new Map(SCALING_SIZES.map((times) => [times * 400, frames(times * 400)]));
  const reductions = await measureScaling([...games.keys()], 5, (count) =>
    reduceGame(games.get(count) ?? []),
  );
  lines.push(scalingLine('card tracker: reducing a game', 'frames', reductions));

  const dir = await mkdtemp(join(tmpdir(), 'sightline-bench-'));
  try {
    const store = await openHistoryStore(historyPath(dir));
    const game = session.game;
    if (!game) throw new Error('the bench game did not start');
    const summary = summarizeGame(game, 400_000, { GameID: 1, LocalPlayerWon: true });
    const games = 300;
    const writeStart = performance.now();
    for (let index = 0; index < games; index += 1) {
      await store.cardGames.record({
        ...summary,
        startedAt: index * 3_600_000,
        opponentName: `opponent ${index % 40}`,
      });
    }
    const perGame = (performance.now() - writeStart) / games;
    lines.push(
      `history: ${perGame.toFixed(2)} ms to record a game (${summary.plays.length} plays, synchronous FULL, WAL)`,
    );
    const queryStart = performance.now();
    await store.cardGames.list({ opponent: 'opponent 1' }, { limit: 50, offset: 0 });
    await store.cardGames.deckRecords({});
    await store.cardGames.count({ result: 'win' });
    lines.push(
      `history: ${(performance.now() - queryStart).toFixed(2)} ms for a filtered page, deck records and count over ${games} games`,
    );
    store.close();
    lines.push(...(await historyReadScaling(dir)));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  return lines;
}

/**
 * Reading games back with their cards (the export's read) at 1×, 2× and 4× the plays per game: ten games
 * of each size, told apart by their start times.
 */
async function historyReadScaling(dir: string): Promise<string[]> {
  const store = await openHistoryStore(join(dir, 'reads.db'));
  try {
    const gamesPerSize = 10;
    const sizes = SCALING_SIZES.map((times) => 800 * times);
    for (const [sizeIndex, plays] of sizes.entries()) {
      for (let game = 0; game < gamesPerSize; game += 1) {
        await store.cardGames.record(gameOfPlays(plays, sizeIndex * HOUR + game));
      }
    }
    const reads = await measureScaling(sizes, 5, (plays) => {
      const from = sizes.indexOf(plays) * HOUR;
      return store.cardGames.details({ from, to: from + HOUR });
    });
    return [scalingLine(`history: reading ${gamesPerSize} games with their cards`, 'plays each', reads)];
  } finally {
    store.close();
  }
}
