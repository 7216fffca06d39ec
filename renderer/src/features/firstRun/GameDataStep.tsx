import { useState } from 'react';
import type { CardGameLocale } from '@shared/contract';
import { useAppState } from '../../state/AppContext';
import { LastSyncPanel } from '../staticData/LastSyncPanel';
import { SyncControls } from '../staticData/SyncControls';
import { publishedSets } from '../staticData/syncLabels';
import { useContractQuery, useContractSteps } from '../../state/contractQueries';
import { useStaticDataRevision } from '../../state/useStaticData';
import { useSaveSettings, useSettings } from '../../state/settingsQueries';
import { useNow } from '../../ui/time/useNow';
import { ALL_DOWNLOADED, estimateSummary } from './firstRunLabels';

/**
 * The game data for the current patch in the user's language: its size before starting (asked of the hosts),
 * one Download button, the Data page's progress and result, and the background-sync setting.
 */
export function GameDataStep() {
  const revision = useStaticDataRevision();
  const running = useAppState((state) => state.staticData.sync);
  const lastSync = useAppState((state) => state.staticData.lastSync);
  const retryAt = useAppState((state) => state.staticData.retryAt);
  const settings = useSettings();
  const status = useContractQuery('staticData.status', {}, { staleTime: Infinity });
  const [chosen, setChosen] = useState<CardGameLocale | null>(null);
  const locale = chosen ?? status.data?.options.userLocale ?? null;
  const estimate = useContractQuery(
    'staticData.estimate',
    { locale: locale ?? undefined },
    { dependsOn: [revision], enabled: locale !== null, staleTime: Infinity, retry: false },
  );
  const saveLocale = useSaveSettings((next: CardGameLocale) => ({ staticData: { locale: next } }));
  const start = useContractSteps({
    steps: async (api) => {
      if (locale === null) return;
      // The language chosen here is the one the background sync keeps.
      if (locale !== settings.data?.settings.staticData.locale) await saveLocale.mutateAsync(locale);
      await api.request('staticData.sync', { locale, sets: publishedSets(estimate.data) });
    },
  });
  // Ticks while a retry countdown is on screen.
  const now = useNow(1000, running === null && retryAt !== null);

  const summary = estimate.data ? estimateSummary(estimate.data) : null;
  return (
    <div className="sd-page first-run-data">
      <div className="first-run-data-row">
        <label className="sd-field inline">
          <span>Language</span>
          <select
            value={locale ?? ''}
            disabled={!status.data || running !== null}
            onChange={(event) =>
              setChosen(status.data?.options.cardLocales.find((l) => l === event.target.value) ?? locale)
            }
            data-testid="first-run-locale"
          >
            {(status.data?.options.cardLocales ?? []).map((candidate) => (
              <option key={candidate} value={candidate}>
                {candidate}
              </option>
            ))}
          </select>
        </label>
        <div className="first-run-size" data-testid="first-run-size" aria-live="polite">
          {estimate.isPending ? (
            <span className="muted">Asking the data hosts for the size…</span>
          ) : estimate.isError ? (
            <span className="error">The size is unknown: {estimate.error.message}</span>
          ) : summary?.total ? (
            <>
              <strong data-testid="first-run-size-total">{summary.total}</strong>
              <span className="muted"> to download</span>
            </>
          ) : (
            <strong data-testid="first-run-size-total">{summary?.settled ?? ALL_DOWNLOADED}</strong>
          )}
        </div>
      </div>
      {summary ? (
        <ul className="first-run-size-lines">
          {summary.lines.map((line) => (
            <li key={line}>{line}</li>
          ))}
          {summary.unpublished.length > 0 ? (
            <li className="muted">Not published by this host, left out: {summary.unpublished.join(', ')}</li>
          ) : null}
          {estimate.data?.problems.map((problem) => (
            <li key={problem} className="error">
              {problem}
            </li>
          ))}
        </ul>
      ) : null}
      <SyncControls>
        <button
          type="button"
          className="sd-primary"
          disabled={locale === null || start.isPending}
          onClick={() => start.mutate()}
          data-testid="first-run-download"
        >
          {summary && !summary.total ? 'Check for updates' : 'Download'}
        </button>
      </SyncControls>
      {start.isError ? (
        <p className="sd-error" role="alert" data-testid="first-run-download-error">
          {start.error.message}
        </p>
      ) : null}
      {running === null ? <LastSyncPanel outcome={lastSync ?? null} now={now} retryAt={retryAt} /> : null}
    </div>
  );
}
