import { chmod, mkdir, mkdtemp, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOG_FILE_NAME, LOG_ROTATION, openLogFile } from './logFile';

const modeOf = async (path: string): Promise<number> => (await stat(path)).mode & 0o777;

/** Every log file in the folder (sightline.log and its rotations), by name, with its size. */
async function logFiles(dataDir: string): Promise<Map<string, number>> {
  const names = (await readdir(dataDir)).filter((name) => name.startsWith(LOG_FILE_NAME));
  const sizes = await Promise.all(names.map(async (name) => (await stat(join(dataDir, name))).size));
  return new Map(names.map((name, index) => [name, sizes[index] ?? 0]));
}

async function allLines(dataDir: string): Promise<string[]> {
  const texts = await Promise.all(
    [...(await logFiles(dataDir)).keys()].map((name) => readFile(join(dataDir, name), 'utf8')),
  );
  return texts.flatMap((text) => text.split('\n').filter((line) => line !== ''));
}

describe.skipIf(process.platform === 'win32')('openLogFile', () => {
  it('creates the data folder 0700 and the log 0600', async () => {
    const dataDir = join(await mkdtemp(join(tmpdir(), 'sightline-log-')), 'data');
    const log = await openLogFile(dataDir);
    log.write('one\n');
    log.end();
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
    log.write('new\n');
    log.end();
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
    log.write('one\n');
    log.write('two\n');
    expect(errors).toEqual(['EISDIR']);
  });

  it('rotates a log past 5 MB into sightline.log.1 … .4: the newest lines kept, never more than 25 MB in all', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'sightline-log-'));
    // A log already at its cap, from an earlier run.
    await writeFile(join(dataDir, LOG_FILE_NAME), `${'o'.repeat(1023)}\n`.repeat(5 * 1024));
    const log = await openLogFile(dataDir);
    const line = (index: number): string => `${String(index).padStart(8, '0')} ${'x'.repeat(1014)}\n`;
    const written = 26 * 1024;
    for (let index = 0; index < written; index += 1) log.write(line(index));
    log.end();

    const files = await logFiles(dataDir);
    expect([...files.keys()].sort()).toEqual(
      [LOG_FILE_NAME, ...[1, 2, 3, 4].map((index) => `${LOG_FILE_NAME}.${index}`)].sort(),
    );
    for (const size of files.values()) expect(size).toBeLessThanOrEqual(LOG_ROTATION.maxBytes);
    const total = [...files.values()].reduce((sum, size) => sum + size, 0);
    expect(total).toBeLessThanOrEqual(5 * LOG_ROTATION.maxBytes);
    expect(total).toBeGreaterThan(4 * LOG_ROTATION.maxBytes);
    // The last line written is the current log's last; the earliest ones went with the oldest file.
    const current = await readFile(join(dataDir, LOG_FILE_NAME), 'utf8');
    expect(current.endsWith(line(written - 1))).toBe(true);
    expect(await readFile(join(dataDir, `${LOG_FILE_NAME}.4`), 'utf8')).not.toContain('o'.repeat(1023));
  });

  it('two processes on one data folder (the app and `sightline serve`): one rotation at a time, no line lost or doubled', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'sightline-log-'));
    const rotation = { maxBytes: 4096, kept: 40 };
    const app = await openLogFile(dataDir, undefined, rotation);
    const cli = await openLogFile(dataDir, undefined, rotation);
    const expected: string[] = [];
    for (let index = 0; index < 600; index += 1) {
      const writer = index % 3 === 0 ? 'cli' : 'app';
      const text = `${writer} ${index} ${'-'.repeat(40)}`;
      (writer === 'cli' ? cli : app).write(`${text}\n`);
      expected.push(text);
      // Now and then the other writer notices a rotation only after a while, as a second process would.
      if (index % 200 === 199) await new Promise((resolve) => setTimeout(resolve, 1100));
    }
    app.end();
    cli.end();
    expect((await allLines(dataDir)).sort()).toEqual(expected.sort());
    const files = await logFiles(dataDir);
    expect(files.size).toBeGreaterThan(5);
    // Each file was rotated once, full: the writer that came second only followed to the new one.
    for (const [name, size] of files) {
      if (name !== LOG_FILE_NAME) expect(size, name).toBeGreaterThan(rotation.maxBytes - 100);
    }
    expect(files.has(`${LOG_FILE_NAME}.lock`)).toBe(false);
  }, 20_000);
});
