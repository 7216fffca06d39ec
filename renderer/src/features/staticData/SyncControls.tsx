import type { ReactNode } from 'react';
import { formatByteSize, type StaticDataSyncRun } from '@shared/contract';
import { useAppState } from '../../state/AppContext';
import { AutoSyncToggle } from './AutoSyncToggle';
import { progressHeadline, scopeText } from './syncLabels';
import { ProgressBar } from '../../ui/ProgressBar';
import { useContractMutation } from '../../state/contractQueries';

/**
 * Below a sync's choices (the Data page, the first-run guide): the background-sync setting, then the running
 * sync's progress with Cancel, or, when none runs, `children` (the button that starts one).
 */
export function SyncControls({ children }: { children: ReactNode }) {
  const running = useAppState((state) => state.staticData.sync);
  return (
    <>
      <AutoSyncToggle />
      {running ? <SyncProgressView run={running} /> : <div className="sd-actions">{children}</div>}
    </>
  );
}

/** A running sync: files and bytes with their bars, what is being fetched, and Cancel. */
function SyncProgressView({ run }: { run: StaticDataSyncRun }) {
  const cancel = useContractMutation('staticData.cancel', { input: () => ({}) });
  const { progress, cancelling } = run;
  return (
    <div className="sd-progress" data-testid="sync-progress" aria-live="polite">
      <div className="sd-progress-head">
        <strong>{progressHeadline(progress)}</strong>
        <span className="muted">
          {run.reason === 'refresh' ? `In the background: ${scopeText(run.scope)}` : scopeText(run.scope)}
        </span>
      </div>
      <ProgressBar
        className="sd-bar"
        label="Files"
        value={progress.filesDone}
        max={progress.filesTotal}
        testId="sync-progress-files"
      />
      <div className="sd-progress-figures">
        <span>
          {progress.filesDone} of {progress.filesTotal} files
        </span>
        <span data-testid="sync-progress-bytes">
          {formatByteSize(progress.bytesDone)} of {formatByteSize(progress.bytesTotal)}
        </span>
      </div>
      <ProgressBar
        className="sd-bar thin"
        label="Bytes"
        value={progress.bytesDone}
        max={progress.bytesTotal}
      />
      <div className="sd-progress-foot">
        <span className="muted sd-current">{progress.current ?? ' '}</span>
        <button type="button" onClick={() => cancel.mutate()} disabled={cancelling} data-testid="sync-cancel">
          {cancelling ? 'Cancelling…' : 'Cancel'}
        </button>
      </div>
      {cancel.isError ? (
        <p className="sd-error" role="alert">
          {cancel.error.message}
        </p>
      ) : null}
    </div>
  );
}
