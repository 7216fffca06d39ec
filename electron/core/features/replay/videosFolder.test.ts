import { describe, expect, it } from 'vitest';
import { findVideosFolder, type VideosFolderDeps } from './videosFolder';

const linux = (files: Record<string, string> = {}, env: Record<string, string> = {}): VideosFolderDeps => ({
  platform: 'linux',
  env,
  home: '/home/ana',
  readText: async (path) => files[path] ?? null,
});

const USER_DIRS = [
  '# This file is written by xdg-user-dirs-update',
  'XDG_DESKTOP_DIR="$HOME/Bureau"',
  'XDG_VIDEOS_DIR="$HOME/Vidéos"',
  '',
].join('\n');

describe('findVideosFolder', () => {
  it("on Linux, reads the desktop's user-dirs.dirs, in its language", async () => {
    expect(await findVideosFolder(linux({ '/home/ana/.config/user-dirs.dirs': USER_DIRS }))).toBe(
      '/home/ana/Vidéos',
    );
    const elsewhere = linux(
      { '/cfg/user-dirs.dirs': 'XDG_VIDEOS_DIR="/mnt/media/clips"\n' },
      { XDG_CONFIG_HOME: '/cfg' },
    );
    expect(await findVideosFolder(elsewhere)).toBe('/mnt/media/clips');
  });

  it('on Linux, takes XDG_VIDEOS_DIR from the environment first, and ~/Videos when nothing says', async () => {
    const env = { XDG_VIDEOS_DIR: '/srv/videos' };
    expect(await findVideosFolder(linux({ '/home/ana/.config/user-dirs.dirs': USER_DIRS }, env))).toBe(
      '/srv/videos',
    );
    expect(await findVideosFolder(linux())).toBe('/home/ana/Videos');
    // A relative entry is not a folder the game could write to: the default instead.
    expect(
      await findVideosFolder(linux({ '/home/ana/.config/user-dirs.dirs': 'XDG_VIDEOS_DIR="clips"\n' })),
    ).toBe('/home/ana/Videos');
  });

  it("is %USERPROFILE%\\Videos on Windows and ~/Movies on macOS, never the other platform's path", async () => {
    const windows = { ...linux(), platform: 'win32' as const, env: { USERPROFILE: 'C:\\Users\\ana' } };
    expect(await findVideosFolder(windows)).toBe('C:\\Users\\ana\\Videos');
    const mac = { ...linux(), platform: 'darwin' as const, home: '/Users/ana' };
    expect(await findVideosFolder(mac)).toBe('/Users/ana/Movies');
  });
});
