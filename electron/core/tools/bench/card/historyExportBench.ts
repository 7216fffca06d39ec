import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { longestGap, momentNow, type Moment } from '../mainThreadCpu';
import { historyPath, openHistoryStore } from '../../../features/history/historyStore';
import { createDownloadShelf } from '../../../transport/host/downloadShelf';
import { silentLogger } from '../../../platform/log/logger';
import { EMPTY_CARD_CATALOG } from '../../../features/card/catalog/cardCatalog';
import { createCardGameArchive } from '../../../features/card/cardGameArchive';
import { createCardHistoryHandlers } from '../../../features/history/cardHistoryHandlers';
import { historyCardFacts } from '../../../features/card/historyCardFacts';
import { writeSyntheticCardHistory, type SyntheticCardHistory } from './syntheticCardHistory';

/**
 * `sightline bench history export`: the card history's export of 10,000 games, as JSON and as CSV, through the
 * request the History page sends, until its file is ready to download. While it runs, a timer ticks every
 * 5 ms: the longest gap between ticks is the longest any patch or request would have waited (target ≤ 50 ms),
 * as the main thread's own work in that gap and on the wall clock (which on a loaded machine also holds the
 * time this process waited for a core); and the process's peak resident memory is sampled (target ≤ 150 MB,
 * the process's own baseline included, printed beside it).
 */

export const EXPORT_DELAY_TARGET_MS = 50;
export const EXPORT_RSS_TARGET_MB = 150;

const DEFAULTS: Omit<SyntheticCardHistory, 'firstStartedAt'> = {
  games: 10_000,
  playsPerGame: 30,
  opponentCardsPerGame: 10,
};

export interface ExportFigures {
  format: 'json' | 'csv';
  games: number;
  seconds: number;
  fileMb: number;
  /** The longest gap between ticks: the main thread's work in it, and on the wall clock. */
  longestWorkMs: number;
  longestWallMs: number;
  baselineRssMb: number;
  peakRssMb: number;
}

const TICK_MS = 5;

const MB = 1024 * 1024;
const verdict = (value: number, target: number): string => (value <= target ? 'within' : 'OVER');

export async function runHistoryExportBench(options: Partial<typeof DEFAULTS> = {}): Promise<string[]> {
  const figures = await measureHistoryExport({ ...DEFAULTS, ...options });
  return figures.map(
    (figure) =>
      `history export: ${figure.games} games as ${figure.format.toUpperCase()} (${figure.fileMb.toFixed(1)} MB) in ${figure.seconds.toFixed(2)} s: ` +
      `longest event-loop stall ${figure.longestWorkMs.toFixed(0)} ms of work (target ≤ ${EXPORT_DELAY_TARGET_MS} ms: ${verdict(figure.longestWorkMs, EXPORT_DELAY_TARGET_MS)}; ${figure.longestWallMs.toFixed(0)} ms wall clock), ` +
      `peak RSS ${figure.peakRssMb.toFixed(0)} MB (${figure.baselineRssMb.toFixed(0)} MB before; target ≤ ${EXPORT_RSS_TARGET_MB} MB: ${verdict(figure.peakRssMb, EXPORT_RSS_TARGET_MB)})`,
  );
}

export async function measureHistoryExport(size: typeof DEFAULTS): Promise<ExportFigures[]> {
  const dir = await mkdtemp(join(tmpdir(), 'sightline-export-bench-'));
  const downloads = createDownloadShelf({ parentDir: dir });
  try {
    await writeSyntheticCardHistory(historyPath(dir), { ...size, firstStartedAt: Date.UTC(2025, 0, 1) });
    const store = await openHistoryStore(historyPath(dir));
    try {
      const archive = createCardGameArchive({
        history: Promise.resolve(store),
        logger: silentLogger,
        onStatus: () => undefined,
      });
      const handlers = createCardHistoryHandlers({
        store: Promise.resolve(store),
        writer: () => archive,
        cards: historyCardFacts(EMPTY_CARD_CATALOG),
        downloads,
        now: () => Date.now(),
      });
      const figures: ExportFigures[] = [];
      for (const format of ['json', 'csv'] as const) {
        const baselineRss = process.memoryUsage.rss();
        let peakRss = baselineRss;
        const ticks: Moment[] = [momentNow()];
        const ticker = setInterval(() => {
          ticks.push(momentNow());
          peakRss = Math.max(peakRss, process.memoryUsage.rss());
        }, TICK_MS);
        const started = performance.now();
        const exported = await handlers['history.card.export']({
          format,
          filter: {},
          includeOpponents: true,
        });
        const seconds = (performance.now() - started) / 1000;
        ticks.push(momentNow());
        clearInterval(ticker);
        peakRss = Math.max(peakRss, process.memoryUsage.rss());
        const longest = longestGap(ticks);
        const file = downloads.take(exported.downloadPath);
        const fileBytes = file ? (await stat(file.path)).size : 0;
        await file?.done();
        figures.push({
          format,
          games: exported.games,
          seconds,
          fileMb: fileBytes / MB,
          longestWorkMs: longest.workMs,
          longestWallMs: longest.wallMs,
          baselineRssMb: baselineRss / MB,
          peakRssMb: peakRss / MB,
        });
      }
      return figures;
    } finally {
      store.close();
    }
  } finally {
    await downloads.close();
    await rm(dir, { recursive: true, force: true });
  }
}
