import { useEffect, useState } from 'react';
import { useAppState } from '../../state/AppContext';
import { useContractQuery } from '../../state/contractQueries';
import { ArenaDataPanel } from './ArenaDataPanel';
import { CachePanel } from './CachePanel';
import { LastSyncPanel } from './LastSyncPanel';
import { PackPanel } from './PackPanel';
import { SyncPanel } from './SyncPanel';
import './data.css';

/**
 * The Data page: what is downloaded for each game and language, downloading and updating it with its progress,
 * the problems of the last update, clearing it; and the arena data with its tooltips.
 */
export function DataPage() {
  const pushed = useAppState((state) => state.staticData);
  const status = useContractQuery('staticData.status', {}, { staleTime: Infinity });
  const now = useNow(30_000);
  if (status.isPending) return <p className="muted">Loading…</p>;
  if (status.isError) return <p className="error">{status.error.message}</p>;
  // The pushed summary is the live one; the request's is the first.
  const cache = pushed?.cache ?? status.data.cache;
  return (
    <div className="sd-page" data-testid="data-page">
      <div className="sd-columns">
        <div className="sd-column">
          <SyncPanel status={status.data} />
          <LastSyncPanel outcome={pushed?.lastSync ?? null} now={now} retryAt={pushed?.retryAt ?? null} />
          <PackPanel cache={cache} />
        </div>
        <CachePanel cache={cache} />
      </div>
      <ArenaDataPanel />
    </div>
  );
}

function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return now;
}
