/**
 * Finds candidate game.cfg files: folders the player picked, running game processes, the Windows uninstall
 * entries and MUI cache, Spotlight on macOS, and the default install folders. Platform, environment,
 * commands and the existence check are injected, so Windows and macOS lookups are testable anywhere.
 */
import { stat } from 'node:fs/promises';
import type { PlatformPath } from 'node:path';
import { posix, win32 } from 'node:path';
import {
  listGameProcesses,
  nodeRunCommand,
  type GameProcessNames,
  type RunCommand,
} from '../../../platform/processes/runningProcesses';

export type { RunCommand } from '../../../platform/processes/runningProcesses';

export type GameCfgSource =
  'picked' | 'running-game' | 'registry' | 'recently-run' | 'spotlight' | 'default-location';

export interface GameCfgOrigin {
  source: GameCfgSource;
  /** What pointed there: the picked path, a process's executable, a registry key or value name. */
  detail: string;
}

export interface GameCfgCandidate {
  /** Full path of the game.cfg tried. */
  path: string;
  installDir: string;
  exists: boolean;
  origins: GameCfgOrigin[];
}

export interface GameCfgLocation {
  /** Existing files first; otherwise in the order of the sources above. */
  candidates: GameCfgCandidate[];
  /** Lookups that could not run, for a diagnostics line ("running processes"); a missing registry key is not one. */
  failedLookups: string[];
}

export interface GameCfgLocatorDeps {
  platform: NodeJS.Platform;
  env: Readonly<Record<string, string | undefined>>;
  run: RunCommand;
  fileExists(path: string): Promise<boolean>;
  /** Folders or game.cfg files the player chose; tried first. */
  picked?: readonly string[];
  /** Look only at `picked`: no process list, registry or default install (the user named the place). */
  pickedOnly?: boolean;
}

/** Where game.cfg sits inside an install folder, oldest layout first (as League Director tries them). */
export const CFG_RELATIVE_PATHS = [
  ['DATA', 'CFG', 'game.cfg'],
  ['Config', 'game.cfg'],
  ['Game', 'Config', 'game.cfg'],
] as const;

export const WINDOWS_DEFAULT_INSTALL = 'C:\\Riot Games\\League of Legends';
export const MAC_DEFAULT_APP = '/Applications/League of Legends.app';

const UNINSTALL_KEYS = [
  'HKCU\\Software\\Microsoft\\Windows\\CurrentVersion\\Uninstall',
  'HKLM\\Software\\Microsoft\\Windows\\CurrentVersion\\Uninstall',
  'HKLM\\Software\\WOW6432Node\\Microsoft\\Windows\\CurrentVersion\\Uninstall',
];
const MUI_CACHE_KEY =
  'HKCU\\Software\\Classes\\Local Settings\\Software\\Microsoft\\Windows\\Shell\\MuiCache';
const WINDOWS_EXECUTABLES = /^(leagueclient|leagueclientux|league of legends)\.exe$/i;
const LEAGUE_NAME = /league[ _]of[ _]legends/i;
const MAC_BUNDLE_ID = 'com.riotgames.leagueoflegends';

/** The arena game's client and game processes. */
export const ARENA_GAME_PROCESSES: GameProcessNames = {
  windows: ['LeagueClient', 'LeagueClientUx', 'League of Legends'],
  isMacExecutable: (path) =>
    path.includes('/Contents/LoL/') && /league ?(client|of ?legends)/i.test(posix.basename(path)),
};

interface InstallHint {
  /** An install folder (the three relative paths are tried) or, for picked files, the game.cfg itself. */
  dir?: string;
  file?: string;
  origin: GameCfgOrigin;
}

interface Lookup {
  hints: InstallHint[];
  failed?: string;
}

export async function locateGameCfg(deps: GameCfgLocatorDeps): Promise<GameCfgLocation> {
  const path = deps.platform === 'win32' ? win32 : posix;
  const lookups = await Promise.all([
    pickedHints(deps, path),
    ...(deps.pickedOnly ? [] : systemLookups(deps)),
  ]);

  const byKey = new Map<string, Omit<GameCfgCandidate, 'exists'>>();
  for (const hint of lookups.flatMap((lookup) => lookup.hints)) {
    for (const [file, installDir] of cfgPathsFor(hint, path)) {
      const key = deps.platform === 'win32' || deps.platform === 'darwin' ? file.toLowerCase() : file;
      const known = byKey.get(key);
      if (!known) byKey.set(key, { path: file, installDir, origins: [hint.origin] });
      else if (
        !known.origins.some((o) => o.source === hint.origin.source && o.detail === hint.origin.detail)
      ) {
        known.origins.push(hint.origin);
      }
    }
  }
  const candidates = await Promise.all(
    [...byKey.values()].map(async (candidate) => ({
      ...candidate,
      exists: await deps.fileExists(candidate.path).catch(() => false),
    })),
  );
  return {
    candidates: [...candidates.filter((c) => c.exists), ...candidates.filter((c) => !c.exists)],
    failedLookups: lookups.flatMap((lookup) => (lookup.failed ? [lookup.failed] : [])),
  };
}

/** Where this machine says the game is: running processes, the registry or Spotlight, the default install. */
function systemLookups(deps: GameCfgLocatorDeps): Array<Lookup | Promise<Lookup>> {
  if (deps.platform === 'win32') {
    return [
      runningGame(deps),
      windowsRegistry(deps),
      windowsMuiCache(deps),
      fixed(WINDOWS_DEFAULT_INSTALL, 'default-location'),
    ];
  }
  if (deps.platform === 'darwin') {
    return [runningGame(deps), macSpotlight(deps), fixed(macInstallDir(MAC_DEFAULT_APP), 'default-location')];
  }
  return [];
}

export function nodeGameCfgLocatorDeps(picked: readonly string[] = []): GameCfgLocatorDeps {
  return {
    platform: process.platform,
    env: process.env,
    picked,
    run: nodeRunCommand,
    fileExists: async (path) => (await stat(path)).isFile(),
  };
}

/** True for a file named game.cfg (any case: the game itself runs on case-insensitive file systems). */
export function isGameCfgName(path: string, platform: NodeJS.Platform): boolean {
  return (platform === 'win32' ? win32 : posix).basename(path).toLowerCase() === 'game.cfg';
}

/**
 * The install folder a game.cfg path belongs to: the folder above one of the layouts in CFG_RELATIVE_PATHS
 * (names compared in any case), else the folder the file is in. A game.cfg is only followed inside it.
 */
export function installDirOf(
  file: string,
  path: PlatformPath = process.platform === 'win32' ? win32 : posix,
): string {
  const parts = path.normalize(file).split(path.sep);
  // Longest first: Game/Config/game.cfg is inside <install>, not inside <install>/Game.
  for (const layout of [...CFG_RELATIVE_PATHS].sort((a, b) => b.length - a.length)) {
    const tail = parts.slice(-layout.length).map((part) => part.toLowerCase());
    if (parts.length > layout.length && layout.every((name, index) => name.toLowerCase() === tail[index])) {
      return parts.slice(0, -layout.length).join(path.sep) || path.sep;
    }
  }
  return path.dirname(path.normalize(file));
}

function cfgPathsFor(hint: InstallHint, path: PlatformPath): Array<[file: string, installDir: string]> {
  if (hint.file) return [[path.normalize(hint.file), installDirOf(hint.file, path)]];
  if (!hint.dir) return [];
  const dir = trimSeparators(path.normalize(hint.dir), path);
  return CFG_RELATIVE_PATHS.map((parts) => [path.join(dir, ...parts), dir]);
}

function pickedHints(deps: GameCfgLocatorDeps, path: PlatformPath): Lookup {
  const hints = (deps.picked ?? []).flatMap((picked): InstallHint[] => {
    const origin: GameCfgOrigin = { source: 'picked', detail: picked };
    if (/\.cfg$/i.test(picked)) return [{ file: picked, origin }];
    if (deps.platform === 'darwin' && /\.app\/?$/i.test(picked))
      return [{ dir: macInstallDir(picked), origin }];
    // A picked Config folder holds game.cfg directly.
    return [
      { file: path.join(picked, 'game.cfg'), origin },
      { dir: picked, origin },
    ];
  });
  return { hints };
}

function fixed(dir: string, source: GameCfgSource): Lookup {
  return { hints: [{ dir, origin: { source, detail: dir } }] };
}

/** Install folders of the game's running processes (a Windows executable, or a macOS app bundle). */
async function runningGame(deps: GameCfgLocatorDeps): Promise<Lookup> {
  const executables = await listGameProcesses(deps, ARENA_GAME_PROCESSES);
  if (executables === null) return { hints: [], failed: 'running processes' };
  const hints = executables.flatMap((exe): InstallHint[] => {
    const dir =
      deps.platform === 'win32'
        ? windowsInstallDirOf(exe)
        : macInstallDir(exe.slice(0, exe.indexOf('/Contents/LoL/')));
    return dir ? [{ dir, origin: { source: 'running-game', detail: exe } }] : [];
  });
  return { hints };
}

async function windowsRegistry(deps: GameCfgLocatorDeps): Promise<Lookup> {
  const perRoot = await Promise.all(
    UNINSTALL_KEYS.map(async (root): Promise<InstallHint[]> => {
      let output: string;
      try {
        output = await deps.run('reg', ['query', root, '/s']);
      } catch {
        return []; // A root without uninstall entries is normal.
      }
      return parseRegQuery(output, deps.env).flatMap((entry): InstallHint[] => {
        const name = entry.key.slice(entry.key.lastIndexOf('\\') + 1);
        const displayName = entry.values.get('displayname') ?? '';
        const location = entry.values.get('installlocation');
        if (!location || !(LEAGUE_NAME.test(name) || LEAGUE_NAME.test(displayName))) return [];
        return [{ dir: location, origin: { source: 'registry', detail: entry.key } }];
      });
    }),
  );
  return { hints: perRoot.flat() };
}

async function windowsMuiCache(deps: GameCfgLocatorDeps): Promise<Lookup> {
  let output: string;
  try {
    output = await deps.run('reg', ['query', MUI_CACHE_KEY]);
  } catch {
    return { hints: [] };
  }
  // Value names are "<exe path>.FriendlyAppName" for every program Windows has shown a name for.
  const hints = parseRegQuery(output, deps.env).flatMap((entry) =>
    [...entry.valueNames].flatMap((valueName): InstallHint[] => {
      const exe = /^(.*\.exe)\.[A-Za-z]+$/i.exec(valueName)?.[1];
      const dir = exe ? windowsInstallDirOf(exe) : null;
      return exe && dir ? [{ dir, origin: { source: 'recently-run', detail: exe } }] : [];
    }),
  );
  return { hints };
}

/** The install folder for a League executable path, or null when the file is not one of ours. */
function windowsInstallDirOf(exe: string): string | null {
  const path = win32.normalize(exe.trim().replace(/^"(.*)"$/, '$1'));
  // A bare name (the system hid the process's path) says nothing about the folder.
  if (!win32.isAbsolute(path) || !WINDOWS_EXECUTABLES.test(win32.basename(path))) return null;
  const rads = path.search(/\\RADS\\/i);
  if (rads > 0) return path.slice(0, rads);
  const dir = win32.dirname(path);
  // The game runs from <install>\Game; older clients ran from <install>\LeagueClient.
  return /^(game|leagueclient)$/i.test(win32.basename(dir)) ? win32.dirname(dir) : dir;
}

interface RegKey {
  key: string;
  /** Lower-cased value name to string data. */
  values: Map<string, string>;
  /** Value names as written. */
  valueNames: string[];
}

/** Parses `reg query` output: key lines start with HKEY_, value lines are "    name    REG_TYPE    data". */
export function parseRegQuery(output: string, env: GameCfgLocatorDeps['env']): RegKey[] {
  const keys: RegKey[] = [];
  let current: RegKey | undefined;
  for (const line of output.split(/\r?\n/)) {
    if (/^HKEY_/i.test(line)) {
      current = { key: line.trim(), values: new Map(), valueNames: [] };
      keys.push(current);
      continue;
    }
    const value = /^ {4}(.+?) {4}(REG_[A-Z_]+)(?: {4}(.*))?$/.exec(line);
    if (!current || !value) continue;
    const [, name = '', type = '', data = ''] = value;
    current.valueNames.push(name);
    if (type === 'REG_SZ' || type === 'REG_EXPAND_SZ') {
      const text = type === 'REG_EXPAND_SZ' ? expandWindowsVariables(data, env) : data;
      current.values.set(name.toLowerCase(), text.trim().replace(/^"(.*)"$/, '$1'));
    }
  }
  return keys;
}

function expandWindowsVariables(text: string, env: GameCfgLocatorDeps['env']): string {
  return text.replace(/%([^%]+)%/g, (whole, name: string) => {
    const match = Object.keys(env).find((key) => key.toLowerCase() === name.toLowerCase());
    return (match && env[match]) ?? whole;
  });
}

async function macSpotlight(deps: GameCfgLocatorDeps): Promise<Lookup> {
  let output: string;
  try {
    output = await deps.run('mdfind', [`kMDItemCFBundleIdentifier == '${MAC_BUNDLE_ID}'`]);
  } catch {
    return { hints: [], failed: 'Spotlight' };
  }
  const hints = lines(output)
    .filter((app) => /\.app$/i.test(app))
    .map((app): InstallHint => ({ dir: macInstallDir(app), origin: { source: 'spotlight', detail: app } }));
  return { hints };
}

function macInstallDir(app: string): string {
  return posix.join(app, 'Contents', 'LoL');
}

function lines(output: string): string[] {
  return output
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

function trimSeparators(dir: string, path: PlatformPath): string {
  const root = path.parse(dir).root;
  let trimmed = dir;
  while (trimmed.length > root.length && /[\\/]$/.test(trimmed)) trimmed = trimmed.slice(0, -1);
  return trimmed;
}
