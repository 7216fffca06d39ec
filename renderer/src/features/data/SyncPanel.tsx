import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import {
  formatByteSize,
  type ArenaRegion,
  type StaticDataStatus,
  type StaticDataSyncRun,
} from '@shared/contract';
import { useAppApi, useAppState } from '../../app/AppContext';
import { fraction, progressHeadline, scopeText } from './syncLabels';

/** Choose what to download (locale, region, sets, lite or full) and follow the download: files and bytes. */
export function SyncPanel({ status }: { status: StaticDataStatus }) {
  const api = useAppApi();
  const running = useAppState((state) => state.staticData.sync);
  const { options } = status;
  const [locale, setLocale] = useState(options.defaultCardLocale);
  const [region, setRegion] = useState<ArenaRegion>(options.region);
  const [variant, setVariant] = useState<'lite' | 'full'>('lite');
  const [sets, setSets] = useState<string[]>(() => options.sets.map((set) => set.name));
  const start = useMutation({
    mutationFn: () => api.request('staticData.sync', { locale, sets, variant, region }),
  });
  const cancel = useMutation({ mutationFn: () => api.request('staticData.cancel', {}) });
  const toggle = (name: string) =>
    setSets((current) =>
      current.includes(name) ? current.filter((set) => set !== name) : [...current, name],
    );

  return (
    <section className="panel sd-sync" aria-labelledby="sd-sync-title">
      <div className="sd-panel-head">
        <h2 id="sd-sync-title">Download</h2>
        <span className="muted">Both games’ data for one language, kept for offline use</span>
      </div>
      <fieldset className="sd-sync-form" disabled={running !== null}>
        <label className="sd-field">
          <span>Language</span>
          <select
            value={locale}
            onChange={(event) => setLocale(event.target.value)}
            data-testid="sync-locale"
          >
            {options.cardLocales.map((candidate) => (
              <option key={candidate} value={candidate}>
                {candidate}
              </option>
            ))}
          </select>
        </label>
        <label className="sd-field">
          <span>Region</span>
          <select
            value={region}
            onChange={(event) => setRegion(options.regions.find((r) => r === event.target.value) ?? region)}
            title="The arena data follows the patch your region runs"
            data-testid="sync-region"
          >
            {options.regions.map((candidate) => (
              <option key={candidate} value={candidate}>
                {candidate.toUpperCase()}
              </option>
            ))}
          </select>
        </label>
        <div className="sd-field">
          <span id="sd-variant-label">Card art</span>
          <div className="sd-segmented" role="group" aria-labelledby="sd-variant-label">
            <button type="button" aria-pressed={variant === 'lite'} onClick={() => setVariant('lite')}>
              Lite
            </button>
            <button type="button" aria-pressed={variant === 'full'} onClick={() => setVariant('full')}>
              Full illustrations
            </button>
          </div>
        </div>
        <div className="sd-field sd-sets">
          <span id="sd-sets-label">
            Card sets
            <button
              type="button"
              className="sd-link"
              onClick={() => setSets(options.sets.map((set) => set.name))}
            >
              all
            </button>
            <button
              type="button"
              className="sd-link"
              onClick={() => setSets([])}
              data-testid="sync-sets-none"
            >
              none
            </button>
          </span>
          <div className="sd-chips" role="group" aria-labelledby="sd-sets-label">
            {options.sets.map((set) => (
              <button
                type="button"
                key={set.name}
                className="sd-chip"
                aria-pressed={sets.includes(set.name)}
                onClick={() => toggle(set.name)}
                data-testid={`sync-set-${set.name}`}
              >
                {set.label}
              </button>
            ))}
          </div>
        </div>
      </fieldset>
      {running ? (
        <SyncProgressView run={running} onCancel={() => cancel.mutate()} cancelling={running.cancelling} />
      ) : (
        <div className="sd-actions">
          <button
            type="button"
            className="sd-primary"
            disabled={start.isPending || sets.length === 0}
            onClick={() => start.mutate()}
            data-testid="sync-start"
          >
            Download and update
          </button>
          {sets.length === 0 ? <span className="muted">Choose at least one set.</span> : null}
        </div>
      )}
      {start.isError ? (
        <p className="sd-error" role="alert" data-testid="sync-error">
          {start.error.message}
        </p>
      ) : null}
      {cancel.isError ? (
        <p className="sd-error" role="alert">
          {cancel.error.message}
        </p>
      ) : null}
    </section>
  );
}

function SyncProgressView({
  run,
  onCancel,
  cancelling,
}: {
  run: StaticDataSyncRun;
  onCancel: () => void;
  cancelling: boolean;
}) {
  const { progress } = run;
  const files = fraction(progress.filesDone, progress.filesTotal);
  const bytes = fraction(progress.bytesDone, progress.bytesTotal);
  return (
    <div className="sd-progress" data-testid="sync-progress" aria-live="polite">
      <div className="sd-progress-head">
        <strong>{progressHeadline(progress)}</strong>
        <span className="muted">
          {run.reason === 'refresh' ? 'Checking for updates' : scopeText(run.scope)}
        </span>
      </div>
      <div
        className="sd-bar"
        role="progressbar"
        aria-label="Files"
        aria-valuemin={0}
        aria-valuemax={progress.filesTotal}
        aria-valuenow={progress.filesDone}
        data-testid="sync-progress-files"
      >
        <span style={{ width: `${(files * 100).toFixed(1)}%` }} />
      </div>
      <div className="sd-progress-figures">
        <span>
          {progress.filesDone} of {progress.filesTotal} files
        </span>
        <span data-testid="sync-progress-bytes">
          {formatByteSize(progress.bytesDone)} of {formatByteSize(progress.bytesTotal)}
        </span>
      </div>
      <div
        className="sd-bar thin"
        role="progressbar"
        aria-label="Bytes"
        aria-valuemin={0}
        aria-valuemax={progress.bytesTotal}
        aria-valuenow={progress.bytesDone}
      >
        <span style={{ width: `${(bytes * 100).toFixed(1)}%` }} />
      </div>
      <div className="sd-progress-foot">
        <span className="muted sd-current">{progress.current ?? ' '}</span>
        <button type="button" onClick={onCancel} disabled={cancelling} data-testid="sync-cancel">
          {cancelling ? 'Cancelling…' : 'Cancel'}
        </button>
      </div>
    </div>
  );
}
