import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSharedPacingSchedule } from './sharedPacingSchedule';

const LANE = 'http://127.0.0.1:21337/positional-rectangles';
let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sightline-schedule-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const never = (): AbortSignal => new AbortController().signal;

describe('the schedule the processes share', () => {
  it('lets a second process ask a path only once the first was answered and the interval has passed', async () => {
    const first = createSharedPacingSchedule({ dir });
    const second = createSharedPacingSchedule({ dir });
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
    const schedule = createSharedPacingSchedule({ dir });
    const turn = await schedule.claim(LANE, 1000, never());
    const other = await schedule.claim('http://127.0.0.1:21337/static-decklist', 1000, never());
    expect(other).not.toBeNull();
    await Promise.all([turn?.release(), other?.release()]);
  });

  it('takes over the lane of a process that is gone, and waits for one that runs until cancelled', async () => {
    const holder = createSharedPacingSchedule({ dir, pid: 4_000_000 });
    await holder.claim(LANE, 10, never());
    // The holder's process exited without releasing.
    const afterExit = createSharedPacingSchedule({ dir, isRunning: () => false });
    expect(await afterExit.claim(LANE, 10, never())).not.toBeNull();

    const stillRunning = createSharedPacingSchedule({ dir, isRunning: () => true });
    const cancel = new AbortController();
    setTimeout(() => cancel.abort(), 100);
    expect(await stillRunning.claim(LANE, 10, cancel.signal)).toBeNull();
  });

  it('takes over a lock held far longer than any request, whoever holds it', async () => {
    let now = Date.now();
    const holder = createSharedPacingSchedule({ dir, now: () => now });
    await holder.claim(LANE, 10, never());
    now += 61_000;
    const later = createSharedPacingSchedule({ dir, now: () => now, isRunning: () => true });
    expect(await later.claim(LANE, 10, never())).not.toBeNull();
  });

  it('frees the lane when cancelled while waiting out the interval', async () => {
    const schedule = createSharedPacingSchedule({ dir });
    await (await schedule.claim(LANE, 60_000, never()))?.release();
    const cancel = new AbortController();
    setTimeout(() => cancel.abort(), 50);
    expect(await schedule.claim(LANE, 60_000, cancel.signal)).toBeNull();
    expect((await readdir(dir)).filter((name) => name.endsWith('.lock'))).toEqual([]);
  });

  it('waits no longer than one interval for an answer time in the future (a clock set back)', async () => {
    const schedule = createSharedPacingSchedule({ dir, now: () => Date.now() + 3_600_000 });
    await (await schedule.claim(LANE, 100, never()))?.release();
    const started = performance.now();
    await (await createSharedPacingSchedule({ dir }).claim(LANE, 100, never()))?.release();
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('leaves a process its own schedule when the folder cannot be used', async () => {
    const file = join(dir, 'not-a-folder');
    await writeFile(file, '');
    const schedule = createSharedPacingSchedule({ dir: join(file, 'schedule') });
    const turn = await schedule.claim(LANE, 1000, never());
    expect(turn).not.toBeNull();
    await turn?.release();
  });
});
