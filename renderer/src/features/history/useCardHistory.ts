import { keepPreviousData } from '@tanstack/react-query';
import type { CardHistoryFilter } from '@shared/contract';
import { withPageToken } from '../../bridge/hostAssetUrl';
import { useAppState } from '../../state/AppContext';
import { useContractQuery, useContractMutation } from '../../state/contractQueries';
import { useStaticDataRevision } from '../../state/useStaticData';

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
  return useContractMutation('history.card.export', {
    onSuccess: (file) => download(withPageToken(file.downloadPath), file.fileName),
  });
}

/**
 * Hands the file the core wrote to the browser's (or Electron's) download handling: it comes from this page's
 * own origin (the browser host, or the desktop app's protocol) as an attachment; nothing is sent anywhere.
 */
function download(url: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}
