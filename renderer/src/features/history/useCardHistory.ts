import { keepPreviousData } from '@tanstack/react-query';
import type { CardHistoryFilter } from '@shared/contract';
import { useAppState } from '../../state/AppContext';
import { useContractQuery, useContractMutation } from '../../state/contractQueries';
import { useStaticDataRevision } from '../../state/useStaticData';
import { downloadExport } from './downloadExport';

/** Goes up when a game is recorded or deleted: part of every history query's key, so views refetch. */
function useHistoryRevision(): number {
  return useAppState((state) => state.card.history.revision) ?? 0;
}

export function useCardHistoryList(filter: CardHistoryFilter, page: { limit: number; offset: number }) {
  const revision = useHistoryRevision();
  return useContractQuery(
    'history.card.list',
    { ...filter, ...page },
    { dependsOn: [revision], placeholderData: keepPreviousData },
  );
}

export function useCardGameDetail(id: number | null) {
  const revision = useHistoryRevision();
  // Card names and art come with the game: asked again once a sync brings them.
  const cardData = useStaticDataRevision();
  return useContractQuery(
    'history.card.game',
    { id: id ?? 0 },
    {
      dependsOn: [revision, cardData],
      enabled: id !== null,
      // The same game's answer stays on screen while a new revision of it loads; another game's does not.
      placeholderData: (previous) => (previous?.id === id ? previous : undefined),
    },
  );
}

export function useExportCardHistory() {
  return useContractMutation('history.card.export', { onSuccess: downloadExport });
}
