import { createWriteStream } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { HistoryFileParts } from './historyFileFormats';

/**
 * How many games an export reads and writes per step. A step (the database read, which SQLite does without
 * yielding, then the text and the write) holds the event loop: the page grows or shrinks so a step takes
 * about `budgetMs`, whatever the machine and however many plays its games have, and the host answers patches
 * and requests between steps. Memory holds one page and the file stream's buffer, whatever the history's size.
 */
export interface ExportPacing {
  firstPage: number;
  maxPage: number;
  budgetMs: number;
  /** Games per piece of a page's bytes (a few tens of KB): small enough to stay out of V8's large-object space. */
  gamesPerPiece: number;
}

/**
 * The first page is two games: the first read is the slowest (its statements are prepared and its code not yet
 * optimised), and 20 games there held the event loop 36 ms where later pages of 20 took 14.
 */
export const EXPORT_PACING: ExportPacing = { firstPage: 2, maxPage: 500, budgetMs: 8, gamesPerPiece: 8 };

/** Where a page of games ends: the last game read (games are read newest first, ties by id). */
export interface HistoryCursor {
  startedAt: number;
  id: number;
}

/** Reads the `limit` games after `after` (the last game of the previous page), in the file's order. */
export type ReadGamePage<Game extends HistoryCursor> = (
  after: HistoryCursor | null,
  limit: number,
) => Promise<Game[]>;

/**
 * Writes a history file (either game's) at `path` (a new file, owner-only) a page at a time, yielding to the event loop
 * between pages; the pipeline reads the next page only when the file has taken the last (backpressure), and
 * any failure (the database's, the disk's) rejects once, with the file stream closed. Resolves to the games
 * written.
 */
export async function writeHistoryFile<Game extends HistoryCursor>(
  path: string,
  readPage: ReadGamePage<Game>,
  parts: HistoryFileParts<Game>,
  pacing: ExportPacing = EXPORT_PACING,
): Promise<number> {
  let written = 0;
  /**
   * A page read and made into the file's bytes at once, in pieces of a few games: the page's games are gone before
   * the bytes are written, over later turns. A page's text joined whole was up to a few MB, which V8 makes in its
   * large-object space, and the games held while it was written outlived the young generation's collections: a
   * 10,000-game JSON export grew the process by 100 MB of both before a full collection ran.
   */
  const readBytes = async (after: HistoryCursor | null, size: number) => {
    const page = await readPage(after, size);
    const pieces: Buffer[] = [];
    for (let from = 0; from < page.length; from += pacing.gamesPerPiece) {
      const games = parts.games(page.slice(from, from + pacing.gamesPerPiece), written + from > 0);
      if (games !== '') pieces.push(Buffer.from(games));
    }
    const last = page.at(-1);
    return { pieces, games: page.length, last: last && { startedAt: last.startedAt, id: last.id } };
  };
  async function* text(): AsyncGenerator<string | Buffer> {
    yield parts.head();
    let after: HistoryCursor | null = null;
    let size = Math.min(pacing.firstPage, pacing.maxPage);
    for (;;) {
      const started = performance.now();
      const { pieces, games, last } = await readBytes(after, size);
      const tookMs = performance.now() - started;
      written += games;
      yield* pieces;
      if (!last || games < size) break;
      after = last;
      size = nextPageSize(size, tookMs, pacing);
      await nextTurn();
    }
    // An empty chunk would end a byte stream's read early: the CSV has no tail.
    const tail = parts.tail(written > 0);
    if (tail !== '') yield tail;
  }
  await pipeline(
    Readable.from(text(), { objectMode: false }),
    createWriteStream(path, { flags: 'wx', mode: 0o600 }),
  );
  return written;
}

/** Scales the page toward the budget: at most twice as large per step, as small as one game when slow. */
function nextPageSize(size: number, tookMs: number, pacing: ExportPacing): number {
  const fitting = Math.floor((size * pacing.budgetMs) / Math.max(tookMs, 0.1));
  return Math.max(1, Math.min(pacing.maxPage, 2 * size, fitting));
}
