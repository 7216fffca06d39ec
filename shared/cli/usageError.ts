/**
 * A command line the command cannot run as typed: an unknown option, a missing, malformed or out-of-range
 * value. The CLI prints its message as one line and exits 2 (electron/cli/usageErrors.ts). Here, not in the
 * CLI, because the commands that throw it live in every layer: the core's, the simulator's, the harness's.
 */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}
