import type { ArenaGameResult } from '@shared/contract';

export const ARENA_RESULT_LABELS: Record<ArenaGameResult, string> = {
  win: 'Win',
  loss: 'Loss',
  unknown: '—',
};
