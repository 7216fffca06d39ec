import type { LiveGameSummary } from '@shared/contract';
import type { WriteFailureSink } from '../fs/writeFailure';
import type { Logger } from '../log/logger';
import { arenaSummaryFromLive } from './arenaGameRecords';
import type { HistoryStore } from './historyStore';

/**
 * Stores a finished arena game. A failure is logged, never thrown: the scoreboard goes on, and the
 * same game reported twice is stored once.
 */
export async function recordArenaGame(
  history: Promise<HistoryStore>,
  summary: LiveGameSummary,
  logger: Logger,
  writeFailed?: WriteFailureSink,
): Promise<void> {
  let store: HistoryStore;
  try {
    store = await history;
  } catch (error) {
    logger.error('arena game not recorded', { error: messageOf(error) });
    return;
  }
  try {
    const { id, duplicate } = await store.recordArenaGame(arenaSummaryFromLive(summary));
    logger.info('arena game recorded', { id, duplicate });
  } catch (error) {
    logger.error('arena game not recorded', { error: messageOf(error) });
    // A read-only or full data folder is said once, on the Status page.
    writeFailed?.(error, 'history');
  }
}

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));
