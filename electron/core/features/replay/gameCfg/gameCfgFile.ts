/**
 * Reads and changes `EnableReplayApi` in a game.cfg on disk: one backup, an atomic replace, and errors
 * the UI can show. A file that cannot be written is refused before anything is touched.
 *
 * Links: the file is judged by its real path, which must be a game.cfg inside the real install folder
 * (`installDirOf`), so a game.cfg or a Config folder linked out of the game (to ~/.bashrc, to /etc) is refused
 * before a byte is read. A hard link cannot be told from the file it shares, so a game.cfg with another
 * name is refused too. Between the check and the write: the file is read without following a link put in
 * its place, it is re-resolved and re-read before anything is renamed over it, temp files are created with
 * O_EXCL (a link planted at a temp name fails the create) and rename replaces a link rather than writing
 * through it. What is left is the short window between that last check and the rename, which Node cannot
 * close (it has no renameat on a held folder).
 */
import { constants } from 'node:fs';
import { lstat, open, realpath, rename, unlink } from 'node:fs/promises';
import { isAbsolute, relative, sep } from 'node:path';
import { atomicTempPath } from '../../../platform/fs/atomicFile';
import type { ReplayApiState } from './gameCfgEditor';
import { readReplayApiState, setReplayApiEnabled } from './gameCfgEditor';
import { installDirOf, isGameCfgName } from './gameCfgLocator';

export const BACKUP_SUFFIX = '.sightline.bak';

/** The file operations this module needs, so tests can fail any of them on purpose. */
export interface GameCfgFs {
  realpath(path: string): Promise<string>;
  /** Reads a file, refusing (ELOOP) when its last component is a symbolic link. */
  readFile(path: string): Promise<Uint8Array>;
  /** The entry itself, not what a link there points to. */
  stat(path: string): Promise<{ mode: number; nlink: number; isFile(): boolean }>;
  /** Opens the existing file for writing without changing it, to learn early that it is locked or protected. */
  probeWritable(path: string): Promise<void>;
  /** Creates a new file (failing if it exists), writes `data` and flushes it to disk. */
  writeNewFile(path: string, data: Uint8Array, mode: number): Promise<void>;
  rename(from: string, to: string): Promise<void>;
  unlink(path: string): Promise<void>;
}

export const nodeGameCfgFs: GameCfgFs = {
  realpath: (path) => realpath(path),
  async readFile(path) {
    // Windows has no O_NOFOLLOW; there the real-path checks before and after are what hold.
    const handle = await open(path, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0));
    try {
      return await handle.readFile();
    } finally {
      await handle.close();
    }
  },
  stat: (path) => lstat(path),
  async probeWritable(path) {
    const handle = await open(path, 'r+');
    await handle.close();
  },
  async writeNewFile(path, data, mode) {
    const handle = await open(path, 'wx', mode);
    try {
      // The umask may have narrowed the mode; the new file should match the one it replaces.
      await handle.chmod(mode);
      await handle.writeFile(data);
      await handle.sync();
    } finally {
      await handle.close();
    }
  },
  rename: (from, to) => rename(from, to),
  unlink: (path) => unlink(path),
};

export type GameCfgErrorCode =
  | 'not-found'
  | 'not-a-file'
  | 'outside-install'
  | 'hard-linked'
  | 'unreadable'
  | 'read-only'
  | 'locked'
  | 'changed-during-edit'
  | 'write-failed';

export interface GameCfgError {
  code: GameCfgErrorCode;
  path: string;
  /** A sentence for the user; for write errors it says that nothing was changed. */
  message: string;
}

export interface ReplayApiStatus {
  path: string;
  state: ReplayApiState;
  /** The file is marked read-only, so enabling or disabling will be refused. */
  readOnly: boolean;
}

export interface ReplayApiChange {
  path: string;
  enabled: boolean;
  /** False when the file already said so; nothing was written then. */
  changed: boolean;
  /** Copy of the file as it was before this change; null when nothing was written. */
  backupPath: string | null;
  /** The game reads game.cfg when a replay starts, so a running replay must be restarted. */
  restartRequired: boolean;
  message: string;
  state: ReplayApiState;
}

export type GameCfgResult<T> = { ok: true; value: T } | { ok: false; error: GameCfgError };

export async function readReplayApiStatus(
  path: string,
  fs: GameCfgFs = nodeGameCfgFs,
): Promise<GameCfgResult<ReplayApiStatus>> {
  const loaded = await load(path, fs);
  if (!loaded.ok) return loaded;
  const { target, text, mode } = loaded.value;
  return { ok: true, value: { path: target, state: readReplayApiState(text), readOnly: isReadOnly(mode) } };
}

export async function enableReplayApi(
  path: string,
  enabled: boolean,
  fs: GameCfgFs = nodeGameCfgFs,
): Promise<GameCfgResult<ReplayApiChange>> {
  const loaded = await load(path, fs);
  if (!loaded.ok) return loaded;
  const { target, bytes, text, mode } = loaded.value;
  const word = enabled ? 'enabled' : 'disabled';

  const edit = setReplayApiEnabled(text, enabled);
  if (!edit.changed) {
    const message = `The replay API was already ${word} in ${target}.${enabled ? ' If a replay does not answer, restart it.' : ''}`;
    const state = readReplayApiState(text);
    return {
      ok: true,
      value: {
        path: target,
        enabled,
        changed: false,
        backupPath: null,
        restartRequired: false,
        message,
        state,
      },
    };
  }

  // On macOS and Linux a rename replaces even a read-only file, so honour the flag ourselves.
  if (isReadOnly(mode)) return fail(target, 'read-only');
  try {
    await fs.probeWritable(target);
  } catch (error) {
    return fail(target, writeErrorCode(error), error);
  }

  // Both files are written aside first, so a refusal below leaves game.cfg and the last backup as they were.
  const backupPath = target + BACKUP_SUFFIX;
  const backup = await stage(fs, backupPath, bytes, mode);
  if (!backup.ok) return fail(target, backup.code, backup.cause);
  const replacement = await stage(fs, target, encodeCfgText(edit.text), mode);
  if (!replacement.ok) {
    await discard(fs, backup.temp);
    return fail(target, replacement.code, replacement.cause);
  }

  // The game or the client may rewrite game.cfg at any moment (it does on exit); never undo their write.
  // Resolved again too: a link put in place of the file or of a folder above it since it was read.
  const current = await readOrNull(fs, target);
  const stillReal = (await fs.realpath(path).catch(() => null)) === target;
  if (current === null || !stillReal || !sameBytes(current, bytes)) {
    await Promise.all([discard(fs, backup.temp), discard(fs, replacement.temp)]);
    return fail(target, 'changed-during-edit');
  }

  const previousBackup = await readPrevious(fs, backupPath);
  const backedUp = await commit(fs, backup.temp, backupPath);
  if (!backedUp.ok) {
    await discard(fs, replacement.temp);
    return fail(target, backedUp.code, backedUp.cause);
  }
  const written = await commit(fs, replacement.temp, target);
  if (!written.ok) {
    // game.cfg is unchanged, so the backup of this attempt is worth less than the one it replaced.
    await restoreBackup(fs, backupPath, previousBackup, mode);
    return fail(target, written.code, written.cause);
  }

  const message = `The replay API is now ${word} in ${target}. Restart the replay for the change to take effect.`;
  return {
    ok: true,
    value: {
      path: target,
      enabled,
      changed: true,
      backupPath,
      restartRequired: true,
      message,
      state: readReplayApiState(edit.text),
    },
  };
}

/**
 * Bytes to editor text without losing a byte: a UTF-8 BOM becomes U+FEFF and every other byte one Latin-1
 * character. The editor only looks at ASCII, so comments in any encoding survive unchanged.
 */
export function decodeCfgBytes(bytes: Uint8Array): string {
  const hasBom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  const body = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString(
    'latin1',
    hasBom ? 3 : 0,
  );
  return hasBom ? '\uFEFF' + body : body;
}

export function encodeCfgText(text: string): Uint8Array {
  const hasBom = text.startsWith('\uFEFF');
  const body = Buffer.from(hasBom ? text.slice(1) : text, 'latin1');
  return hasBom ? Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), body]) : body;
}

interface Loaded {
  target: string;
  bytes: Uint8Array;
  text: string;
  mode: number;
}

async function load(path: string, fs: GameCfgFs): Promise<GameCfgResult<Loaded>> {
  try {
    // Edit the real file, so a symlinked game.cfg stays a symlink, as long as it stays in the game's folder.
    const target = await fs.realpath(path);
    const install = await fs.realpath(installDirOf(path));
    if (!isGameCfgName(target, process.platform) || !isInside(install, target)) {
      return fail(path, 'outside-install', undefined, `${target}, outside ${install}`);
    }
    const info = await fs.stat(target);
    if (!info.isFile()) return fail(path, 'not-a-file');
    if (info.nlink > 1) return fail(path, 'hard-linked', undefined, `${info.nlink} names`);
    const bytes = await fs.readFile(target);
    return { ok: true, value: { target, bytes, text: decodeCfgBytes(bytes), mode: info.mode } };
  } catch (error) {
    const code = errnoOf(error);
    if (code === 'ENOENT' || code === 'ENOTDIR') return fail(path, 'not-found');
    if (code === 'EISDIR') return fail(path, 'not-a-file');
    // The real file became a link between resolving it and opening it.
    if (code === 'ELOOP') return fail(path, 'changed-during-edit');
    return fail(path, 'unreadable', error);
  }
}

/** True when `path` is strictly inside `folder` (both real paths; names compared in any case where the OS does). */
function isInside(folder: string, path: string): boolean {
  const foldCase = process.platform === 'win32' || process.platform === 'darwin';
  const rel = foldCase ? relative(folder.toLowerCase(), path.toLowerCase()) : relative(folder, path);
  return rel !== '' && rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel);
}

type Attempt = { ok: true } | { ok: false; code: GameCfgErrorCode; cause: unknown };
type Staged = { ok: true; temp: string } | { ok: false; code: GameCfgErrorCode; cause: unknown };

/** Writes `data` to a new temp file beside `path` and flushes it; on failure removes the temp. */
async function stage(fs: GameCfgFs, path: string, data: Uint8Array, mode: number): Promise<Staged> {
  const temp = atomicTempPath(path);
  try {
    await fs.writeNewFile(temp, data, mode & 0o777);
    return { ok: true, temp };
  } catch (error) {
    await discard(fs, temp);
    return { ok: false, code: writeErrorCode(error), cause: error };
  }
}

/** Renames a staged temp file over `path` (atomic); on failure removes the temp. */
async function commit(fs: GameCfgFs, temp: string, path: string): Promise<Attempt> {
  try {
    await fs.rename(temp, path);
    return { ok: true };
  } catch (error) {
    await discard(fs, temp);
    return { ok: false, code: writeErrorCode(error), cause: error };
  }
}

async function discard(fs: GameCfgFs, path: string): Promise<void> {
  await fs.unlink(path).catch(() => undefined);
}

/** The backup before this edit: its bytes, `absent`, or `unknown` when it could not be read (then it is left be). */
type PreviousBackup = Uint8Array | 'absent' | 'unknown';

async function readPrevious(fs: GameCfgFs, path: string): Promise<PreviousBackup> {
  try {
    return await fs.readFile(path);
  } catch (error) {
    return errnoOf(error) === 'ENOENT' ? 'absent' : 'unknown';
  }
}

async function restoreBackup(
  fs: GameCfgFs,
  path: string,
  previous: PreviousBackup,
  mode: number,
): Promise<void> {
  if (previous === 'unknown') return;
  if (previous === 'absent') return discard(fs, path);
  const staged = await stage(fs, path, previous, mode);
  if (staged.ok) await commit(fs, staged.temp, path);
}

async function readOrNull(fs: GameCfgFs, path: string): Promise<Uint8Array | null> {
  try {
    return await fs.readFile(path);
  } catch {
    return null;
  }
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.byteLength === b.byteLength && a.every((byte, index) => byte === b[index]);
}

function isReadOnly(mode: number): boolean {
  return (mode & 0o222) === 0;
}

function errnoOf(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('code' in error)) return undefined;
  return typeof error.code === 'string' ? error.code : undefined;
}

function writeErrorCode(error: unknown): GameCfgErrorCode {
  switch (errnoOf(error)) {
    case 'EACCES':
    case 'EPERM':
    case 'EROFS':
      return 'read-only';
    case 'EBUSY':
    case 'ETXTBSY':
      return 'locked';
    default:
      return 'write-failed';
  }
}

/** `detail`: for 'outside-install', where the link leads; for 'hard-linked', how many names the file has. */
function fail(
  path: string,
  code: GameCfgErrorCode,
  cause?: unknown,
  detail = '',
): { ok: false; error: GameCfgError } {
  return { ok: false, error: { code, path, message: messageFor(code, path, errnoOf(cause), detail) } };
}

function messageFor(code: GameCfgErrorCode, path: string, errno: string | undefined, detail: string): string {
  const unchanged = 'Nothing was changed.';
  switch (code) {
    case 'not-found':
      return `No game.cfg was found at ${path}. Pick the file inside your League of Legends folder (usually Config/game.cfg).`;
    case 'not-a-file':
      return `${path} is a folder, not a game.cfg file.`;
    case 'outside-install':
      return `${path} is a link to ${detail}: Sightline only changes a game.cfg inside the game's folder, and does not follow a link out of it. ${unchanged}`;
    case 'hard-linked':
      return `${path} is a hard link (the same file has ${detail}), so it may be another program's file: Sightline does not change it. Copy it to a file of its own, then try again. ${unchanged}`;
    case 'unreadable':
      return `Sightline may not read ${path}${errno ? ` (${errno})` : ''}.`;
    case 'read-only':
      return `${path} is read-only or protected, or another program holds it open. Clear its read-only flag or close the game, then try again. ${unchanged}`;
    case 'locked':
      return `${path} is in use by another program. Close the game and try again. ${unchanged}`;
    case 'changed-during-edit':
      return `${path} was changed by another program while Sightline was editing it. Try again. ${unchanged}`;
    case 'write-failed':
      return `Could not write ${path}${errno ? ` (${errno})` : ''}. ${unchanged}`;
  }
}
