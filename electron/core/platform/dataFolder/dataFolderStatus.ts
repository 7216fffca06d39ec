import { basename, relative, sep } from 'node:path';
import type {
  AppState,
  DataFileKind,
  DataFolderState,
  DataFolderWriteProblem,
  UnsavedArenaGames,
} from '@shared/contract';
import type { UnwritableKind, WriteFailureSink } from '../fs/writeFailure';
import { unwritableKind } from '../fs/writeFailure';
import type { StateHub } from '../hub/stateHub';
import type { Logger } from '../log/logger';

/** A damaged file the app moved aside (or could not), with what that cost the user. */
export interface MovedAsideReport {
  kind: DataFileKind;
  /** Absolute paths: shown relative to the data folder, never whole (they name the user). */
  path: string;
  movedTo: string | null;
  problem: string;
  reset: string;
}

/** The data folder's health as the user sees it on the Status page (AppState.dataFolder). */
export interface DataFolderStatus {
  movedAside(report: MovedAsideReport): void;
  /** See WriteFailureSink: a read-only or full folder is told once, however many writes fail. */
  writeFailed: WriteFailureSink;
  /** Finished arena games waiting for the history database; null once they are all in it. */
  unsavedArenaGames(unsaved: UnsavedArenaGames | null): void;
}

export interface DataFolderStatusDeps {
  hub: StateHub<AppState>;
  logger: Logger;
  dataDir: string;
  now: () => number;
}

const WRITE_PROBLEM: Record<UnwritableKind, string> = {
  'read-only':
    'Sightline cannot write to its data folder (it is read-only or not yours). It keeps running on what it has in memory: changes made from now on (settings, history, tournaments, saved sequences) are lost when it closes.',
  full: 'The disk that holds Sightline’s data folder is full. It keeps running on what it has in memory: changes made from now on (settings, history, tournaments, saved sequences) are lost when it closes, unless space is freed.',
};

export function createDataFolderStatus(deps: DataFolderStatusDeps): DataFolderStatus {
  const { hub, logger } = deps;
  const publish = (next: DataFolderState): void => hub.set('dataFolder', next);
  const shown = (path: string): string => {
    const inside = relative(deps.dataDir, path);
    // A file outside the data folder (a path given for a test or the CLI) is named alone.
    const name = inside === '' || inside.startsWith('..') ? basename(path) : inside;
    return name.split(sep).join('/');
  };

  return {
    movedAside(report) {
      const entry = {
        kind: report.kind,
        file: shown(report.path),
        movedTo: report.movedTo === null ? null : shown(report.movedTo),
        problem: report.problem,
        reset: report.reset,
        at: deps.now(),
      };
      logger.warn('damaged file moved aside', { ...entry });
      const state = hub.state.dataFolder;
      publish({ ...state, movedAside: [...state.movedAside, entry] });
    },
    writeFailed(error, what) {
      const kind = unwritableKind(error);
      if (kind === null) return false;
      if (hub.state.dataFolder.writeProblem === null) {
        const problem: DataFolderWriteProblem = { kind, message: WRITE_PROBLEM[kind], since: deps.now() };
        logger.error('data folder cannot be written', {
          kind,
          what,
          error: error instanceof Error ? error.message : String(error),
        });
        publish({ ...hub.state.dataFolder, writeProblem: problem });
      }
      return true;
    },
    unsavedArenaGames(unsaved) {
      publish({ ...hub.state.dataFolder, unsavedArenaGames: unsaved });
    },
  };
}
