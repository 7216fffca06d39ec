/**
 * What the app found wrong with its data folder: damaged files it moved aside at start, and whether it can
 * write there at all. The Status page shows it as it is.
 */

/** The kinds of file Sightline keeps in its data folder, as the user knows them. */
export type DataFileKind = 'settings' | 'history' | 'tournaments' | 'cache' | 'sequences';

/** A damaged file moved aside at start, so the app could start a new one and keep the old bytes. */
export interface MovedAsideFile {
  kind: DataFileKind;
  /** Its name in the data folder ("settings.json", "sequences/Baron fight.json"). */
  file: string;
  /** Where its bytes are now, in the same folder ("settings.json.corrupt-20261125T210501Z"); null when it could not be moved. */
  movedTo: string | null;
  /** What was wrong with it ("not valid JSON", "database disk image is malformed"). */
  problem: string;
  /** What that cost, in plain words ("settings reset to defaults"). */
  reset: string;
  /** Epoch ms. */
  at: number;
}

/** The data folder cannot take writes: the app goes on with what it has in memory. */
export interface DataFolderWriteProblem {
  kind: 'read-only' | 'full';
  message: string;
  /** Epoch ms of the first failed write. */
  since: number;
}

/** Finished arena games the history database did not take yet: kept, and saved as soon as it does. */
export interface UnsavedArenaGames {
  count: number;
  /** Why the last attempt failed ("database is locked"). */
  problem: string;
  /** Whether they are also in a pending file in the data folder, so a restart keeps them. */
  keptOnDisk: boolean;
}

export interface DataFolderState {
  movedAside: MovedAsideFile[];
  /** Set by the first write that fails for a read-only or full folder, and kept: told once, not per write. */
  writeProblem: DataFolderWriteProblem | null;
  /** Null when every finished arena game is in the history. */
  unsavedArenaGames: UnsavedArenaGames | null;
}

export const INITIAL_DATA_FOLDER_STATE: DataFolderState = {
  movedAside: [],
  writeProblem: null,
  unsavedArenaGames: null,
};

/** "2 finished arena games are not in the history yet (database is locked): kept, and saved as soon as it can be." */
export function describeUnsavedArenaGames(unsaved: UnsavedArenaGames): string {
  const games =
    unsaved.count === 1 ? '1 finished arena game is' : `${unsaved.count} finished arena games are`;
  const kept = unsaved.keptOnDisk
    ? 'kept (also across a restart)'
    : 'kept in memory only (lost if Sightline closes before then)';
  return `${games} not in the history yet (${unsaved.problem}): ${kept}, and saved as soon as the history can take ${unsaved.count === 1 ? 'it' : 'them'}.`;
}

/** "settings.json was unreadable (not valid JSON): moved to settings.json.corrupt-…; settings reset to defaults." */
export function describeMovedAside(entry: MovedAsideFile): string {
  const where = entry.movedTo
    ? `moved to ${entry.movedTo}`
    : 'left where it is (the data folder cannot be written)';
  return `${entry.file} was unreadable (${entry.problem}): ${where}; ${entry.reset}.`;
}

const KEPT: Record<DataFileKind, { whole: string; partly: string | null }> = {
  settings: { whole: 'settings', partly: null },
  history: { whole: 'game history', partly: null },
  tournaments: { whole: 'tournaments', partly: null },
  sequences: { whole: 'saved sequences', partly: 'the other saved sequences' },
  // An index is built from the downloaded files, which stay.
  cache: { whole: 'downloaded game data', partly: 'downloaded game data' },
};

/** What no damaged file touched, for the line under the moved-aside files: "Kept: settings, game history…". */
export function describeKeptFiles(movedAside: readonly MovedAsideFile[]): string {
  const hit = new Set(movedAside.map((entry) => entry.kind));
  const kept = (Object.keys(KEPT) as DataFileKind[])
    .map((kind) => (hit.has(kind) ? KEPT[kind].partly : KEPT[kind].whole))
    .filter((label): label is string => label !== null);
  if (kept.length === 0) return 'Nothing else was kept.';
  const list = kept.length === 1 ? kept[0] : `${kept.slice(0, -1).join(', ')} and ${kept.at(-1)}`;
  return `Kept as they were: ${list}.`;
}
