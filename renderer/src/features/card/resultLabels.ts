import type { CardGameResult } from '@shared/contract';

export const RESULT_LABELS: Record<CardGameResult, string> = {
  win: 'Win',
  loss: 'Loss',
  unknown: 'No result',
};
