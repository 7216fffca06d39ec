import { hostname } from 'node:os';
import { readFile, rm, stat, utimes } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { createFileExclusive, processIsRunning, writeFileAtomic } from '../fs/atomicFile';
import { errorCode } from '../fs/errorCode';

/**
 * The process that runs the core on a data folder (the desktop app or `sightline serve`): the one the CLI
 * hands its work to, so the machine has one schedule per game client and one limiter per key.
 */
export interface RunningInstance {
  pid: number;
  kind: 'app' | 'serve';
  /** When it started (ISO time). */
  since: string;
  /** http://127.0.0.1:PORT of its browser host. */
  origin: string;
}

/** Kept in the data folder (0600) while the primary runs; its modification time is the heartbeat. */
export const INSTANCE_FILE = 'sightline-instance.json';
export const HEARTBEAT_MS = 1_000;
/** A record not touched for longer than this belongs to a process that hangs or is gone: it is taken over. */
export const STALE_AFTER_MS = 3_000;

const recordSchema = z.object({
  pid: z.number().int().positive(),
  kind: z.enum(['app', 'serve']),
  since: z.string(),
  /** Null while the primary starts: its host does not listen yet. */
  origin: z.string().nullable(),
  /** The machine it runs on: a pid says nothing of a process on another machine sharing the folder. */
  hostName: z.string(),
});
type InstanceRecord = z.infer<typeof recordSchema>;

export interface InstanceDeps {
  now?: () => number;
  /** Whether a process of this machine runs (process.kill(pid, 0) by default). */
  isRunning?: (pid: number) => boolean;
  /** This process's id; tests stand one registration in for another process. */
  pid?: number;
  hostName?: string;
}

/** A second primary on a data folder: the one already running, named in the message. */
export class AnotherSightlineRunning extends Error {
  override name = 'AnotherSightlineRunning';
  constructor(readonly running: Omit<RunningInstance, 'origin'>) {
    super(
      `another Sightline already runs on this data folder: ${running.kind} (pid ${running.pid}, since ${running.since}); stop it or use another SIGHTLINE_DATA_DIR`,
    );
  }
}

/** This process's registration as the data folder's primary. */
export interface PrimaryClaim {
  /** False when the folder takes no writes: the core runs unregistered (and says so in its log). */
  readonly registered: boolean;
  readonly kind: RunningInstance['kind'];
  readonly since: string;
  /** Records the browser host's origin once it listens: from then on the CLI finds this process. */
  publish(origin: string): Promise<void>;
  /** Stops the heartbeat and removes the record (only if it is still this process's). */
  release(): Promise<void>;
}

const instancePath = (dataDir: string): string => join(dataDir, INSTANCE_FILE);

/**
 * The primary of a data folder, or null when none runs, it is still starting, or the one recorded is gone
 * (its process ended, or its heartbeat is older than STALE_AFTER_MS).
 */
export async function findRunningInstance(
  dataDir: string,
  deps: InstanceDeps = {},
): Promise<RunningInstance | null> {
  const found = await readLiveRecord(instancePath(dataDir), deps);
  if (!found || found.record.origin === null) return null;
  const { pid, kind, since, origin } = found.record;
  return { pid, kind, since, origin };
}

/**
 * Makes this process the data folder's primary, taking over a record of a process that is gone; rejects with
 * AnotherSightlineRunning while another one runs. Touches its record every HEARTBEAT_MS until released.
 */
export async function claimPrimary(
  dataDir: string,
  kind: RunningInstance['kind'],
  deps: InstanceDeps & { warn?: (message: string) => void } = {},
): Promise<PrimaryClaim> {
  const now = deps.now ?? Date.now;
  const path = instancePath(dataDir);
  const record: InstanceRecord = {
    pid: deps.pid ?? process.pid,
    kind,
    since: new Date(now()).toISOString(),
    origin: null,
    hostName: deps.hostName ?? hostname(),
  };
  // Two tries: one after taking a gone process's record away (another starting primary may win the race).
  for (let attempt = 0; ; attempt += 1) {
    try {
      await createFileExclusive(path, JSON.stringify(record));
      return heldClaim(path, record, deps);
    } catch (error) {
      if (errorCode(error) !== 'EEXIST') {
        // A read-only or full folder: the core still runs, as it does for its other files.
        deps.warn?.(`cannot register as this data folder's Sightline: ${describe(error)}`);
        return unregisteredClaim(record);
      }
    }
    const live = await readLiveRecord(path, deps);
    if (live) throw new AnotherSightlineRunning(live.record);
    if (attempt > 0)
      throw new Error(`cannot register as this data folder's Sightline: ${path} keeps coming back`);
    await rm(path, { force: true });
  }
}

function heldClaim(path: string, initial: InstanceRecord, deps: InstanceDeps): PrimaryClaim {
  let record = initial;
  let released = false;
  const ours = async (): Promise<boolean> => {
    const current = await readRecord(path);
    return current?.pid === record.pid && current.since === record.since;
  };
  // Touching is enough: the modification time is what readers look at.
  const beat = async (): Promise<void> => {
    if (released || !(await ours())) return;
    const now = new Date(deps.now?.() ?? Date.now());
    await utimes(path, now, now).catch(() => undefined);
  };
  const heartbeat = setInterval(() => void beat(), HEARTBEAT_MS);
  heartbeat.unref();
  return {
    registered: true,
    kind: record.kind,
    since: record.since,
    publish: async (origin) => {
      record = { ...record, origin };
      if (await ours()) await writeFileAtomic(path, JSON.stringify(record));
    },
    release: async () => {
      released = true;
      clearInterval(heartbeat);
      if (await ours()) await rm(path, { force: true });
    },
  };
}

function unregisteredClaim(record: InstanceRecord): PrimaryClaim {
  return {
    registered: false,
    kind: record.kind,
    since: record.since,
    publish: async () => undefined,
    release: async () => undefined,
  };
}

/** The record when its process runs and its heartbeat is fresh; null otherwise (missing, unreadable, gone). */
async function readLiveRecord(path: string, deps: InstanceDeps): Promise<{ record: InstanceRecord } | null> {
  const [record, touched] = await Promise.all([
    readRecord(path),
    stat(path).then(
      (info) => info.mtimeMs,
      () => null,
    ),
  ]);
  if (!record || touched === null) return null;
  const now = deps.now ?? Date.now;
  if (now() - touched > STALE_AFTER_MS) return null;
  const sameMachine = record.hostName === (deps.hostName ?? hostname());
  const isRunning = deps.isRunning ?? processIsRunning;
  if (sameMachine && !isRunning(record.pid)) return null;
  return { record };
}

async function readRecord(path: string): Promise<InstanceRecord | null> {
  try {
    const parsed = recordSchema.safeParse(JSON.parse(await readFile(path, 'utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
