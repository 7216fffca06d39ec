import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** The install folder's name, as the game's own installer names it. */
export const SIMULATED_INSTALL_NAME = 'League of Legends';

/**
 * A stand-in for the arena game's install folder, so the replay desk's game.cfg switch has a file to find and
 * change on a machine without the game: `<parent>/League of Legends/Config/game.cfg`, the modern layout, in
 * the game's own shape (CRLF, `[General]` first) with `EnableReplayApi` as the scenario's replay has it.
 * Returns the game.cfg's path.
 */
export async function createSimulatedGameInstall(
  parentDir: string,
  replayApiEnabled: boolean,
): Promise<string> {
  const configDir = join(parentDir, SIMULATED_INSTALL_NAME, 'Config');
  await mkdir(configDir, { recursive: true });
  const file = join(configDir, 'game.cfg');
  const lines = [
    '[General]',
    'WindowMode=2',
    'Width=1920',
    'Height=1080',
    'CfgVersion=14.23.644.6287',
    `EnableReplayApi=${replayApiEnabled ? 1 : 0}`,
    '',
    '[HUD]',
    'GlobalScale=0.5000',
    'MinimapScale=1.0000',
    '',
  ];
  await writeFile(file, lines.join('\r\n'));
  return file;
}
