import { closeSync, fstatSync, openSync, renameSync, rmSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { ensurePrivateDir, PRIVATE_FILE_MODE, restrictToOwner } from '../fs/privateDir';

export const LOG_FILE_NAME = 'sightline.log';

/** How large the log grows: `sightline.log` up to maxBytes, then it becomes `.1` and the older ones move up. */
export interface LogRotation {
  maxBytes: number;
  /** Older logs kept beside it (`sightline.log.1` … `.<kept>`): at most (kept + 1) × maxBytes in all. */
  kept: number;
}

/** 5 × 5 MB: weeks of a normal evening's lines, and a bound a flood cannot pass. */
export const LOG_ROTATION: LogRotation = { maxBytes: 5 * 1024 * 1024, kept: 4 };

/** A rotation lock older than this was left by a process killed mid-rotation: it is taken over. */
const STALE_LOCK_MS = 10_000;
/** How often a writer looks whether another process rotated the file it appends to. */
const FOLLOW_EVERY_MS = 1_000;

export interface LogFile {
  /** Appends text (whole lines); a line that cannot be written stops the log, never the app. */
  write(text: string): void;
  end(): void;
}

/**
 * The data folder's log, appended to, made private first (folder and file): its lines name players,
 * hosts and paths. The desktop app and `sightline serve` may both write here at once: each appends
 * (whole lines, O_APPEND), whichever sees the file past its cap rotates it under a lock file, and the other
 * follows to the new file within a second (its lines meanwhile land in `.1`, nothing is lost). Writes are
 * synchronous, so a rotation never interleaves with a line. `onError` is told why the log stopped.
 */
export async function openLogFile(
  dataDir: string,
  onError: (error: Error) => void = () => undefined,
  rotation: LogRotation = LOG_ROTATION,
): Promise<LogFile> {
  await ensurePrivateDir(dataDir);
  const path = join(dataDir, LOG_FILE_NAME);
  // One an older version left readable is tightened; a new one is created owner-only.
  await restrictToOwner(path);
  return new RotatingLogFile(path, rotation, onError);
}

class RotatingLogFile implements LogFile {
  private fd: number | null = null;
  private stopped = false;
  private followedAt = 0;

  constructor(
    private readonly path: string,
    private readonly rotation: LogRotation,
    private readonly onError: (error: Error) => void,
  ) {}

  write(text: string): void {
    if (this.stopped) return;
    try {
      const fd = this.current();
      const bytes = Buffer.byteLength(text);
      const size = fstatSync(fd).size;
      if (size > 0 && size + bytes > this.rotation.maxBytes) this.rotate(fd);
      writeSync(this.current(), text);
    } catch (error) {
      // A read-only or full folder stops the log, never the app: later lines are dropped.
      this.stop();
      this.onError(error instanceof Error ? error : new Error(String(error)));
    }
  }

  end(): void {
    this.stop();
  }

  /** The open file, reopened when another process has rotated the one this one appends to. */
  private current(): number {
    if (this.fd !== null && Date.now() - this.followedAt >= FOLLOW_EVERY_MS) {
      this.followedAt = Date.now();
      if (!this.isStillThePath(this.fd)) this.reopen();
    }
    if (this.fd === null) {
      this.fd = openSync(this.path, 'a', PRIVATE_FILE_MODE);
      this.followedAt = Date.now();
    }
    return this.fd;
  }

  private isStillThePath(fd: number): boolean {
    const named = statSync(this.path, { throwIfNoEntry: false });
    const open = fstatSync(fd);
    return named !== undefined && named.ino === open.ino && named.dev === open.dev;
  }

  private reopen(): void {
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
  }

  /** sightline.log → .1 → .2 … the oldest dropped, once, by whichever writer holds the lock. */
  private rotate(fd: number): void {
    const lock = this.takeLock();
    // Another process rotates now: follow it to the new file (the next write looks).
    if (lock === null) return void (this.followedAt = 0);
    try {
      // Under the lock, the file may already have been rotated by the other writer: then only follow.
      if (this.isStillThePath(fd)) {
        const { kept } = this.rotation;
        rmSync(`${this.path}.${kept}`, { force: true });
        for (let index = kept - 1; index >= 1; index -= 1)
          renameIfThere(`${this.path}.${index}`, `${this.path}.${index + 1}`);
        renameSync(this.path, `${this.path}.1`);
      }
      this.reopen();
    } finally {
      closeSync(lock);
      unlinkSync(this.lockPath());
    }
  }

  private lockPath(): string {
    return `${this.path}.lock`;
  }

  /** The rotation lock (a file created exclusively), or null while another process holds it. */
  private takeLock(): number | null {
    for (let attempt = 0; attempt < 2; attempt += 1) {
      try {
        return openSync(this.lockPath(), 'wx', PRIVATE_FILE_MODE);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        const held = statSync(this.lockPath(), { throwIfNoEntry: false });
        if (held !== undefined && Date.now() - held.mtimeMs < STALE_LOCK_MS) return null;
        rmSync(this.lockPath(), { force: true });
      }
    }
    return null;
  }

  private stop(): void {
    this.stopped = true;
    if (this.fd !== null) {
      try {
        closeSync(this.fd);
      } catch {
        // Closing what failed to write can fail too: the log has stopped either way.
      }
    }
    this.fd = null;
  }
}

function renameIfThere(from: string, to: string): void {
  try {
    renameSync(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}
