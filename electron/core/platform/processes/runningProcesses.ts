/**
 * Which of a game's processes run, from the system's process list: PowerShell (wmic where it is locked
 * down) on Windows, `ps` on macOS. The platform and the command runner are injected, so tests hand in a
 * process list as text and never list the machine's processes.
 */
import { execFile } from 'node:child_process';

/** Runs a program with arguments (no shell) and resolves with its stdout; rejects when it fails. */
export type RunCommand = (file: string, args: readonly string[]) => Promise<string>;

export interface ProcessListDeps {
  platform: NodeJS.Platform;
  run: RunCommand;
}

/** A game's processes as each system names them. */
export interface GameProcessNames {
  /** Windows image names without ".exe" (as Get-Process takes them). */
  windows: readonly string[];
  /** Whether a macOS executable path (as `ps -o comm` prints it) is one of the game's. */
  isMacExecutable(path: string): boolean;
}

/**
 * The executables of the game's running processes: full paths, or on Windows the bare image name when
 * the system hides the path (a process of another user). Null when the process list cannot be read
 * here: the commands failed, or the system is neither Windows nor macOS.
 */
export async function listGameProcesses(
  deps: ProcessListDeps,
  game: GameProcessNames,
): Promise<string[] | null> {
  if (deps.platform === 'win32') return windowsProcesses(deps, game.windows);
  if (deps.platform === 'darwin') return macProcesses(deps, game);
  return null;
}

/** True or false when the process list says; null when it could not be read. */
export async function isGameRunning(deps: ProcessListDeps, game: GameProcessNames): Promise<boolean | null> {
  const found = await listGameProcesses(deps, game);
  return found === null ? null : found.length > 0;
}

export function nodeProcessListDeps(): ProcessListDeps {
  return { platform: process.platform, run: nodeRunCommand };
}

export const nodeRunCommand: RunCommand = (file, args) =>
  new Promise((resolve, reject) => {
    execFile(
      file,
      [...args],
      { windowsHide: true, timeout: 15_000, maxBuffer: 16 * 1024 * 1024, encoding: 'utf8' },
      (error, stdout) => (error ? reject(error) : resolve(stdout)),
    );
  });

async function windowsProcesses(deps: ProcessListDeps, names: readonly string[]): Promise<string[] | null> {
  const quoted = names.map((name) => `'${name.replace(/'/g, "''")}'`).join(',');
  const script =
    '[Console]::OutputEncoding=[Text.Encoding]::UTF8; ' +
    `Get-Process -Name ${quoted} -ErrorAction SilentlyContinue | ` +
    'ForEach-Object { if ($_.Path) { $_.Path } else { $_.ProcessName + ".exe" } }';
  try {
    return lines(await deps.run('powershell.exe', ['-NoProfile', '-NonInteractive', '-Command', script]));
  } catch {
    // wmic is gone from recent Windows 11 but remains where PowerShell is locked down.
    const where = names.map((name) => `name='${name.replace(/'/g, "\\'")}.exe'`).join(' or ');
    try {
      const output = await deps.run('wmic', [
        'process',
        'where',
        where,
        'get',
        'ExecutablePath,Name',
        '/format:list',
      ]);
      return parseWmicList(output);
    } catch {
      return null;
    }
  }
}

/** `wmic … /format:list` records, `ExecutablePath=…` then `Name=…`: the path, or the name when it is hidden. */
function parseWmicList(output: string): string[] {
  const found: string[] = [];
  let path: string | undefined;
  for (const line of lines(output)) {
    const equals = line.indexOf('=');
    const key = line.slice(0, equals).toLowerCase();
    const value = line.slice(equals + 1).trim();
    if (key === 'executablepath') {
      if (path) found.push(path);
      path = value;
    } else if (key === 'name') {
      found.push(path || value);
      path = undefined;
    }
  }
  if (path) found.push(path);
  return found;
}

async function macProcesses(deps: ProcessListDeps, game: GameProcessNames): Promise<string[] | null> {
  try {
    return lines(await deps.run('ps', ['-axo', 'comm='])).filter((path) => game.isMacExecutable(path));
  } catch {
    return null;
  }
}

function lines(output: string): string[] {
  return output
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}
