import { readFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { posix, win32 } from 'node:path';

/**
 * The platform's videos folder where Electron is not there to say it (`sightline serve`, the CLI): what
 * `app.getPath('videos')` answers, worked out the same way. Linux: `XDG_VIDEOS_DIR` from the environment or
 * from `user-dirs.dirs` (the desktop's own setting, in a translated desktop "Vidéos" or "Videos"), else
 * ~/Videos; macOS: ~/Movies; Windows: %USERPROFILE%\Videos.
 */
export interface VideosFolderDeps {
  platform: NodeJS.Platform;
  env: Readonly<Record<string, string | undefined>>;
  home: string;
  /** A text file's content; null when it cannot be read. */
  readText(path: string): Promise<string | null>;
}

export async function findVideosFolder(deps: VideosFolderDeps): Promise<string> {
  const { platform, env, home } = deps;
  if (platform === 'win32') return win32.join(env.USERPROFILE ?? home, 'Videos');
  if (platform === 'darwin') return posix.join(home, 'Movies');
  const named = env.XDG_VIDEOS_DIR ?? (await userDirsEntry(deps));
  const expanded = named === undefined ? null : expandHome(named, home);
  return expanded ?? posix.join(home, 'Videos');
}

export function nodeVideosFolderDeps(): VideosFolderDeps {
  return {
    platform: process.platform,
    env: process.env,
    home: homedir(),
    readText: (path) => readFile(path, 'utf8').catch(() => null),
  };
}

/** `XDG_VIDEOS_DIR="$HOME/Videos"` in `$XDG_CONFIG_HOME/user-dirs.dirs` (a shell file of such lines). */
async function userDirsEntry(deps: VideosFolderDeps): Promise<string | undefined> {
  const configHome = deps.env.XDG_CONFIG_HOME || posix.join(deps.home, '.config');
  const text = await deps.readText(posix.join(configHome, 'user-dirs.dirs'));
  if (text === null) return undefined;
  for (const line of text.split(/\r?\n/)) {
    const value = /^\s*XDG_VIDEOS_DIR\s*=\s*"([^"]*)"\s*$/.exec(line)?.[1];
    if (value !== undefined) return value;
  }
  return undefined;
}

/** `$HOME/…` or an absolute path, as user-dirs.dirs allows; anything else is not a folder to offer. */
function expandHome(value: string, home: string): string | null {
  const path = value.replace(/^\$HOME(?=\/|$)/, home).replace(/^\$\{HOME\}(?=\/|$)/, home);
  return posix.isAbsolute(path) ? posix.normalize(path) : null;
}
