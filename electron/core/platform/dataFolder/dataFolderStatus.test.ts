import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  describeKeptFiles,
  describeMovedAside,
  initialAppState,
  type AppState,
  type StateMessage,
} from '@shared/contract';
import { StateHub } from '../hub/stateHub';
import { createLogger } from '../log/logger';
import { createDataFolderStatus } from './dataFolderStatus';

const AT = Date.UTC(2026, 10, 25, 21, 5, 1);
const DATA = join('/home', 'someone', '.config', 'Sightline');

function setUp() {
  const hub = new StateHub<AppState>(initialAppState(0));
  const lines: string[] = [];
  const patches: StateMessage<AppState>[] = [];
  hub.subscribe((message) => patches.push(message));
  const status = createDataFolderStatus({
    hub,
    logger: createLogger((line) => lines.push(line)),
    dataDir: DATA,
    now: () => AT,
  });
  return { hub, lines, patches, status };
}

const failure = (code: string, cause?: Error): Error => Object.assign(new Error(code, { cause }), { code });

describe('a data folder that takes no writes', () => {
  it('is told once, by its first failed write, and the caller is told to go on in memory', () => {
    const { hub, lines, patches, status } = setUp();
    expect(status.writeFailed(failure('EROFS'), 'settings')).toBe(true);
    expect(status.writeFailed(failure('EACCES'), 'history')).toBe(true);
    expect(status.writeFailed(failure('ENOSPC'), 'the log')).toBe(true);

    expect(hub.state.dataFolder.writeProblem).toEqual({
      kind: 'read-only',
      message: expect.stringMatching(/^Sightline cannot write to its data folder/),
      since: AT,
    });
    // The snapshot, then one patch.
    expect(patches).toHaveLength(2);
    expect(lines.filter((line) => line.includes('data folder cannot be written'))).toHaveLength(1);
  });

  it('says a full disk in its own words, SQLite’s codes and wrapped errors included', () => {
    const { hub, status } = setUp();
    expect(status.writeFailed(new Error('history', { cause: failure('SQLITE_FULL') }), 'history')).toBe(true);
    expect(hub.state.dataFolder.writeProblem?.kind).toBe('full');
    expect(hub.state.dataFolder.writeProblem?.message).toMatch(/disk .* is full/);

    const other = setUp();
    expect(other.status.writeFailed(failure('SQLITE_READONLY_DBMOVED'), 'history')).toBe(true);
    expect(other.hub.state.dataFolder.writeProblem?.kind).toBe('read-only');
  });

  it('leaves any other failure to the caller and says nothing', () => {
    const { hub, patches, status } = setUp();
    expect(status.writeFailed(failure('EIO'), 'settings')).toBe(false);
    expect(status.writeFailed(failure('SQLITE_CORRUPT'), 'history')).toBe(false);
    expect(status.writeFailed('not even an error', 'history')).toBe(false);
    expect(hub.state.dataFolder.writeProblem).toBeNull();
    expect(patches).toHaveLength(1);
  });
});

describe('damaged files moved aside', () => {
  it('are named inside the data folder, never by their whole path', () => {
    const { hub, status } = setUp();
    status.movedAside({
      kind: 'sequences',
      path: join(DATA, 'sequences', 'Baron fight.json'),
      movedTo: join(DATA, 'sequences', 'Baron fight.json.corrupt-20261125T210501Z'),
      problem: 'not valid JSON (Unexpected end of JSON input)',
      reset: 'that sequence is no longer listed',
    });
    const [entry] = hub.state.dataFolder.movedAside;
    expect(entry).toEqual({
      kind: 'sequences',
      file: 'sequences/Baron fight.json',
      movedTo: 'sequences/Baron fight.json.corrupt-20261125T210501Z',
      problem: 'not valid JSON (Unexpected end of JSON input)',
      reset: 'that sequence is no longer listed',
      at: AT,
    });
    expect(JSON.stringify(hub.state.dataFolder)).not.toContain('someone');
  });

  it('read as what was reset, then what was kept', () => {
    const { hub, status } = setUp();
    status.movedAside({
      kind: 'settings',
      path: join(DATA, 'settings.json'),
      movedTo: join(DATA, 'settings.json.corrupt-20261125T210501Z'),
      problem: 'not valid JSON: Unexpected end of JSON input',
      reset: 'settings reset to defaults',
    });
    const moved = hub.state.dataFolder.movedAside;
    expect(moved.map(describeMovedAside)).toEqual([
      'settings.json was unreadable (not valid JSON: Unexpected end of JSON input): moved to settings.json.corrupt-20261125T210501Z; settings reset to defaults.',
    ]);
    expect(describeKeptFiles(moved)).toBe(
      'Kept as they were: game history, tournaments, saved sequences and downloaded game data.',
    );

    status.movedAside({
      kind: 'sequences',
      path: join(DATA, 'sequences', 'a.json'),
      movedTo: null,
      problem: 'not valid JSON',
      reset: 'that sequence is no longer listed',
    });
    status.movedAside({
      kind: 'history',
      path: join(DATA, 'history.db'),
      movedTo: join(DATA, 'history.db.corrupt-20261125T210501Z'),
      problem: 'file is not a database',
      reset: 'game history starts empty',
    });
    const all = hub.state.dataFolder.movedAside;
    expect(all.map(describeMovedAside)[1]).toBe(
      'sequences/a.json was unreadable (not valid JSON): left where it is (the data folder cannot be written); that sequence is no longer listed.',
    );
    expect(describeKeptFiles(all)).toBe(
      'Kept as they were: tournaments, the other saved sequences and downloaded game data.',
    );
  });
});
