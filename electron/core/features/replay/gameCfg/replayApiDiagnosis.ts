/**
 * Why the replay API is off, from game.cfg: which file, what it says, and what in it works against the
 * setting. Shown beside "replay API disabled" when a running game answers 404 on every /replay/* path.
 */
import { replayApiFindings } from './gameCfgEditor';
import { nodeGameCfgFs, readReplayApiStatus, type GameCfgFs } from './gameCfgFile';
import type { GameCfgLocation } from './gameCfgLocator';

/** One sentence a line: the file (or that none was found), its setting, then each finding. */
export async function diagnoseReplayApiConfig(
  locate: () => Promise<GameCfgLocation>,
  fs: GameCfgFs = nodeGameCfgFs,
): Promise<string[]> {
  const location = await locate();
  const path = location.candidates.find((candidate) => candidate.exists)?.path;
  if (!path) {
    const unchecked =
      location.failedLookups.length > 0 ? ` (could not check ${location.failedLookups.join(', ')})` : '';
    return [`game.cfg not found${unchecked}: pick it on the Replay page`];
  }
  const status = await readReplayApiStatus(path, fs);
  if (!status.ok) return [status.error.message];
  const { state } = status.value;
  const setting =
    state.setting === 'missing'
      ? `EnableReplayApi is not set under [General]${state.hasGeneralSection ? '' : ' (the file has no [General] section)'}`
      : state.setting === 'disabled'
        ? `EnableReplayApi=${state.rawValue ?? ''} under [General] keeps the replay API off`
        : `EnableReplayApi=${state.rawValue ?? ''} under [General] switches it on: restart the replay, the game reads game.cfg as a replay starts`;
  return [`${status.value.path}: ${setting}`, ...replayApiFindings(state)];
}
