import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

/** USER_HZ, which Linux fixes at 100 for /proc. */
const CLOCK_TICKS_PER_SECOND = 100;

/**
 * The CPU time this process's main thread (its event loop) has used, in ms: on Linux from /proc, in ticks of
 * 10 ms; elsewhere the whole process's, which also counts the garbage collector's and compiler's own threads.
 * What a stall of the event loop costs, unlike wall-clock gaps, which also count the time other processes
 * took of the machine's cores.
 */
export function mainThreadCpuMs(): number {
  try {
    const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime, fields 14 and 15 of stat(5), counted here from field 3 (state).
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
  } catch {
    const { user, system } = process.cpuUsage();
    return (user + system) / 1000;
  }
}

/** A moment as a stall meter sees it: the wall clock and the main thread's CPU time, in ms. */
export interface Moment {
  at: number;
  cpuMs: number;
}

export function momentNow(): Moment {
  return { at: performance.now(), cpuMs: mainThreadCpuMs() };
}

/**
 * The longest gap between consecutive moments: on the wall clock, and as the main thread's own work (the CPU
 * it used in the gap, at most the gap). On an idle machine the two agree; on a loaded one the wall-clock gap
 * also holds the time this process waited for a core.
 */
export function longestGap(moments: readonly Moment[]): { wallMs: number; workMs: number } {
  const longest = { wallMs: 0, workMs: 0 };
  for (let index = 1; index < moments.length; index += 1) {
    const [before, after] = [moments[index - 1], moments[index]];
    if (!before || !after) continue;
    const wallMs = after.at - before.at;
    longest.wallMs = Math.max(longest.wallMs, wallMs);
    longest.workMs = Math.max(longest.workMs, Math.min(after.cpuMs - before.cpuMs, wallMs));
  }
  return longest;
}
