import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** `sightline <args>` as a user runs it: a process of its own, on the built CLI (issue 25). */

export const CLI_ENTRY = fileURLToPath(new URL('../../bin/sightline.mjs', import.meta.url));

export interface CliExit {
  /** Null when a signal ended the process (e.g. a test's kill -9). */
  code: number | null;
  /** Non-empty lines: the CLI prints one record or message a line. */
  stdout: string[];
  /** Non-empty lines too, so a clean run is `[]` and a message compares whole. */
  stderr: string[];
  /** Date.now() at the spawn and once its output is closed: the process's own time, start included. */
  startedAt: number;
  endedAt: number;
}

export interface CliProcess {
  pid: number;
  /** Settles once the process has ended and all its output is read. */
  done: Promise<CliExit>;
  kill(signal: NodeJS.Signals): void;
  /** The non-empty lines of stderr read so far, while it runs (to act on a progress line). */
  stderrSoFar(): string[];
  /** The same of stdout (to time the end from an answer line). */
  stdoutSoFar(): string[];
}

const lines = (text: string): string[] => text.split('\n').filter((line) => line !== '');

/**
 * Starts the CLI with only PATH, HOME and `env`: nothing of the test runner's environment (a real key, a data
 * folder) leaks in. No stdin: no one types, and a command that reads it sees its end instead of waiting.
 */
export function startCli(args: string[], env: Record<string, string>): CliProcess {
  const startedAt = Date.now();
  const child = spawn(process.execPath, [CLI_ENTRY, ...args], {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  // Decoded as a stream: a character split across two chunks (the "×" of `replay play`) stays whole.
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const done = new Promise<CliExit>((resolve, reject) => {
    child.once('error', reject);
    // 'close', not 'exit': the output is complete only once the pipes are.
    child.once('close', (code) =>
      resolve({ code, stdout: lines(stdout), stderr: lines(stderr), startedAt, endedAt: Date.now() }),
    );
  });
  if (child.pid === undefined) {
    // Thrown where the test starts it; `done` also rejects (with the spawn error), which is no second failure.
    done.catch(() => undefined);
    throw new Error(`sightline ${args.join(' ')} did not start`);
  }
  return {
    pid: child.pid,
    done,
    kill: (signal) => void child.kill(signal),
    stderrSoFar: () => lines(stderr),
    stdoutSoFar: () => lines(stdout),
  };
}

/** Runs the CLI to its end. */
export function runCli(args: string[], env: Record<string, string>): Promise<CliExit> {
  return startCli(args, env).done;
}
