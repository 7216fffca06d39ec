import { createHash } from 'node:crypto';
import { abortableSleep } from '../../../platform/net/abortableSleep';
import type { Scheduler } from '../../../platform/polling/poller';
import { keyLeaseFiles, type KeyLeaseFiles } from './keyLease';
import { shiftRateLedger } from './rateLedger';
import { RequestCancelledError, type Permit, type RateLimiter, type RateTarget } from './rateLimiter';

/**
 * One limiter state per web API key and host across every Sightline process of the user (the app, `serve`,
 * the CLI's commands): a process sends with a key only while it holds the key's lease, and takes on the
 * limiter's state (every bucket's log and pauses) the last holder left, so the windows count both.
 */
export interface SharedRateLimiter extends RateLimiter {
  /** Stops granting, waits for the calls in flight and hands the state on; the process may then exit. */
  close(): Promise<void>;
}

export interface SharedRateLimiterOptions {
  /** This process's limiter; it counts while the lease is held. */
  local: RateLimiter;
  scheduler: Scheduler;
  /** The user's shared folder (userSharedFolder()). */
  dir: string;
  /** The lane of the key sent with now (webApiLane), null when there is no key: then nothing is shared. */
  lane: () => Promise<string | null>;
  pid?: number;
  /** Wall clock shared by the processes. */
  now?: () => number;
  isRunning?: (pid: number) => boolean;
  staleAfterMs?: number;
  /** Nothing queued nor in flight for this long: the lease goes back. */
  idleMs?: number;
  /** Held this long while another process waits: the lease goes to it when nothing is in flight. */
  holdMs?: number;
}

/** How often a waiting process looks at the lease again, and a holder at its queue and the waiters. */
const POLL_MS = 20;
const HEARTBEAT_MS = 500;
/** The longest a holder waits for its calls in flight before handing on (longer than a request's timeout). */
const IN_FLIGHT_WAIT_MS = 15_000;
/** After handing the lease on, how long this process lets the waiter take it before trying again. */
const HAND_ON_MS = 200;

/** The file name of a key's lease on a host: the key's fingerprint, never the key. */
export function webApiLane(fingerprint: string, hostTemplate: string): string {
  const host = createHash('sha256').update(hostTemplate).digest('hex').slice(0, 16);
  return `web-api-${fingerprint}-${host}`;
}

/** How many times the clocks are read for their difference, for a reading no pause fell into. */
const CLOCK_READS = 8;

/**
 * How far `wall` runs ahead of `scheduler`, read once: the two run at one rate (the real scheduler reads the
 * wall clock itself). The wall clock is read between two readings of the scheduler's, and a reading where those
 * differ (the process was paused between them, as on a loaded machine) is tried again. Read at every write and
 * read of the ledger, each pause moved the calls written by its length (one 13 ms pause let a window's sixth
 * call go 13 ms early in the next process); on one clock the lead is now exactly 0.
 */
export function clockLead(wall: () => number, scheduler: () => number): number {
  let best = { spread: Infinity, lead: 0 };
  for (let read = 0; read < CLOCK_READS && best.spread > 0; read += 1) {
    const before = scheduler();
    const at = wall();
    const spread = scheduler() - before;
    if (spread < best.spread) best = { spread, lead: at - (before + spread / 2) };
  }
  return best.lead;
}

export function createSharedRateLimiter(options: SharedRateLimiterOptions): SharedRateLimiter {
  const { local, scheduler } = options;
  const pid = options.pid ?? process.pid;
  const now = options.now ?? Date.now;
  const idleMs = options.idleMs ?? 100;
  const holdMs = options.holdMs ?? 1000;
  /** The process stops: waits end, and nothing is taken again. */
  const lifetime = new AbortController();

  interface Held {
    lane: string;
    files: KeyLeaseFiles;
    since: number;
    /** Aborted when the lease starts going back: calls waiting on the local limiter return to the queue. */
    granting: AbortController;
    watch: ReturnType<typeof setInterval>;
    lastBeat: number;
  }
  let held: Held | null = null;
  let taking: Promise<void> | null = null;
  let releasing: Promise<void> | null = null;
  /** Callers between acquire and settle; calls waiting on the local limiter or in flight. */
  let callers = 0;
  let granted = 0;
  /** Calls granted and not answered yet. */
  let sending = 0;
  let idleSince = now();
  /** Until when a waiter of another process gets the first go at the lease this process gave up. */
  let handedOnUntil = 0;
  /** The folder could not be used: this process keeps its own limiter, as before. */
  let unshared = false;

  const filesFor = (lane: string): KeyLeaseFiles =>
    keyLeaseFiles({
      dir: options.dir,
      lane,
      pid,
      now,
      isRunning: options.isRunning,
      staleAfterMs: options.staleAfterMs,
    });

  /** The ledger is kept on the wall clock; the limiter counts on the scheduler's. */
  const wallLead = clockLead(now, () => scheduler.now());

  const take = (lane: string): Promise<void> =>
    (taking ??= (async () => {
      const files = filesFor(lane);
      for (;;) {
        if (lifetime.signal.aborted) return;
        if (now() >= handedOnUntil && (await files.tryTake())) break;
        await files.markWaiting();
        await abortableSleep(POLL_MS, lifetime.signal);
      }
      const ledger = await files.readLedger();
      // No ledger, or a bad one: count on from what this process knows.
      if (ledger) local.adopt(shiftRateLedger(ledger, -wallLead));
      const state: Held = {
        lane,
        files,
        since: now(),
        granting: new AbortController(),
        watch: setInterval(() => void check(state), POLL_MS),
        lastBeat: now(),
      };
      state.watch.unref?.();
      held = state;
      idleSince = now();
    })()
      .catch(() => {
        unshared = true;
      })
      .finally(() => {
        taking = null;
      }));

  let checking = false;
  /** Gives the lease back when idle, or on to a waiting process after holding it long enough; beats. */
  const check = async (state: Held): Promise<void> => {
    if (checking || held !== state || releasing) return;
    checking = true;
    try {
      const at = now();
      if (callers > 0) idleSince = at;
      if (at - idleSince >= idleMs) return void (await release());
      // Handed on between bursts, when nothing is on the wire (the windows hold both processes back then
      // anyway), or after twice the hold if calls never stop.
      const heldFor = at - state.since;
      const between = sending === 0 || heldFor >= 2 * holdMs;
      if (heldFor >= holdMs && between && (await state.files.otherWaiting())) {
        handedOnUntil = now() + HAND_ON_MS;
        return void (await release());
      }
      if (at - state.lastBeat >= HEARTBEAT_MS) {
        state.lastBeat = at;
        // Taken over (this process was silent too long): the state is the new holder's to write.
        if (!(await state.files.heartbeat())) return drop(state);
        // The ledger too: a holder killed now leaves the others its counts up to here.
        await state.files.writeLedger(shiftRateLedger(local.ledger(), wallLead));
      }
    } catch {
      // The folder went away: this process counts alone from now.
      unshared = true;
      await release();
    } finally {
      checking = false;
    }
  };

  /** Lets go of the lease without writing the ledger over what the others hold: it is not ours to write. */
  const drop = (state: Held): void => {
    if (held !== state) return;
    clearInterval(state.watch);
    state.granting.abort();
    held = null;
    void state.files.release().catch(() => undefined);
  };

  const release = (): Promise<void> =>
    (releasing ??= (async () => {
      const state = held;
      if (!state) return;
      clearInterval(state.watch);
      state.granting.abort();
      // A call never settled (a caller's bug) must not keep the lease forever: past any request's timeout
      // the ledger counts it as answered.
      const giveUpAt = now() + IN_FLIGHT_WAIT_MS;
      while (granted > 0 && now() < giveUpAt)
        await new Promise((resolve) => setTimeout(resolve, POLL_MS / 4));
      try {
        await state.files.writeLedger(shiftRateLedger(local.ledger(), wallLead));
      } finally {
        held = null;
        await state.files.release();
      }
    })()
      .catch(() => {
        unshared = true;
      })
      .finally(() => {
        releasing = null;
      }));

  const acquireShared = async (target: RateTarget, signal: AbortSignal | undefined): Promise<Permit> => {
    const lane = await options.lane().catch(() => null);
    for (;;) {
      if (signal?.aborted) throw new RequestCancelledError();
      if (lane === null || unshared || lifetime.signal.aborted) return local.acquire(target, signal);
      if (releasing) await releasing;
      else if (held && held.lane !== lane) await release();
      else if (!held) await untilAborted(take(lane), signal);
      else {
        const granting = held.granting.signal;
        granted += 1;
        try {
          const permit = await local.acquire(target, anyAborted(signal, granting));
          sending += 1;
          return settleOnce(permit, () => {
            granted -= 1;
            sending -= 1;
          });
        } catch (error) {
          granted -= 1;
          // The lease is going back: wait for it again; the caller's own cancel still ends the call.
          if (!(error instanceof RequestCancelledError) || signal?.aborted || !granting.aborted) throw error;
        }
      }
    }
  };

  return {
    async acquire(target, signal) {
      callers += 1;
      try {
        const permit = await acquireShared(target, signal);
        return settleOnce(permit, () => {
          callers -= 1;
          idleSince = now();
        });
      } catch (error) {
        callers -= 1;
        idleSince = now();
        throw error;
      }
    },
    pauses: () => local.pauses(),
    onChange: (listener) => local.onChange(listener),
    reset() {
      // Another key: this one's lease goes without its state being written over by an empty one.
      if (held) drop(held);
      local.reset();
    },
    ledger: () => local.ledger(),
    adopt: (ledger) => local.adopt(ledger),
    async close() {
      lifetime.abort();
      await taking;
      await release();
    },
  };
}

/** The permit, and `after` once when it is settled. */
function settleOnce(permit: Permit, after: () => void): Permit {
  let settled = false;
  return {
    settle(outcome) {
      permit.settle(outcome);
      if (settled) return;
      settled = true;
      after();
    },
  };
}

function anyAborted(signal: AbortSignal | undefined, other: AbortSignal): AbortSignal {
  return signal ? AbortSignal.any([signal, other]) : other;
}

/** Waits for `work`, or for the signal (then the caller is cancelled; the work goes on for the others). */
async function untilAborted(work: Promise<void>, signal: AbortSignal | undefined): Promise<void> {
  if (!signal) return work;
  let onAbort = (): void => undefined;
  const aborted = new Promise<void>((resolve) => {
    onAbort = resolve;
    signal.addEventListener('abort', onAbort, { once: true });
  });
  try {
    await Promise.race([work, aborted]);
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
}
