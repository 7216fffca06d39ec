import {
  formatByteSize,
  packProgressText,
  type StaticDataCacheSummary,
  type StaticDataPackRun,
} from '@shared/contract';
import { useAppState } from '../../state/AppContext';
import { ProgressBar } from '../../ui/ProgressBar';
import { useContractMutation } from '../../state/contractQueries';

/**
 * The patch's offline pack, opt-in: every image of the newest cached patch for a venue with an unreliable network.
 * Its download shows bytes, rate and time left, and can be cancelled; a cut or cancelled one continues later.
 */
export function PackPanel({ cache }: { cache: StaticDataCacheSummary }) {
  const running = useAppState((state) => state.staticData.pack);
  const last = useAppState((state) => state.staticData.lastPack);
  const start = useContractMutation('staticData.pack', { input: () => ({}) });
  const version = cache.arena[0]?.version ?? null;
  const cached = cache.packs.find((pack) => pack.version === version) ?? null;

  return (
    <section className="panel sd-pack" aria-labelledby="sd-pack-title" data-testid="pack-panel">
      <div className="sd-panel-head">
        <h2 id="sd-pack-title">Offline pack</h2>
      </div>
      <p className="muted">
        Every image of the patch (icons, splash and loading art, minimaps, sprites) on this computer, so
        nothing is fetched during a show. A large download; it continues where it stopped if the network
        drops.
      </p>
      {cache.packs.length > 0 ? (
        <ul className="sd-last-list" data-testid="pack-list">
          {cache.packs.map((pack) => (
            <li key={pack.version}>
              <span>Patch {pack.version}</span>
              <span>
                {pack.files} files · {formatByteSize(pack.bytes)}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      {running ? (
        <PackProgressView run={running} />
      ) : (
        <div className="sd-actions">
          <button
            type="button"
            onClick={() => start.mutate()}
            disabled={version === null || cached !== null || start.isPending}
            data-testid="pack-download"
          >
            {version === null
              ? 'Download the arena game data first'
              : cached
                ? `Pack for ${version} downloaded`
                : cache.partialPackBytes > 0
                  ? `Continue the pack for ${version} (${formatByteSize(cache.partialPackBytes)} here)`
                  : `Download the pack for ${version}`}
          </button>
        </div>
      )}
      {!running && last && !last.ok ? (
        <p className={last.cancelled ? 'muted' : 'sd-error'} role="status" data-testid="pack-problem">
          {last.cancelled ? 'Cancelled' : last.message}
          {last.keptBytes > 0 ? `; ${formatByteSize(last.keptBytes)} kept to continue from.` : ''}
        </p>
      ) : null}
      {start.isError ? (
        <p className="sd-error" role="alert">
          {start.error.message}
        </p>
      ) : null}
    </section>
  );
}

function PackProgressView({ run }: { run: StaticDataPackRun }) {
  const cancel = useContractMutation('staticData.cancelPack', { input: () => ({}) });
  const { progress } = run;
  const total = progress.bytesTotal ?? 0;
  return (
    <div className="sd-progress" data-testid="pack-progress" aria-live="polite">
      <div className="sd-progress-head">
        <strong>
          {progress.phase === 'unpacking' ? 'Unpacking' : 'Downloading'} the pack for {run.version}
        </strong>
      </div>
      <ProgressBar className="sd-bar" label="Pack bytes" value={progress.bytesDone} max={total} />
      <div className="sd-progress-foot">
        <span data-testid="pack-progress-text">{packProgressText(progress)}</span>
        <button
          type="button"
          onClick={() => cancel.mutate()}
          disabled={run.cancelling}
          data-testid="pack-cancel"
        >
          {run.cancelling ? 'Cancelling…' : 'Cancel'}
        </button>
      </div>
    </div>
  );
}
