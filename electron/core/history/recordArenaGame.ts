import type { LiveGameSummary } from '@shared/contract';
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
): Promise<void> {
  try {
    const store = await history;
    const { id, duplicate } = await store.recordArenaGame(arenaSummaryFromLive(summary));
    logger.info('arena game recorded', { id, duplicate });
  } catch (error) {
    logger.error('arena game not recorded', {
      error: error instanceof Error ? error.message : String(error),
    });
  }
}
