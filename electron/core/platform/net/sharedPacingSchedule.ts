import { createHash } from 'node:crypto';
import { readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { processIsRunning, writeFileAtomic } from '../fs/atomicFile';
import { errorCode } from '../fs/errorCode';
import { ensurePrivateDir } from '../fs/privateDir';
import { abortableSleep as sleep } from './abortableSleep';

/**
 * The schedule of the local game clients' paths kept in files, so the app, `sightline serve` and the CLI
 * running at once ask each path no more often than one of them would: a path has a lock file (held by the
 * process whose request is on the wire) and a file with when it was last answered. Each process also keeps
 * a file saying which paths it asks and since when, so the others can tell the user who else is asking.
 */
export interface SharedPacingSchedule {
  /**
   * Waits until no other process is asking `lane` and `intervalMs` has passed since it was last answered,
   * and holds the lane; null when `signal` aborts first.
   */
  claim(lane: string, intervalMs: number, signal: AbortSignal): Promise<SharedTurn | null>;
  /** The lanes other processes asked in the last `withinMs`: who, and since when. */
  otherAskers(withinMs: number): Promise<LaneAsker[]>;
}

export interface SharedTurn {
  /** Notes that the request was answered (or failed) now, and frees the lane. */
  release(): Promise<void>;
}

/** A process that asked a lane: which one, since when it has been asking it and when it last did (epoch ms). */
export interface LaneAsker {
  lane: string;
  pid: number;
  /** What the process is: `app`, `serve`, or the CLI command (`doctor`, `replay`…). */
  kind: string;
  since: number;
  at: number;
}

export interface SharedPacingScheduleOptions {
  /** The folder every process uses (one per user: the game clients run in the user's session). */
  dir: string;
  /** What this process is, as the others tell the user (`app`, `serve`, `doctor`…). */
  kind: string;
  /** Wall clock in ms, shared by the processes. */
  now?: () => number;
  /** Whether a process is running: a lock of one that is not is taken over. */
  isRunning?: (pid: number) => boolean;
  /** A lock older than this is taken over whoever holds it (longer than any request to a game client). */
  staleAfterMs?: number;
  /** A path's files nobody used for this long are removed when a process starts using the folder. */
  forgetAfterMs?: number;
  /** This process's id; tests stand one schedule in for another process. */
  pid?: number;
}

/** The grain of the answer times the processes write (`Date.now()`: whole ms, truncated). */
const WRITTEN_TIME_GRAIN_MS = 1;
/** How often a process looks again at a lane another one holds. */
const RETRY_MS = 20;
const STALE_AFTER_MS = 60_000;
/** A lock still empty (or cut short) this long after it was written was left by a process killed writing it. */
const INCOMPLETE_LOCK_MS = 2_000;
const FORGET_AFTER_MS = 24 * 60 * 60_000;
/** A lane asked again after a pause longer than this is asked "since" then, not since the first time. */
const ASKING_GAP_MS = 30_000;
/** How often a process rewrites its asker file while it keeps asking the same lanes. */
const ASKER_REFRESH_MS = 1_000;
const ASKER_FILE = /^asker-(\d+)\.json$/;
const LANE_FILE = /^([0-9a-f]{32})\.(lock|last)$/;

export function createSharedPacingSchedule(options: SharedPacingScheduleOptions): SharedPacingSchedule {
  const now = options.now ?? Date.now;
  const isRunning = options.isRunning ?? processIsRunning;
  const staleAfterMs = options.staleAfterMs ?? STALE_AFTER_MS;
  const forgetAfterMs = options.forgetAfterMs ?? FORGET_AFTER_MS;
  const pid = options.pid ?? process.pid;
  const askerFile = join(options.dir, `asker-${pid}.json`);
  /** This process's lanes: since when it asks each and when it last did. */
  const asked = new Map<string, { since: number; at: number }>();
  let askerWrittenAt = -Infinity;
  let askerWrite: Promise<unknown> = Promise.resolve();
  let ready: Promise<unknown> | null = null;

  const laneFiles = (name: string) => ({
    lock: join(options.dir, `${name}.lock`),
    last: join(options.dir, `${name}.last`),
  });
  const files = (lane: string) => laneFiles(createHash('sha256').update(lane).digest('hex').slice(0, 32));

  /** True when the lock was taken; false when another process holds it. */
  const tryLock = async (lock: string): Promise<boolean> => {
    try {
      await writeFile(lock, `${pid} ${now()}`, { flag: 'wx', mode: 0o600 });
      return true;
    } catch (error) {
      if (errorCode(error) !== 'EEXIST') throw error;
    }
    const text = await readFile(lock, 'utf8').catch(() => null);
    if (text === null) return false;
    const [holder, since] = text.split(' ').map(Number);
    const complete = /^\d+ \d+$/.test(text) && holder !== undefined && since !== undefined;
    // A lock being written reads empty for a moment; one that stays so was left by a process killed between
    // creating and writing it, and is stale once older than that moment could be.
    const stale = complete
      ? (holder !== pid && !isRunning(holder)) || now() - since > staleAfterMs
      : ((await ageOf(lock, now())) ?? 0) > INCOMPLETE_LOCK_MS; // gone: nothing to take over
    if (stale) await rm(lock, { force: true });
    return false;
  };

  /**
   * Removes the files of paths nobody asked for `forgetAfterMs`, and the asker files of processes gone. A
   * path's files go only while this process holds its lock, the one every writer of them holds, so a process
   * asking that path meanwhile waits for the lock and then writes into a fresh file.
   */
  const forgetUnused = async (): Promise<void> => {
    const names = await readdir(options.dir);
    const lanes = new Set<string>();
    for (const name of names) {
      const lane = LANE_FILE.exec(name)?.[1];
      if (lane) lanes.add(lane);
      const owner = Number(ASKER_FILE.exec(name)?.[1]);
      if (owner && owner !== pid && !isRunning(owner)) await rm(join(options.dir, name), { force: true });
    }
    for (const lane of lanes) {
      const { lock, last } = laneFiles(lane);
      // A path with no last-answer file has nothing to keep.
      const unused = async () => ((await ageOf(last, now())) ?? Infinity) > forgetAfterMs;
      if (!(await unused())) continue;
      // A lock left by a process that is gone is cleared by the first try, and taken by the second.
      if (!(await tryLock(lock)) && !(await tryLock(lock))) continue;
      try {
        if (await unused()) await rm(last, { force: true });
      } finally {
        await rm(lock, { force: true });
      }
    }
  };

  const start = async (): Promise<void> => {
    await ensurePrivateDir(options.dir);
    // Leftovers that cannot be removed leave the folder as it was: the schedule works the same.
    await forgetUnused().catch(() => undefined);
  };

  /** Notes that this process asks `lane` now, and tells the others from time to time. */
  const noteAsked = (lane: string): void => {
    const at = now();
    const previous = asked.get(lane);
    const since = previous && at - previous.at <= ASKING_GAP_MS ? previous.since : at;
    asked.set(lane, { since, at });
    if (since === previous?.since && at - askerWrittenAt < ASKER_REFRESH_MS) return;
    askerWrittenAt = at;
    const record = JSON.stringify({ pid, kind: options.kind, lanes: Object.fromEntries(asked) });
    // Renamed into place: a process reading it meanwhile (a doctor run) sees the old record or the new, never
    // an empty file that would leave this process out of who else asks.
    askerWrite = askerWrite.then(() => writeFileAtomic(askerFile, record).catch(() => undefined));
  };

  const take = async (lane: string, intervalMs: number, signal: AbortSignal): Promise<SharedTurn | null> => {
    ready ??= start();
    await ready;
    const { lock, last } = files(lane);
    // Waiting for its turn is asking too: a process kept waiting while others take the lane (three doctors at
    // once) is still named to them, not dropped once its last answer is a few seconds old.
    noteAsked(lane);
    while (!(await tryLock(lock))) {
      if (signal.aborted) return null;
      await sleep(RETRY_MS, signal);
      // A claim given up (its signal aborted) no longer asks.
      if (!signal.aborted) noteAsked(lane);
    }
    const answeredAt = Number(await readFile(last, 'utf8').catch(() => ''));
    // The answer's time is written in whole ms, so it may be up to one ms early: the turn comes one ms later.
    // A clock set back leaves a time in the future: never wait longer than one interval for it.
    const turnAt = Math.min(
      Number.isFinite(answeredAt) ? answeredAt + intervalMs + WRITTEN_TIME_GRAIN_MS : -Infinity,
      now() + intervalMs,
    );
    // A timer may fire a little early by this clock: look again after each wait.
    for (let wait = turnAt - now(); wait > 0 && !signal.aborted; wait = turnAt - now()) {
      await sleep(wait, signal);
    }
    if (signal.aborted) {
      await rm(lock, { force: true });
      return null;
    }
    noteAsked(lane);
    return {
      // The record of who asks is on disk (written while the request was out) before the lane is free again.
      release: () =>
        askerWrite
          .then(() => writeFile(last, String(now()), { mode: 0o600 }))
          .finally(() => rm(lock, { force: true }))
          .catch(() => undefined),
    };
  };

  const otherAskers = async (withinMs: number): Promise<LaneAsker[]> => {
    const names = await readdir(options.dir).catch(() => []);
    const askers: LaneAsker[] = [];
    for (const name of names) {
      const owner = Number(ASKER_FILE.exec(name)?.[1]);
      // One that exited since (a `doctor` run) still asked in that time: it is named until then.
      if (!owner || owner === pid) continue;
      const record = parseAskerRecord(await readFile(join(options.dir, name), 'utf8').catch(() => ''));
      if (!record) continue;
      for (const [lane, { since, at }] of Object.entries(record.lanes)) {
        if (now() - at <= withinMs) askers.push({ lane, pid: owner, kind: record.kind, since, at });
      }
    }
    return askers;
  };

  return {
    // A folder that cannot be used leaves this process with its own schedule only, never without an answer.
    claim: (lane, intervalMs, signal) => take(lane, intervalMs, signal).catch(() => UNSHARED),
    otherAskers,
  };
}

const UNSHARED: SharedTurn = { release: async () => undefined };

/** How long ago a file was last written, in ms; null when it is gone. */
async function ageOf(file: string, now: number): Promise<number | null> {
  try {
    return now - (await stat(file)).mtimeMs;
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return null;
    throw error;
  }
}

interface AskerRecord {
  kind: string;
  lanes: Record<string, { since: number; at: number }>;
}

/** Another process's asker file; null when it is being written or not one (it is read, never trusted). */
function parseAskerRecord(text: string): AskerRecord | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isObject(value) || typeof value.kind !== 'string' || !isObject(value.lanes)) return null;
  const lanes: AskerRecord['lanes'] = {};
  for (const [lane, entry] of Object.entries(value.lanes)) {
    if (isObject(entry) && Number.isFinite(entry.since) && Number.isFinite(entry.at)) {
      lanes[lane] = { since: Number(entry.since), at: Number(entry.at) };
    }
  }
  return { kind: value.kind, lanes };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
