/** Progress of a sync as the UI shows it (the contract's StaticDataSyncProgress): files and bytes, pushed as events. */
import type { StaticDataSyncPhase, StaticDataSyncProgress } from '@shared/contract';

export interface ProgressTracker {
  phase(phase: StaticDataSyncPhase, stage?: 'arena' | 'cards'): void;
  /** Counts files the sync will fetch (or find current), one task each; each task has its plannedFile(). */
  planFiles(count: number): void;
  /** One of the files planFiles counted, for its task. */
  plannedFile(): PlannedFile;
  /** Says what is happening now ("Unpacking set1-lite-en_us.zip"). */
  note(current: string): void;
  snapshot(): StaticDataSyncProgress;
}

/** One planned file as its task sees it: its transfers, then how it ended. */
export interface PlannedFile {
  /** A transfer of this file (a bundle may be tried at two addresses); the returned callbacks report its bytes. */
  startFile(label: string): FileProgress;
  note(current: string): void;
  /**
   * Kept (downloaded, or already current): one file done, with the bytes of its finished transfers. Not kept: the
   * file leaves the total and its bytes leave both byte counters, so files and bytes always count the same files.
   */
  settle(kept: boolean): void;
}

export interface FileProgress {
  bytes(received: number, expected: number | null): void;
  /** The transfer finished; a transfer never finished (a 404, a cut) gives its bytes back when the file settles. */
  done(): void;
}

/** Byte updates come per chunk; they are passed on at most this often. Phase and file counts always go out. */
const BYTE_EVENT_INTERVAL_MS = 100;

/** A sync's progress before it has looked at anything. */
export const INITIAL_SYNC_PROGRESS: StaticDataSyncProgress = {
  phase: 'checking',
  stage: null,
  filesDone: 0,
  filesTotal: 0,
  bytesDone: 0,
  bytesTotal: 0,
  current: null,
};

export function createProgressTracker(
  emit: (progress: StaticDataSyncProgress) => void,
  now: () => number,
): ProgressTracker {
  const state: StaticDataSyncProgress = { ...INITIAL_SYNC_PROGRESS };
  let lastByteEvent = 0;
  const send = (): void => emit({ ...state });
  const note = (current: string): void => {
    state.current = current;
    send();
  };

  const plannedFile = (): PlannedFile => {
    const transfers: { received: number; announced: number; finished: boolean }[] = [];
    let settled = false;
    return {
      startFile(label) {
        const transfer = { received: 0, announced: 0, finished: false };
        transfers.push(transfer);
        state.current = label;
        return {
          bytes(total, expected) {
            if (transfer.finished || settled) return;
            state.bytesDone += total - transfer.received;
            transfer.received = total;
            const size = expected ?? total;
            if (size > transfer.announced) {
              state.bytesTotal += size - transfer.announced;
              transfer.announced = size;
            }
            const t = now();
            if (t - lastByteEvent >= BYTE_EVENT_INTERVAL_MS) {
              lastByteEvent = t;
              send();
            }
          },
          done() {
            transfer.finished = true;
          },
        };
      },
      note,
      settle(kept) {
        if (settled) return;
        settled = true;
        for (const transfer of transfers) {
          if (kept && transfer.finished) continue;
          state.bytesDone -= transfer.received;
          state.bytesTotal -= transfer.announced;
        }
        if (kept) state.filesDone += 1;
        else state.filesTotal -= 1;
        send();
      },
    };
  };

  return {
    phase(phase, stage) {
      state.phase = phase;
      // The file named so far was the other game's: it is not shown under this stage's label.
      if (stage && stage !== state.stage) state.current = null;
      if (stage) state.stage = stage;
      if (phase === 'done' || phase === 'failed' || phase === 'cancelled') state.current = null;
      send();
    },
    planFiles(count) {
      state.filesTotal += count;
      send();
    },
    plannedFile,
    note,
    snapshot: () => ({ ...state }),
  };
}
