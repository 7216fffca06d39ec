import { spawnSync } from 'node:child_process';
import { mkdtemp, readdir, readFile, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  AnotherSightlineRunning,
  claimPrimary,
  findRunningInstance,
  INSTANCE_FILE,
  STALE_AFTER_MS,
} from './runningInstance';

const dataDir = (): Promise<string> => mkdtemp(join(tmpdir(), 'sightline-instance-'));
/** The pid of a process that has ended: a primary killed with kill -9. */
const endedPid = (): number => spawnSync(process.execPath, ['-e', '']).pid;

async function ageRecord(dir: string, byMs: number): Promise<void> {
  const past = new Date(Date.now() - byMs);
  await utimes(join(dir, INSTANCE_FILE), past, past);
}

describe('the primary of a data folder', () => {
  it('is found once its host listens, in an owner-only record, and is gone after release', async () => {
    const dir = await dataDir();
    const claim = await claimPrimary(dir, 'serve');
    // Still starting: the CLI works alone until there is an origin to send to.
    expect(await findRunningInstance(dir)).toBeNull();
    await claim.publish('http://127.0.0.1:4321');
    expect(await findRunningInstance(dir)).toEqual({
      pid: process.pid,
      kind: 'serve',
      since: claim.since,
      origin: 'http://127.0.0.1:4321',
    });
    expect((await stat(join(dir, INSTANCE_FILE))).mode & 0o777).toBe(0o600);
    await claim.release();
    expect(await findRunningInstance(dir)).toBeNull();
    expect(await readdir(dir)).toEqual([]);
  });

  it('refuses a second primary with a message naming the running one', async () => {
    const dir = await dataDir();
    const first = await claimPrimary(dir, 'app');
    await first.publish('http://127.0.0.1:4321');
    const second = claimPrimary(dir, 'serve');
    await expect(second).rejects.toBeInstanceOf(AnotherSightlineRunning);
    await expect(second).rejects.toThrow(
      `another Sightline already runs on this data folder: app (pid ${process.pid}, since ${first.since})`,
    );
    // The refused one left the running one's record alone.
    expect(await findRunningInstance(dir)).toMatchObject({ kind: 'app', pid: process.pid });
    await first.release();
  });

  it('takes over at once the record of a process that ended (kill -9)', async () => {
    const dir = await dataDir();
    const dead = await claimPrimary(dir, 'serve', { pid: endedPid() });
    await dead.publish('http://127.0.0.1:4321');
    expect(await findRunningInstance(dir)).toBeNull();
    const next = await claimPrimary(dir, 'serve');
    await next.publish('http://127.0.0.1:5555');
    expect(await findRunningInstance(dir)).toMatchObject({
      pid: process.pid,
      origin: 'http://127.0.0.1:5555',
    });
    // The ended one's release (it never comes, but if it did) leaves the new record alone.
    await dead.release();
    expect(await findRunningInstance(dir)).not.toBeNull();
    await next.release();
  });

  it('takes over a record whose heartbeat is older than STALE_AFTER_MS, even of a running process', async () => {
    const dir = await dataDir();
    const hung = await claimPrimary(dir, 'app');
    await hung.publish('http://127.0.0.1:4321');
    await hung.release();
    // As a hung primary leaves it: written by a running process, no longer touched.
    await writeFile(
      join(dir, INSTANCE_FILE),
      JSON.stringify({
        pid: process.pid,
        kind: 'app',
        since: hung.since,
        origin: 'http://127.0.0.1:4321',
        hostName: 'this-machine',
      }),
    );
    await ageRecord(dir, STALE_AFTER_MS - 1_000);
    expect(await findRunningInstance(dir, { hostName: 'this-machine' })).not.toBeNull();
    await ageRecord(dir, STALE_AFTER_MS + 500);
    expect(await findRunningInstance(dir, { hostName: 'this-machine' })).toBeNull();
    const next = await claimPrimary(dir, 'serve', { hostName: 'this-machine' });
    expect(JSON.parse(await readFile(join(dir, INSTANCE_FILE), 'utf8'))).toMatchObject({ kind: 'serve' });
    await next.release();
  });

  it('keeps its record fresh while it runs', async () => {
    const dir = await dataDir();
    const claim = await claimPrimary(dir, 'serve');
    await claim.publish('http://127.0.0.1:4321');
    await ageRecord(dir, STALE_AFTER_MS + 500);
    expect(await findRunningInstance(dir)).toBeNull();
    // The next heartbeat touches it again.
    await expect.poll(() => findRunningInstance(dir), { timeout: 3_000 }).not.toBeNull();
    await claim.release();
  });

  it('trusts the heartbeat alone for a primary on another machine sharing the folder', async () => {
    const dir = await dataDir();
    const elsewhere = await claimPrimary(dir, 'app', { pid: endedPid(), hostName: 'other-machine' });
    await elsewhere.publish('http://127.0.0.1:4321');
    await expect(claimPrimary(dir, 'serve')).rejects.toBeInstanceOf(AnotherSightlineRunning);
    await elsewhere.release();
  });

  it('takes over a record that is not one (damaged, or from no Sightline)', async () => {
    const dir = await dataDir();
    await writeFile(join(dir, INSTANCE_FILE), '{"pid":');
    expect(await findRunningInstance(dir)).toBeNull();
    const claim = await claimPrimary(dir, 'serve');
    expect(claim.registered).toBe(true);
    await claim.release();
  });
});
