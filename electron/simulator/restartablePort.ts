/**
 * Ports for listeners that stop and listen again on the same port (a simulated game process that quits and
 * restarts). An ephemeral port (listen on 0) is unsafe for that: while it is closed, any process on the machine may
 * get it for an outgoing connection or its own `listen(0)`, and the restart fails with EADDRINUSE. So these ports
 * come from below the kernel's ephemeral range, and each test worker takes its own block of them, so two
 * simulators running side by side never pick the same one.
 */

/** Below Linux's default ephemeral range (32768–60999) and Windows' (49152–65535). */
const FIRST_PORT = 20_000;
const BLOCK_SIZE = 500;
const BLOCKS = 24;

/** Which block this process owns: the test runner's worker number where there is one, else the process id. */
function blockIndex(env: NodeJS.ProcessEnv, pid: number): number {
  const worker = env.VITEST_POOL_ID ?? env.TEST_PARALLEL_INDEX;
  const fromWorker = worker === undefined ? Number.NaN : Number.parseInt(worker, 10);
  // Runner workers take the low blocks; any other process (a spawned `sightline simulate`) a block by its pid.
  return Number.isInteger(fromWorker) && fromWorker >= 0 && fromWorker < BLOCKS / 2
    ? fromWorker
    : BLOCKS / 2 + (pid % (BLOCKS / 2));
}

export interface RestartablePorts {
  /** The next port to try; after BLOCK_SIZE calls it wraps to the block's start. */
  next(): number;
  /** How many different ports `next` hands out before it repeats. */
  readonly size: number;
}

export function createRestartablePorts(
  env: NodeJS.ProcessEnv = process.env,
  pid: number = process.pid,
): RestartablePorts {
  const start = FIRST_PORT + blockIndex(env, pid) * BLOCK_SIZE;
  let cursor = 0;
  return {
    size: BLOCK_SIZE,
    next() {
      const port = start + cursor;
      cursor = (cursor + 1) % BLOCK_SIZE;
      return port;
    },
  };
}

/** One allocator per process, so consecutive simulators in one worker move on through the block. */
export const restartablePorts = createRestartablePorts();
