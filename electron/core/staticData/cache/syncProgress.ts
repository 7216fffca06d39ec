/** Progress of a sync as the UI shows it (the contract's StaticDataSyncProgress): files and bytes, pushed as events. */
import type { StaticDataSyncPhase, StaticDataSyncProgress } from '@shared/contract';

export interface ProgressTracker {
  phase(phase: StaticDataSyncPhase, stage?: 'arena' | 'cards'): void;
  planFiles(count: number): void;
  /** Starts a file; the returned callbacks report its bytes and its end. */
  startFile(label: string): FileProgress;
  /** Says what is happening now ("Unpacking set1-lite-en_us.zip"). */
  note(current: string): void;
  snapshot(): StaticDataSyncProgress;
}

export interface FileProgress {
  bytes(received: number, expected: number | null): void;
  done(): void;
}

/** Byte updates come per chunk; they are passed on at most this often. Phase and file counts always go out. */
const BYTE_EVENT_INTERVAL_MS = 100;

export function createProgressTracker(
  emit: (progress: StaticDataSyncProgress) => void,
  now: () => number,
): ProgressTracker {
  const state: StaticDataSyncProgress = {
    phase: 'checking',
    stage: null,
    filesDone: 0,
    filesTotal: 0,
    bytesDone: 0,
    bytesTotal: 0,
    current: null,
  };
  let lastByteEvent = 0;
  const send = (): void => emit({ ...state });
  return {
    phase(phase, stage) {
      state.phase = phase;
      if (stage) state.stage = stage;
      if (phase === 'done' || phase === 'failed' || phase === 'cancelled') state.current = null;
      send();
    },
    planFiles(count) {
      state.filesTotal += count;
      send();
    },
    startFile(label) {
      let received = 0;
      let announced = 0;
      let finished = false;
      state.current = label;
      return {
        bytes(total, expected) {
          if (finished) return;
          state.bytesDone += total - received;
          received = total;
          const size = expected ?? total;
          if (size > announced) {
            state.bytesTotal += size - announced;
            announced = size;
          }
          const t = now();
          if (t - lastByteEvent >= BYTE_EVENT_INTERVAL_MS) {
            lastByteEvent = t;
            send();
          }
        },
        done() {
          if (finished) return;
          finished = true;
          state.filesDone += 1;
          send();
        },
      };
    },
    note(current) {
      state.current = current;
      send();
    },
    snapshot: () => ({ ...state }),
  };
}
