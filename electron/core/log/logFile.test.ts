import { once } from 'node:events';
import { chmod, mkdir, mkdtemp, readFile, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOG_FILE_NAME, openLogFile } from './logFile';

const modeOf = async (path: string): Promise<number> => (await stat(path)).mode & 0o777;

describe.skipIf(process.platform === 'win32')('openLogFile', () => {
  it('creates the data folder 0700 and the log 0600', async () => {
    const dataDir = join(await mkdtemp(join(tmpdir(), 'sightline-log-')), 'data');
    const log = await openLogFile(dataDir);
    log.end('one\n');
    await once(log, 'finish');
    expect(await modeOf(dataDir)).toBe(0o700);
    expect(await modeOf(join(dataDir, LOG_FILE_NAME))).toBe(0o600);
  });

  it('tightens a folder and log an older version left readable, and appends', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'sightline-log-'));
    await chmod(dataDir, 0o755);
    const file = join(dataDir, LOG_FILE_NAME);
    await writeFile(file, 'old\n');
    await chmod(file, 0o644);
    const log = await openLogFile(dataDir);
    log.end('new\n');
    await once(log, 'finish');
    expect(await modeOf(dataDir)).toBe(0o700);
    expect(await modeOf(file)).toBe(0o600);
    expect(await readFile(file, 'utf8')).toBe('old\nnew\n');
  });

  it('stops, never throws, when the log cannot be written, and says why', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'sightline-log-'));
    // Something in the way of the file: its open fails as a read-only folder's would, after the app started.
    await mkdir(join(dataDir, LOG_FILE_NAME));
    const errors: string[] = [];
    const log = await openLogFile(dataDir, (error) =>
      errors.push((error as NodeJS.ErrnoException).code ?? ''),
    );
    const closed = new Promise<void>((resolve) => log.on('close', () => resolve()));
    log.write('one\n');
    await closed;
    log.write('two\n');
    expect(errors[0]).toBe('EISDIR');
  });
});
