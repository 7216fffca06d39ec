import { keepPreviousData } from '@tanstack/react-query';
import type { ArenaHistoryFilter } from '@shared/contract';
import { useAppState } from '../../state/AppContext';
import { useContractMutation, useContractQuery } from '../../state/contractQueries';
import { downloadExport } from './downloadExport';

/** Finished arena games the filter selects, newest first; asked again when the scoreboard sees a game end. */
export function useArenaHistory(filter: ArenaHistoryFilter, page: { limit: number; offset: number }) {
  const lastGameEnded = useAppState((state) => state.live.lastGame?.endedAt) ?? 0;
  return useContractQuery(
    'history.arena.list',
    { ...filter, ...page },
    {
      dependsOn: [lastGameEnded],
      placeholderData: keepPreviousData,
      // The game is written just after it ends: one more look shortly after catches it.
      refetchInterval: 10_000,
    },
  );
}

/** Writes the filtered arena games to a file the core offers, then downloads it. */
export function useExportArenaHistory() {
  return useContractMutation('history.arena.export', { onSuccess: downloadExport });
}
