import { describeKeptFiles, describeMovedAside, describeUnsavedArenaGames } from '@shared/contract';
import { useAppState } from '../../state/AppContext';

/**
 * Damaged files moved aside at start, with what was reset and what was kept, a folder that takes no writes, and
 * finished arena games waiting for the history.
 */
export function DataFolderNotices() {
  const dataFolder = useAppState((state) => state.dataFolder);
  if (
    !dataFolder ||
    (dataFolder.movedAside.length === 0 && !dataFolder.writeProblem && !dataFolder.unsavedArenaGames)
  )
    return null;
  const { movedAside, writeProblem, unsavedArenaGames } = dataFolder;
  return (
    <section className="panel data-folder" aria-labelledby="data-folder-title" data-testid="data-folder">
      <h2 id="data-folder-title">Data folder</h2>
      {writeProblem ? (
        <p className="data-folder-problem" role="alert" data-testid="data-folder-write-problem">
          {writeProblem.message}
        </p>
      ) : null}
      {unsavedArenaGames ? (
        <p className="data-folder-problem" role="status" data-testid="data-folder-unsaved-games">
          {describeUnsavedArenaGames(unsavedArenaGames)}
        </p>
      ) : null}
      {movedAside.length > 0 ? (
        <>
          <ul className="data-folder-moved" data-testid="data-folder-moved">
            {movedAside.map((entry) => (
              <li key={`${entry.file}|${entry.at}`}>{describeMovedAside(entry)}</li>
            ))}
          </ul>
          <p className="muted" data-testid="data-folder-kept">
            {describeKeptFiles(movedAside)}
          </p>
        </>
      ) : null}
    </section>
  );
}
