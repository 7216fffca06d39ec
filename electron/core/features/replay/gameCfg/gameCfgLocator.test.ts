import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, posix, win32 } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { GameCfgLocatorDeps, RunCommand } from './gameCfgLocator';
import { installDirOf, locateGameCfg, nodeGameCfgLocatorDeps, parseRegQuery } from './gameCfgLocator';

const HKCU_UNINSTALL = 'HKCU\\Software\\Microsoft\\Windows\\CurrentVersion\\Uninstall';
const MUI_CACHE = 'HKCU\\Software\\Classes\\Local Settings\\Software\\Microsoft\\Windows\\Shell\\MuiCache';

const UNINSTALL_OUTPUT = [
  '',
  'HKEY_CURRENT_USER\\Software\\Microsoft\\Windows\\CurrentVersion\\Uninstall\\Riot Game Riot_Client.',
  '    DisplayName    REG_SZ    Riot Client',
  '    InstallLocation    REG_SZ    C:\\Riot Games\\Riot Client',
  '',
  'HKEY_CURRENT_USER\\Software\\Microsoft\\Windows\\CurrentVersion\\Uninstall\\Riot Game league_of_legends.live',
  '    DisplayIcon    REG_SZ    D:\\Riot\\League of Legends\\LeagueClient.ico',
  '    DisplayName    REG_SZ    League of Legends',
  '    InstallLocation    REG_SZ    d:\\riot\\league of legends\\',
  '    UninstallString    REG_SZ    "C:\\Riot Games\\Riot Client\\RiotClientServices.exe" --uninstall-product=league_of_legends --uninstall-patchline=live',
  '    NoModify    REG_DWORD    0x1',
  '',
  'HKEY_CURRENT_USER\\Software\\Microsoft\\Windows\\CurrentVersion\\Uninstall\\Riot Game league_of_legends.pbe',
  '    DisplayName    REG_SZ    League of Legends (PBE)',
  '    InstallLocation    REG_EXPAND_SZ    %GAMES%\\League of Legends (PBE)',
  '',
  'HKEY_CURRENT_USER\\Software\\Microsoft\\Windows\\CurrentVersion\\Uninstall\\{5F2C1B7A-0000}',
  '    DisplayName    REG_SZ    Some Editor',
  '    InstallLocation    REG_SZ    C:\\Program Files\\Some Editor',
  '',
].join('\r\n');

const MUI_OUTPUT = [
  '',
  'HKEY_CURRENT_USER\\Software\\Classes\\Local Settings\\Software\\Microsoft\\Windows\\Shell\\MuiCache',
  '    LangID    REG_BINARY    0904',
  '    C:\\Windows\\system32\\notepad.exe.FriendlyAppName    REG_SZ    Notepad',
  '    E:\\Old\\League of Legends\\Game\\League of Legends.exe.FriendlyAppName    REG_SZ    League of Legends',
  '    E:\\Old\\League of Legends\\Game\\League of Legends.exe.ApplicationCompany    REG_SZ    Riot Games, Inc.',
  '',
].join('\r\n');

type Answers = Record<string, string | Error>;

/** A command runner that answers from a table keyed by the program name and the first argument. */
function fakeRun(answers: Answers, calls: string[] = []): RunCommand {
  return async (file, args) => {
    const key = [file, args[0] === 'query' ? args[1] : args[0]].join(' ');
    calls.push(key);
    const answer = answers[key] ?? new Error(`not found: ${key}`);
    if (answer instanceof Error) throw answer;
    return answer;
  };
}

function deps(
  overrides: Partial<GameCfgLocatorDeps> & Pick<GameCfgLocatorDeps, 'platform'>,
): GameCfgLocatorDeps {
  return { env: {}, run: fakeRun({}), fileExists: async () => false, ...overrides };
}

function existing(...paths: string[]): (path: string) => Promise<boolean> {
  return async (path) => paths.includes(path);
}

describe('locateGameCfg on Windows', () => {
  const answers: Answers = {
    'powershell.exe -NoProfile':
      'C:\\Games\\LoL\\Game\\League of Legends.exe\r\nD:\\Riot\\League of Legends\\LeagueClient.exe\r\n',
    [`reg ${HKCU_UNINSTALL}`]: UNINSTALL_OUTPUT,
    [`reg ${MUI_CACHE}`]: MUI_OUTPUT,
  };

  it('gathers installs from processes, the registry, the MUI cache and the default folder', async () => {
    const location = await locateGameCfg(
      deps({
        platform: 'win32',
        env: { Games: 'F:\\Games' },
        run: fakeRun(answers),
        fileExists: existing(
          'D:\\Riot\\League of Legends\\Config\\game.cfg',
          'C:\\Games\\LoL\\Config\\game.cfg',
        ),
      }),
    );

    expect(location.failedLookups).toEqual([]);
    const [first, second] = location.candidates;
    expect(first).toEqual({
      path: 'C:\\Games\\LoL\\Config\\game.cfg',
      installDir: 'C:\\Games\\LoL',
      exists: true,
      origins: [{ source: 'running-game', detail: 'C:\\Games\\LoL\\Game\\League of Legends.exe' }],
    });
    // The running client and the uninstall entry name the same folder in different case: one candidate.
    expect(second).toEqual({
      path: 'D:\\Riot\\League of Legends\\Config\\game.cfg',
      installDir: 'D:\\Riot\\League of Legends',
      exists: true,
      origins: [
        { source: 'running-game', detail: 'D:\\Riot\\League of Legends\\LeagueClient.exe' },
        {
          source: 'registry',
          detail:
            'HKEY_CURRENT_USER\\Software\\Microsoft\\Windows\\CurrentVersion\\Uninstall\\Riot Game league_of_legends.live',
        },
      ],
    });

    const missing = location.candidates.filter((c) => !c.exists);
    expect(missing.every((c) => c.path.endsWith('game.cfg') && !c.path.includes('/'))).toBe(true);
    expect(missing.map((c) => c.path)).toEqual(
      expect.arrayContaining([
        'C:\\Games\\LoL\\DATA\\CFG\\game.cfg',
        'C:\\Games\\LoL\\Game\\Config\\game.cfg',
        'F:\\Games\\League of Legends (PBE)\\Config\\game.cfg',
        'E:\\Old\\League of Legends\\Config\\game.cfg',
        'C:\\Riot Games\\League of Legends\\Config\\game.cfg',
      ]),
    );
    const sources = new Set(location.candidates.flatMap((c) => c.origins.map((o) => o.source)));
    expect(sources).toEqual(new Set(['running-game', 'registry', 'recently-run', 'default-location']));
    expect(location.candidates.some((c) => /Riot Client|Some Editor|notepad/i.test(c.path))).toBe(false);
    // Three layouts for each of five folders, no duplicates.
    expect(new Set(location.candidates.map((c) => c.path.toLowerCase())).size).toBe(
      location.candidates.length,
    );
    expect(location.candidates).toHaveLength(15);
  });

  it('falls back to wmic when PowerShell cannot run', async () => {
    const calls: string[] = [];
    const run = fakeRun(
      {
        'powershell.exe -NoProfile': new Error('spawn powershell.exe ENOENT'),
        'wmic process': '\r\r\nExecutablePath=G:\\LoL\\LeagueClient.exe\r\r\n\r\r\n',
      },
      calls,
    );
    const location = await locateGameCfg(deps({ platform: 'win32', run }));
    expect(calls).toContain('wmic process');
    expect(location.candidates.map((c) => c.path)).toContain('G:\\LoL\\Config\\game.cfg');
    expect(location.failedLookups).toEqual([]);
  });

  it('says when running processes could not be listed, and still offers the default folder', async () => {
    const location = await locateGameCfg(
      deps({
        platform: 'win32',
        fileExists: existing('C:\\Riot Games\\League of Legends\\Config\\game.cfg'),
      }),
    );
    expect(location.failedLookups).toEqual(['running processes']);
    expect(location.candidates[0]).toMatchObject({
      path: 'C:\\Riot Games\\League of Legends\\Config\\game.cfg',
      exists: true,
      origins: [{ source: 'default-location' }],
    });
  });

  it('derives the install folder from the old RADS layout', async () => {
    const run = fakeRun({
      'powershell.exe -NoProfile':
        'C:\\Riot Games\\League of Legends\\RADS\\projects\\league_client\\releases\\0.0.0.1\\deploy\\LeagueClient.exe\n',
    });
    const location = await locateGameCfg(deps({ platform: 'win32', run }));
    expect(location.candidates.find((c) => c.origins[0]?.source === 'running-game')?.installDir).toBe(
      'C:\\Riot Games\\League of Legends',
    );
  });

  it('takes no folder from a running client whose path the system hides', async () => {
    const run = fakeRun({ 'powershell.exe -NoProfile': 'LeagueClient.exe\r\n' });
    const location = await locateGameCfg(deps({ platform: 'win32', run }));
    expect(location.candidates.filter((c) => c.origins.some((o) => o.source === 'running-game'))).toEqual([]);
    expect(location.failedLookups).toEqual([]);
  });

  it('puts picked files and folders first', async () => {
    const location = await locateGameCfg(
      deps({ platform: 'win32', picked: ['E:\\Copies\\9.4\\Config\\game.cfg', 'E:\\Copies\\10.1'] }),
    );
    expect(location.candidates.slice(0, 5).map((c) => [c.path, c.origins[0]?.source])).toEqual([
      ['E:\\Copies\\9.4\\Config\\game.cfg', 'picked'],
      ['E:\\Copies\\10.1\\game.cfg', 'picked'],
      ['E:\\Copies\\10.1\\DATA\\CFG\\game.cfg', 'picked'],
      ['E:\\Copies\\10.1\\Config\\game.cfg', 'picked'],
      ['E:\\Copies\\10.1\\Game\\Config\\game.cfg', 'picked'],
    ]);
  });
});

describe('locateGameCfg on macOS', () => {
  it('finds the app from running processes, Spotlight and /Applications', async () => {
    const run = fakeRun({
      'ps -axo': [
        '/sbin/launchd',
        '/Applications/League of Legends.app/Contents/LoL/LeagueClient.app/Contents/MacOS/LeagueClient',
        '/Users/me/Games/League of Legends.app/Contents/LoL/Game/LeagueofLegends.app/Contents/MacOS/LeagueofLegends',
        '/Applications/Safari.app/Contents/MacOS/Safari',
      ].join('\n'),
      "mdfind kMDItemCFBundleIdentifier == 'com.riotgames.leagueoflegends'":
        '/Applications/League of Legends.app\n/Volumes/Backup/League of Legends.app\n',
    });
    const location = await locateGameCfg(
      deps({
        platform: 'darwin',
        run,
        fileExists: existing('/Applications/League of Legends.app/Contents/LoL/Config/game.cfg'),
      }),
    );

    expect(location.failedLookups).toEqual([]);
    expect(location.candidates[0]).toEqual({
      path: '/Applications/League of Legends.app/Contents/LoL/Config/game.cfg',
      installDir: '/Applications/League of Legends.app/Contents/LoL',
      exists: true,
      origins: [
        {
          source: 'running-game',
          detail:
            '/Applications/League of Legends.app/Contents/LoL/LeagueClient.app/Contents/MacOS/LeagueClient',
        },
        { source: 'spotlight', detail: '/Applications/League of Legends.app' },
        { source: 'default-location', detail: '/Applications/League of Legends.app/Contents/LoL' },
      ],
    });
    const dirs = new Set(location.candidates.map((c) => c.installDir));
    expect(dirs).toEqual(
      new Set([
        '/Applications/League of Legends.app/Contents/LoL',
        '/Users/me/Games/League of Legends.app/Contents/LoL',
        '/Volumes/Backup/League of Legends.app/Contents/LoL',
      ]),
    );
  });

  it('opens a picked .app bundle at Contents/LoL and reports failed lookups', async () => {
    const location = await locateGameCfg(
      deps({ platform: 'darwin', picked: ['/Games/League of Legends.app/'] }),
    );
    expect(location.candidates[0]?.path).toBe('/Games/League of Legends.app/Contents/LoL/DATA/CFG/game.cfg');
    expect(location.failedLookups).toEqual(['running processes', 'Spotlight']);
  });
});

describe('locateGameCfg elsewhere', () => {
  it('offers only what the player picked and runs no command', async () => {
    const calls: string[] = [];
    const location = await locateGameCfg(
      deps({ platform: 'linux', run: fakeRun({}, calls), picked: ['/home/me/wine/lol/Config/game.cfg'] }),
    );
    expect(calls).toEqual([]);
    expect(location.candidates.map((c) => c.path)).toEqual(['/home/me/wine/lol/Config/game.cfg']);
  });

  it('checks existence on the real disk with the Node dependencies', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sightline-locate-'));
    try {
      await mkdir(join(dir, 'Config'));
      await writeFile(join(dir, 'Config', 'game.cfg'), '[General]\n');
      const location = await locateGameCfg({ ...nodeGameCfgLocatorDeps([dir]), platform: 'linux' });
      expect(location.candidates.filter((c) => c.exists).map((c) => c.path)).toEqual([
        join(dir, 'Config', 'game.cfg'),
      ]);
      expect(location.candidates).toHaveLength(4);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('parseRegQuery', () => {
  it('reads string values per key and expands REG_EXPAND_SZ variables case-insensitively', () => {
    const [live, pbe] = parseRegQuery(UNINSTALL_OUTPUT, { GAMES: 'F:\\Games' }).slice(1);
    expect(live?.values.get('installlocation')).toBe('d:\\riot\\league of legends\\');
    expect(live?.values.has('nomodify')).toBe(false);
    expect(pbe?.values.get('installlocation')).toBe('F:\\Games\\League of Legends (PBE)');
    expect(parseRegQuery(UNINSTALL_OUTPUT, {})[2]?.values.get('installlocation')).toBe(
      '%GAMES%\\League of Legends (PBE)',
    );
  });
});

describe('installDirOf', () => {
  it('is the folder above a known layout, in any case, else the folder the file is in', () => {
    expect(installDirOf('/games/LoL/Config/game.cfg', posix)).toBe('/games/LoL');
    expect(installDirOf('/games/LoL/Game/Config/game.cfg', posix)).toBe('/games/LoL');
    expect(installDirOf('C:\\Riot Games\\League of Legends\\DATA\\CFG\\GAME.CFG', win32)).toBe(
      'C:\\Riot Games\\League of Legends',
    );
    expect(installDirOf('/home/me/game.cfg', posix)).toBe('/home/me');
  });
});
