import { describe, expect, it } from 'vitest';
import type { StaticDataSyncProgress } from '@shared/contract';
import { createProgressTracker } from './syncProgress';

describe('createProgressTracker', () => {
  it('counts files and bytes of the same files: a file not fetched leaves both', () => {
    const events: StaticDataSyncProgress[] = [];
    const tracker = createProgressTracker(
      (progress) => events.push(progress),
      () => 0,
    );
    tracker.planFiles(3);
    const [bundle, image, missing] = [tracker.plannedFile(), tracker.plannedFile(), tracker.plannedFile()];

    // Not under latest/ (a 404, no bytes), then found in the version folder.
    bundle.startFile('latest/set9-lite-en_us.zip');
    const second = bundle.startFile('5_4_0/set9-lite-en_us.zip');
    second.bytes(400, 1000);
    expect(tracker.snapshot()).toMatchObject({
      filesDone: 0,
      filesTotal: 3,
      bytesDone: 400,
      bytesTotal: 1000,
    });
    second.bytes(1000, 1000);
    second.done();
    bundle.settle(true);

    // Cut short after 30 of 80 bytes: its bytes go as the file goes.
    image.startFile('cdn/img/a.png').bytes(30, 80);
    image.settle(false);
    missing.startFile('latest/set2-lite-en_us.zip');
    missing.settle(false);

    expect(tracker.snapshot()).toMatchObject({
      filesDone: 1,
      filesTotal: 1,
      bytesDone: 1000,
      bytesTotal: 1000,
    });
    expect(events.at(-1)).toEqual(tracker.snapshot());
  });

  it('names no file of the arena stage once the cards stage has begun', () => {
    const events: StaticDataSyncProgress[] = [];
    const tracker = createProgressTracker(
      (progress) => events.push(progress),
      () => 0,
    );
    tracker.phase('downloading', 'arena');
    tracker.planFiles(1);
    const champion = tracker.plannedFile();
    champion.startFile('cdn/14.1.2/data/en_US/champion/Leona.json').done();
    champion.settle(true);
    tracker.phase('indexing', 'arena');
    expect(tracker.snapshot()).toMatchObject({
      stage: 'arena',
      current: 'cdn/14.1.2/data/en_US/champion/Leona.json',
    });
    tracker.phase('downloading', 'cards');
    expect(events.at(-1)).toMatchObject({ stage: 'cards', phase: 'downloading', current: null });
  });

  it('a kept file keeps only its finished transfer: a cut first attempt does not count', () => {
    const tracker = createProgressTracker(
      () => undefined,
      () => 0,
    );
    tracker.planFiles(1);
    const file = tracker.plannedFile();
    file.startFile('try 1').bytes(50, 100);
    const retry = file.startFile('try 2');
    retry.bytes(100, 100);
    retry.done();
    file.settle(true);
    file.settle(false);
    expect(tracker.snapshot()).toMatchObject({
      filesDone: 1,
      filesTotal: 1,
      bytesDone: 100,
      bytesTotal: 100,
    });
  });
});
