import { abortableSleep as sleep } from './abortableSleep';
import type { HttpOutcome, HttpRequest } from './httpExchange';
import type { SharedPacingSchedule, SharedTurn } from './sharedPacingSchedule';

/**
 * How often one path of one client (scheme, host and port) may be asked, in ms; null: not paced.
 * Decided per URL, so every caller of the same path shares one schedule.
 */
export type PacingPolicy = (url: URL) => number | null;

/** Sends a request on the wire; calls `answered` when the response's head arrives. */
export type PacedTransport = (request: HttpRequest, answered: () => void) => Promise<HttpOutcome>;

export interface RequestPacer {
  send(request: HttpRequest, url: URL, intervalMs: number, transport: PacedTransport): Promise<HttpOutcome>;
}

export interface RequestPacerOptions {
  /** A monotonic clock in ms. */
  now?: () => number;
  /** The schedule other processes on this machine keep too; without it, this pacer's alone. */
  shared?: SharedPacingSchedule;
}

/** One path's schedule. */
interface Lane {
  intervalMs: number;
  /**
   * When the last request to this path was answered (or failed, timed out, was cancelled): the latest
   * moment it can have reached the client. The next one is not started before this plus the interval.
   */
  answeredAt: number;
  /** Settles when the read now on the wire is answered; null when none is. */
  busy: Promise<void> | null;
  /** Reads waiting for their turn or on the wire, by what they ask for: a second asker joins. */
  flights: Map<string, Flight>;
  /** Answers younger than the interval, by what they answered. */
  recent: Map<string, { outcome: HttpOutcome; at: number }>;
}

interface Client {
  lanes: Map<string, Lane>;
  /** Counts writes: an answer to a read sent before a write is not handed out after it. */
  writes: number;
}

interface Flight {
  outcome: Promise<HttpOutcome>;
  controller: AbortController;
  askers: number;
}

// A fresh answer soon beats an older one now: a cached answer is handed out only when the next slot is
// further away than this share of the interval (a second watcher), not when it is a few ms away (the
// same watcher's next cycle).
const SHARE_WHEN_WAIT_EXCEEDS = 0.25;
const ABORTED: HttpOutcome = { kind: 'aborted' };

/**
 * Keeps each path of each local client at its rate as the client sees it. A request may reach the
 * client any time between being started and being answered, so the next request to the same path is
 * started only once the interval has passed since the previous one was answered: then no two can
 * arrive closer than the interval, whatever the connection set-up, keep-alive or load did, and
 * whichever watcher sent them. Reads (GET) of the same URL share one request, and a second watcher
 * gets a recent answer instead of waiting for the next slot. Writes are someone's command: they go at
 * once and are never shared, but the next read of that path waits a full interval after them.
 */
export function createRequestPacer(options: RequestPacerOptions = {}): RequestPacer {
  const now = options.now ?? (() => performance.now());
  const clients = new Map<string, Client>();

  const clientOf = (origin: string): Client => {
    let client = clients.get(origin);
    if (!client) clients.set(origin, (client = { lanes: new Map(), writes: 0 }));
    return client;
  };

  const laneOf = (client: Client, path: string, intervalMs: number): Lane => {
    let lane = client.lanes.get(path);
    if (!lane) {
      lane = { intervalMs, answeredAt: -Infinity, busy: null, flights: new Map(), recent: new Map() };
      client.lanes.set(path, lane);
    }
    lane.intervalMs = Math.max(lane.intervalMs, intervalMs);
    return lane;
  };

  /** Resolves true when the lane is free and its interval has passed; false when cancelled first. */
  const takeTurn = async (lane: Lane, signal: AbortSignal): Promise<boolean> => {
    for (;;) {
      if (signal.aborted) return false;
      if (lane.busy) {
        await untilAborted(lane.busy, signal);
        continue;
      }
      // Timers may fire a little early by this clock: the loop checks again.
      const wait = lane.answeredAt + lane.intervalMs - now();
      if (wait <= 0) return true;
      await sleep(wait, signal);
    }
  };

  /** Puts a request on the wire and notes when it was answered. */
  const transmit = async (
    lane: Lane,
    request: HttpRequest,
    transport: PacedTransport,
  ): Promise<HttpOutcome> => {
    let answeredAt: number | null = null;
    try {
      return await transport(request, () => (answeredAt ??= now()));
    } finally {
      lane.answeredAt = Math.max(lane.answeredAt, answeredAt ?? now());
    }
  };

  const read = (
    client: Client,
    lane: Lane,
    request: HttpRequest,
    key: string,
    transport: PacedTransport,
    laneName: string,
  ): Promise<HttpOutcome> => {
    const waiting = lane.flights.get(key);
    if (waiting) return follow(lane, key, waiting, request.signal);

    const at = now();
    for (const [url, entry] of lane.recent) if (at - entry.at >= lane.intervalMs) lane.recent.delete(url);
    const recent = lane.recent.get(key);
    const nextSlotIn = lane.busy ? Infinity : lane.answeredAt + lane.intervalMs - at;
    if (recent && nextSlotIn > lane.intervalMs * SHARE_WHEN_WAIT_EXCEEDS)
      return Promise.resolve(recent.outcome);

    const controller = new AbortController();
    const flight: Flight = { controller, askers: 0, outcome: Promise.resolve(ABORTED) };
    lane.flights.set(key, flight);
    flight.outcome = (async () => {
      try {
        if (!(await takeTurn(lane, controller.signal))) return ABORTED;
        const writes = client.writes;
        let free = (): void => undefined;
        lane.busy = new Promise((resolve) => (free = resolve));
        let turn: SharedTurn | null | undefined;
        try {
          // Then the other processes' turn: a read waits for theirs as for this process's own.
          turn = await options.shared?.claim(laneName, lane.intervalMs, controller.signal);
          if (turn === null) return ABORTED;
          const outcome = await transmit(lane, { ...request, signal: controller.signal }, transport);
          if ((outcome.kind === 'ok' || outcome.kind === 'http-error') && client.writes === writes) {
            lane.recent.set(key, { outcome, at: now() });
          }
          return outcome;
        } finally {
          // The answer goes to its watchers now, not after the files that tell the other processes (a write
          // and an fsync once a second): the lane stays this process's until they are written.
          void (turn?.release() ?? Promise.resolve()).finally(() => {
            lane.busy = null;
            free();
          });
        }
      } finally {
        if (lane.flights.get(key) === flight) lane.flights.delete(key);
      }
    })();
    return follow(lane, key, flight, request.signal);
  };

  const write = async (
    client: Client,
    lane: Lane,
    request: HttpRequest,
    transport: PacedTransport,
  ): Promise<HttpOutcome> => {
    client.writes += 1;
    // Readers from now on get an answer asked after this write: not a recent one, nor one on its way.
    for (const other of client.lanes.values()) {
      other.recent.clear();
      other.flights.clear();
    }
    try {
      return await transmit(lane, request, transport);
    } finally {
      client.writes += 1;
    }
  };

  return {
    send(request, url, intervalMs, transport) {
      const client = clientOf(url.origin);
      const lane = laneOf(client, url.pathname, intervalMs);
      if ((request.method ?? 'GET') !== 'GET') return write(client, lane, request, transport);
      if (request.signal?.aborted) return Promise.resolve(ABORTED);
      const key = `${request.responseType ?? 'json'} ${JSON.stringify(request.headers ?? {})} ${url.href}`;
      return read(client, lane, request, key, transport, `${url.origin}${url.pathname}`);
    },
  };
}

/**
 * One asker's view of a shared read: its own cancel answers it at once; the request itself is
 * cancelled only when every asker has gone.
 */
function follow(
  lane: Lane,
  key: string,
  flight: Flight,
  signal: AbortSignal | undefined,
): Promise<HttpOutcome> {
  flight.askers += 1;
  const leave = (): void => {
    flight.askers -= 1;
    if (flight.askers > 0) return;
    if (lane.flights.get(key) === flight) lane.flights.delete(key);
    flight.controller.abort();
  };
  if (!signal) return flight.outcome;
  if (signal.aborted) {
    leave();
    return Promise.resolve(ABORTED);
  }
  return new Promise((resolve) => {
    const onAbort = (): void => {
      leave();
      resolve(ABORTED);
    };
    signal.addEventListener('abort', onAbort, { once: true });
    void flight.outcome.then((outcome) => {
      signal.removeEventListener('abort', onAbort);
      resolve(outcome);
    });
  });
}

function untilAborted(promise: Promise<void>, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      signal.removeEventListener('abort', done);
      resolve();
    };
    signal.addEventListener('abort', done, { once: true });
    void promise.then(done);
  });
}
