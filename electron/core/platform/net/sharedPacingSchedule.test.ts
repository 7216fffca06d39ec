import { createHash } from 'node:crypto';
import { chmod, mkdir, mkdtemp, readdir, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSharedPacingSchedule } from './sharedPacingSchedule';

const LANE = 'http://127.0.0.1:21337/positional-rectangles';
let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sightline-schedule-'));
});
// A record write a claim still had on its way when the test ended may land while the folder goes: try again.
afterEach(() => rm(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 20 }));

const never = (): AbortSignal => new AbortController().signal;
/** The lock file of LANE, as the schedule names it. */
const laneLockName = (): string => `${createHash('sha256').update(LANE).digest('hex').slice(0, 32)}.lock`;

describe('the schedule the processes share', () => {
  it('lets a second process ask a path only once the first was answered and the interval has passed', async () => {
    const first = createSharedPacingSchedule({ dir, kind: 'serve' });
    const second = createSharedPacingSchedule({ dir, kind: 'serve' });
    const turn = await first.claim(LANE, 200, never());
    expect(turn).not.toBeNull();

    const asked = performance.now();
    const waiting = second.claim(LANE, 200, never());
    await new Promise((resolve) => setTimeout(resolve, 100));
    const answered = performance.now();
    await turn?.release();
    await (await waiting)?.release();
    // Not while the first was on the wire, and a full interval after its answer.
    expect(performance.now() - answered).toBeGreaterThanOrEqual(195);
    expect(performance.now() - asked).toBeGreaterThanOrEqual(295);
  });

  it('keeps other paths apart', async () => {
    const schedule = createSharedPacingSchedule({ dir, kind: 'serve' });
    const turn = await schedule.claim(LANE, 1000, never());
    const other = await schedule.claim('http://127.0.0.1:21337/static-decklist', 1000, never());
    expect(other).not.toBeNull();
    await Promise.all([turn?.release(), other?.release()]);
  });

  it('takes over the lane of a process that is gone, and waits for one that runs until cancelled', async () => {
    const holder = createSharedPacingSchedule({ dir, kind: 'serve', pid: 4_000_000 });
    await holder.claim(LANE, 10, never());
    // The holder's process exited without releasing.
    const afterExit = createSharedPacingSchedule({ dir, kind: 'serve', isRunning: () => false });
    expect(await afterExit.claim(LANE, 10, never())).not.toBeNull();

    const stillRunning = createSharedPacingSchedule({ dir, kind: 'serve', isRunning: () => true });
    const cancel = new AbortController();
    setTimeout(() => cancel.abort(), 100);
    expect(await stillRunning.claim(LANE, 10, cancel.signal)).toBeNull();
  });

  it('takes over a lock left empty by a process killed while writing it, but not one being written', async () => {
    const name = laneLockName();
    const schedule = createSharedPacingSchedule({ dir, kind: 'serve' });
    await (await schedule.claim(LANE, 0, never()))?.release();
    const lock = join(dir, name);

    await writeFile(lock, '');
    const cancel = new AbortController();
    setTimeout(() => cancel.abort(), 200);
    expect(await schedule.claim(LANE, 0, cancel.signal)).toBeNull();

    const longAgo = (Date.now() - 10_000) / 1000;
    await utimes(lock, longAgo, longAgo);
    const turn = await schedule.claim(LANE, 0, never());
    expect(turn).not.toBeNull();
    await turn?.release();
  });

  it('takes over a lock held far longer than any request, whoever holds it', async () => {
    let now = Date.now();
    const holder = createSharedPacingSchedule({ dir, kind: 'serve', now: () => now });
    await holder.claim(LANE, 10, never());
    now += 61_000;
    const later = createSharedPacingSchedule({ dir, kind: 'serve', now: () => now, isRunning: () => true });
    expect(await later.claim(LANE, 10, never())).not.toBeNull();
  });

  it('frees the lane when cancelled while waiting out the interval', async () => {
    const schedule = createSharedPacingSchedule({ dir, kind: 'serve' });
    await (await schedule.claim(LANE, 60_000, never()))?.release();
    const cancel = new AbortController();
    setTimeout(() => cancel.abort(), 50);
    expect(await schedule.claim(LANE, 60_000, cancel.signal)).toBeNull();
    expect((await readdir(dir)).filter((name) => name.endsWith('.lock'))).toEqual([]);
  });

  it(
    'answers a claim cancelled before its wait at once, not after the interval',
    { timeout: 5000 },
    async () => {
      const schedule = createSharedPacingSchedule({ dir, kind: 'serve' });
      await (await schedule.claim(LANE, 60_000, never()))?.release();
      const cancelled = new AbortController();
      cancelled.abort();
      expect(await schedule.claim(LANE, 60_000, cancelled.signal)).toBeNull();
      expect((await readdir(dir)).filter((name) => name.endsWith('.lock'))).toEqual([]);
    },
  );

  it('gives the turn only once its own clock says the interval and the written time’s grain have passed, however early its timers fire', async () => {
    const answeredAt = 1_000_000;
    await (
      await createSharedPacingSchedule({ dir, kind: 'serve', now: () => answeredAt }).claim(
        LANE,
        100,
        never(),
      )
    )?.release();
    // The second process's clock stands 5 ms short of the interval and moves 1 ms per 10 ms of its timers.
    let clock = answeredAt + 95;
    const ticking = setInterval(() => (clock += 1), 10);
    try {
      const second = createSharedPacingSchedule({ dir, kind: 'serve', now: () => clock });
      const turn = await second.claim(LANE, 100, never());
      expect(clock).toBeGreaterThanOrEqual(answeredAt + 100 + 1);
      await turn?.release();
    } finally {
      clearInterval(ticking);
    }
  });

  it('waits no longer than one interval for an answer time in the future (a clock set back)', async () => {
    const schedule = createSharedPacingSchedule({ dir, kind: 'serve', now: () => Date.now() + 3_600_000 });
    await (await schedule.claim(LANE, 100, never()))?.release();
    const started = performance.now();
    await (await createSharedPacingSchedule({ dir, kind: 'serve' }).claim(LANE, 100, never()))?.release();
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('leaves a process its own schedule when the folder cannot be used', async () => {
    const file = join(dir, 'not-a-folder');
    await writeFile(file, '');
    const schedule = createSharedPacingSchedule({ dir: join(file, 'schedule'), kind: 'serve' });
    const turn = await schedule.claim(LANE, 1000, never());
    expect(turn).not.toBeNull();
    await turn?.release();
  });
});

describe('who else asks a path', () => {
  const OTHER_PID = 4_000_001;

  it('tells another running process which paths it asked, its kind, pid and since when; never itself', async () => {
    let now = 1_000_000;
    const serve = createSharedPacingSchedule({ dir, kind: 'serve', now: () => now, isRunning: () => true });
    const doctor = createSharedPacingSchedule({
      dir,
      kind: 'doctor',
      now: () => now,
      pid: OTHER_PID,
      isRunning: () => true,
    });
    await (await serve.claim(LANE, 0, never()))?.release();
    now += 900;
    await (await serve.claim(LANE, 0, never()))?.release();
    now += 1200;
    await (await serve.claim(LANE, 0, never()))?.release();

    expect(await doctor.otherAskers(5000)).toEqual([
      { lane: LANE, pid: process.pid, kind: 'serve', since: 1_000_000, at: 1_002_100 },
    ]);
    expect(await serve.otherAskers(5000)).toEqual([]);
    now += 5001;
    expect(await doctor.otherAskers(5000)).toEqual([]);
  });

  it('names a process still waiting for its turn at a path as asking it, however long the others hold it', async () => {
    let now = 1_000_000;
    const holder = createSharedPacingSchedule({ dir, kind: 'doctor', now: () => now, isRunning: () => true });
    const serve = createSharedPacingSchedule({
      dir,
      kind: 'serve',
      now: () => now,
      pid: OTHER_PID,
      isRunning: () => true,
    });
    const turn = await holder.claim(LANE, 0, never());
    const waiting = serve.claim(LANE, 0, never());
    // The others keep the path for 8 s (their turns one after another): serve has had no answer in that time.
    for (let second = 0; second < 8; second += 1) {
      now += 1_000;
      await new Promise((resolve) => setTimeout(resolve, 60));
    }
    await expect
      .poll(async () => (await holder.otherAskers(5000)).map(({ kind, at }) => ({ kind, at })))
      .toEqual([{ kind: 'serve', at: now }]);
    await turn?.release();
    await (await waiting)?.release();
  });

  it('never shows another process a half-written record of what it asks, while it rewrites it', async () => {
    let now = 1_000_000;
    const serve = createSharedPacingSchedule({ dir, kind: 'serve', now: () => now, isRunning: () => true });
    const doctor = createSharedPacingSchedule({ dir, kind: 'doctor', now: () => now, pid: OTHER_PID });
    await (await serve.claim(LANE, 0, never()))?.release();
    let asking = true;
    // serve rewrites its record every second it asks; doctor reads it meanwhile, as a doctor run beside it does.
    const serving = (async () => {
      for (let turn = 0; turn < 200; turn += 1) {
        now += 1_000;
        await (await serve.claim(LANE, 0, never()))?.release();
      }
      asking = false;
    })();
    const missed: number[] = [];
    for (let read = 0; asking; read += 1) {
      if ((await doctor.otherAskers(5000)).length !== 1) missed.push(read);
    }
    await serving;
    expect(missed).toEqual([]);
  });

  it('counts a path asked again after a pause as asked since then', async () => {
    let now = 1_000_000;
    const serve = createSharedPacingSchedule({ dir, kind: 'serve', now: () => now });
    const other = createSharedPacingSchedule({ dir, kind: 'replay', now: () => now, pid: OTHER_PID });
    await (await serve.claim(LANE, 0, never()))?.release();
    now += 60_000;
    await (await serve.claim(LANE, 0, never()))?.release();
    expect((await other.otherAskers(5000)).map((asker) => asker.since)).toEqual([1_060_000]);
  });

  it('names a process that exited since it asked, and removes its file when a process starts using the folder', async () => {
    const gone = createSharedPacingSchedule({ dir, kind: 'doctor', pid: OTHER_PID });
    await (await gone.claim(LANE, 0, never()))?.release();
    // A `doctor` run that ended a moment ago still asked in the last few seconds.
    const afterExit = createSharedPacingSchedule({
      dir,
      kind: 'serve',
      isRunning: (pid) => pid !== OTHER_PID,
    });
    expect((await afterExit.otherAskers(5000)).map((asker) => asker.kind)).toEqual(['doctor']);
    await (await afterExit.claim('http://127.0.0.1:21337/static-decklist', 0, never()))?.release();
    expect(await readdir(dir)).not.toContain(`asker-${OTHER_PID}.json`);
    expect(await afterExit.otherAskers(5000)).toEqual([]);
  });
});

describe('files nobody uses', () => {
  const DAY = 24 * 60 * 60_000;
  const lanes = {
    old: 'a'.repeat(32),
    fresh: 'b'.repeat(32),
    held: 'c'.repeat(32),
    deadLock: 'd'.repeat(32),
  };

  const age = async (name: string, ms: number): Promise<void> => {
    const at = (Date.now() - ms) / 1000;
    await utimes(join(dir, name), at, at);
  };

  beforeEach(async () => {
    await writeFile(join(dir, `${lanes.old}.last`), '1');
    await age(`${lanes.old}.last`, 2 * DAY);
    await writeFile(join(dir, `${lanes.fresh}.last`), String(Date.now()));
    // A lane another process is asking right now, its last answer two days old: its files are its own.
    await writeFile(join(dir, `${lanes.held}.last`), '1');
    await age(`${lanes.held}.last`, 2 * DAY);
    await writeFile(join(dir, `${lanes.held}.lock`), `${process.pid} ${Date.now()}`);
    // A lock a killed process left on a lane never asked again.
    await writeFile(join(dir, `${lanes.deadLock}.lock`), `4000002 ${Date.now() - 2 * DAY}`);
    await age(`${lanes.deadLock}.lock`, 2 * DAY);
  });

  it('are removed when a process starts using the folder, but not those in use', async () => {
    const schedule = createSharedPacingSchedule({ dir, kind: 'serve', pid: 4_000_003 });
    await (await schedule.claim(LANE, 0, never()))?.release();
    const names = await readdir(dir);
    expect(names).not.toContain(`${lanes.old}.last`);
    expect(names).not.toContain(`${lanes.deadLock}.lock`);
    expect(names).toEqual(
      expect.arrayContaining([`${lanes.fresh}.last`, `${lanes.held}.last`, `${lanes.held}.lock`]),
    );
    // Only the lock of the lane cleared goes with it: nothing left locked.
    expect(names.filter((name) => name.startsWith(lanes.old))).toEqual([]);
  });

  it('leaves the folder its owner’s alone (0700)', async () => {
    const shared = join(dir, 'shared');
    await mkdir(shared, { mode: 0o755 });
    await chmod(shared, 0o755);
    const schedule = createSharedPacingSchedule({ dir: shared, kind: 'serve' });
    await (await schedule.claim(LANE, 0, never()))?.release();
    expect((await stat(shared)).mode & 0o777).toBe(0o700);
  });
});
