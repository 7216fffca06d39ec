import { createHash } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { abortableSleep as sleep } from './abortableSleep';

/**
 * The schedule of the local game clients' paths kept in files, so the app, `sightline serve` and the CLI
 * running at once ask each path no more often than one of them would: a path has a lock file (held by the
 * process whose request is on the wire) and a file with when it was last answered.
 */
export interface SharedPacingSchedule {
  /**
   * Waits until no other process is asking `lane` and `intervalMs` has passed since it was last answered,
   * and holds the lane; null when `signal` aborts first.
   */
  claim(lane: string, intervalMs: number, signal: AbortSignal): Promise<SharedTurn | null>;
}

export interface SharedTurn {
  /** Notes that the request was answered (or failed) now, and frees the lane. */
  release(): Promise<void>;
}

export interface SharedPacingScheduleOptions {
  /** The folder every process uses (one per user: the game clients run in the user's session). */
  dir: string;
  /** Wall clock in ms, shared by the processes. */
  now?: () => number;
  /** Whether a process is running: a lock of one that is not is taken over. */
  isRunning?: (pid: number) => boolean;
  /** A lock older than this is taken over whoever holds it (longer than any request to a game client). */
  staleAfterMs?: number;
  /** This process's id; tests stand one schedule in for another process. */
  pid?: number;
}

/** How often a process looks again at a lane another one holds. */
const RETRY_MS = 20;
const STALE_AFTER_MS = 60_000;

export function createSharedPacingSchedule(options: SharedPacingScheduleOptions): SharedPacingSchedule {
  const now = options.now ?? Date.now;
  const isRunning = options.isRunning ?? processIsRunning;
  const staleAfterMs = options.staleAfterMs ?? STALE_AFTER_MS;
  const pid = options.pid ?? process.pid;
  let ready: Promise<unknown> | null = null;

  const files = (lane: string) => {
    const name = createHash('sha256').update(lane).digest('hex').slice(0, 32);
    return { lock: join(options.dir, `${name}.lock`), last: join(options.dir, `${name}.last`) };
  };

  /** True when the lock was taken; false when another process holds it. */
  const tryLock = async (lock: string): Promise<boolean> => {
    try {
      await writeFile(lock, `${pid} ${now()}`, { flag: 'wx', mode: 0o600 });
      return true;
    } catch (error) {
      if (errorCode(error) !== 'EEXIST') throw error;
    }
    const [holder, since] = (await readFile(lock, 'utf8').catch(() => '')).split(' ').map(Number);
    // A lock being written reads empty for a moment: only a complete one of a dead or stuck holder is stale.
    const stale =
      holder !== undefined &&
      since !== undefined &&
      Number.isFinite(since) &&
      ((holder !== pid && !isRunning(holder)) || now() - since > staleAfterMs);
    if (stale) await rm(lock, { force: true });
    return false;
  };

  const take = async (lane: string, intervalMs: number, signal: AbortSignal): Promise<SharedTurn | null> => {
    ready ??= mkdir(options.dir, { recursive: true, mode: 0o700 });
    await ready;
    const { lock, last } = files(lane);
    while (!(await tryLock(lock))) {
      if (signal.aborted) return null;
      await sleep(RETRY_MS, signal);
    }
    const answeredAt = Number(await readFile(last, 'utf8').catch(() => ''));
    // A clock set back leaves a time in the future: never wait longer than one interval for it.
    const wait = Number.isFinite(answeredAt) ? Math.min(answeredAt + intervalMs - now(), intervalMs) : 0;
    if (wait > 0) await sleep(wait, signal);
    if (signal.aborted) {
      await rm(lock, { force: true });
      return null;
    }
    return {
      release: () =>
        writeFile(last, String(now()), { mode: 0o600 })
          .finally(() => rm(lock, { force: true }))
          .catch(() => undefined),
    };
  };

  return {
    // A folder that cannot be used leaves this process with its own schedule only, never without an answer.
    claim: (lane, intervalMs, signal) => take(lane, intervalMs, signal).catch(() => UNSHARED),
  };
}

const UNSHARED: SharedTurn = { release: async () => undefined };

/** Whether a process runs (as any user): a lock or lease of one that does not is taken over. */
export function processIsRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return errorCode(error) === 'EPERM';
  }
}

export function errorCode(error: unknown): string | undefined {
  return error instanceof Error && 'code' in error && typeof error.code === 'string' ? error.code : undefined;
}
