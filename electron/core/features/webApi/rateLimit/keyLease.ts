import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { processIsRunning } from '../../../platform/fs/atomicFile';
import { errorCode } from '../../../platform/fs/errorCode';
import { parseRateLedger, type RateLedger } from './rateLedger';

/**
 * The files one web API key and host share between processes, in the user's shared folder: the lease
 * (`pid time`, rewritten as a heartbeat by the process sending with the key), the ledger of the limiter's
 * state the last holder left, and a mark that another process waits. Names carry the lane (a key's
 * fingerprint and a hash of the host), never the key.
 */
export interface KeyLeaseFiles {
  /** Takes the lease if free, or held by a process that is gone or silent; false while another holds it. */
  tryTake(): Promise<boolean>;
  /** Tells the others this process still holds it (false: it no longer does, another took it over). */
  heartbeat(): Promise<boolean>;
  /** Gives the lease up (only if this process still holds it). */
  release(): Promise<void>;
  /** Notes that this process waits for the lease. */
  markWaiting(): Promise<void>;
  /** Whether another process noted lately that it waits. */
  otherWaiting(): Promise<boolean>;
  /** The last holder's ledger; null when there is none or it is not one (then the process counts alone). */
  readLedger(): Promise<RateLedger | null>;
  writeLedger(ledger: RateLedger): Promise<void>;
}

export interface KeyLeaseFilesOptions {
  dir: string;
  /** The key's fingerprint and the host, as a file name. */
  lane: string;
  pid: number;
  /** Wall clock in ms, shared by the processes. */
  now: () => number;
  isRunning?: (pid: number) => boolean;
  /** A lease without a heartbeat for this long is taken over. */
  staleAfterMs?: number;
  /** A waiting mark older than this is no longer a waiter. */
  waitingFreshMs?: number;
}

export const LEASE_STALE_AFTER_MS = 3000;

export function keyLeaseFiles(options: KeyLeaseFilesOptions): KeyLeaseFiles {
  const { dir, lane, pid, now } = options;
  const isRunning = options.isRunning ?? processIsRunning;
  const staleAfterMs = options.staleAfterMs ?? LEASE_STALE_AFTER_MS;
  const waitingFreshMs = options.waitingFreshMs ?? 250;
  const lease = join(dir, `${lane}.lease`);
  const ledger = join(dir, `${lane}.ledger`);
  const waiting = join(dir, `${lane}.waiting`);
  let ready: Promise<unknown> | null = null;
  const folder = () => (ready ??= mkdir(dir, { recursive: true, mode: 0o700 }));

  /** `pid time` of a file; null while it is missing or being written. */
  const readMark = async (file: string): Promise<{ pid: number; at: number } | null> => {
    const [holder, at] = (await readFile(file, 'utf8').catch(() => '')).split(' ').map(Number);
    return holder !== undefined && at !== undefined && Number.isInteger(holder) && Number.isFinite(at)
      ? { pid: holder, at }
      : null;
  };
  /** Written aside, then renamed: a reader never sees half a file. */
  const writeWhole = async (file: string, text: string): Promise<void> => {
    const aside = `${file}.${pid}.tmp`;
    await writeFile(aside, text, { mode: 0o600 });
    await rename(aside, file);
  };

  return {
    async tryTake() {
      await folder();
      try {
        await writeFile(lease, `${pid} ${now()}`, { flag: 'wx', mode: 0o600 });
        return true;
      } catch (error) {
        if (errorCode(error) !== 'EEXIST') throw error;
      }
      const holder = await readMark(lease);
      // A lease being written reads empty for a moment: only a complete one of a dead or silent holder is stale.
      if (holder && ((holder.pid !== pid && !isRunning(holder.pid)) || now() - holder.at > staleAfterMs)) {
        await rm(lease, { force: true });
      }
      return false;
    },
    async heartbeat() {
      const holder = await readMark(lease);
      if (holder?.pid !== pid) return false;
      await writeWhole(lease, `${pid} ${now()}`);
      return true;
    },
    async release() {
      const holder = await readMark(lease);
      if (holder?.pid === pid) await rm(lease, { force: true });
    },
    async markWaiting() {
      await folder();
      await writeWhole(waiting, `${pid} ${now()}`);
    },
    async otherWaiting() {
      const mark = await readMark(waiting);
      return mark !== null && mark.pid !== pid && now() - mark.at < waitingFreshMs;
    },
    async readLedger() {
      const text = await readFile(ledger, 'utf8').catch(() => null);
      return text === null ? null : parseRateLedger(text);
    },
    async writeLedger(state) {
      await writeWhole(ledger, JSON.stringify(state));
    },
  };
}
