import { access, chmod, mkdir, mkdtemp, readdir, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { findRunningInstance } from '../platform/instance/runningInstance';
import { createMemorySecretStore } from '../platform/secrets/secretStore';
import { readEnvironment } from '../platform/settings/environment';
import { startCore, type CoreOptions } from './startCore';

const coreOptions = (root: string, dataDir: string, mode: CoreOptions['mode']): CoreOptions => ({
  mode,
  dataDir,
  env: readEnvironment({ SIGHTLINE_HOST_PORT: '0' }),
  variables: {},
  rendererDir: root,
  resourcesDir: fileURLToPath(new URL('../../../resources', import.meta.url)),
  secretStore: createMemorySecretStore(),
  log: () => undefined,
});

/** Everything under `folder` that group or others may read, enter or write, as "path mode". */
async function looseEntries(folder: string): Promise<string[]> {
  const loose: string[] = [];
  for (const entry of await readdir(folder, { withFileTypes: true, recursive: true })) {
    const path = join(entry.parentPath, entry.name);
    const mode = (await stat(path)).mode & 0o777;
    if ((mode & 0o077) !== 0) loose.push(`${path.slice(folder.length + 1)} ${mode.toString(8)}`);
  }
  return loose;
}

async function waitForFile(path: string): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    if (
      await access(path).then(
        () => true,
        () => false,
      )
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${path} was never written`);
}

describe.skipIf(process.platform === 'win32')('the data folder', () => {
  it('is the owner’s alone, and so is every file the core writes there', async () => {
    const root = await mkdtemp(join(tmpdir(), 'sightline-core-'));
    const dataDir = join(root, 'data');
    // As an older version left it: a 0755 folder with a 0644 settings file.
    await mkdir(dataDir);
    await chmod(dataDir, 0o755);
    await writeFile(join(dataDir, 'settings.json'), '{}\n');
    await chmod(join(dataDir, 'settings.json'), 0o644);

    const core = await startCore(coreOptions(root, dataDir, 'browser'));
    try {
      const saved = [
        await core.router('settings.update', { live: { pollIntervalMs: 1500 } }),
        await core.router('replay.sequences.save', { name: 'intro', sequence: {} }),
        await core.router('webApi.key.set', {
          key: 'RGAPI-11111111-2222-3333-4444-555555555555',
          kind: 'development',
        }),
      ];
      expect(saved.map((result) => result.ok)).toEqual([true, true, true]);
      await waitForFile(join(dataDir, 'history.db-wal'));
      await waitForFile(join(dataDir, 'tournaments.db-wal'));

      expect(await looseEntries(dataDir)).toEqual([]);
      expect((await stat(dataDir)).mode & 0o777).toBe(0o700);
      const names = await readdir(dataDir);
      for (const name of ['settings.json', 'history.db', 'history.db-shm', 'tournaments.db', 'web-api-key']) {
        expect(names).toContain(name);
      }
    } finally {
      await core.stop();
    }
  });
});

describe('one core per data folder', () => {
  it('registers the core as the folder’s primary, refuses a second one naming it, and frees the folder at stop', async () => {
    const root = await mkdtemp(join(tmpdir(), 'sightline-core-'));
    const dataDir = join(root, 'data');
    const first = await startCore(coreOptions(root, dataDir, 'browser'));
    let stopped = false;
    try {
      const running = await findRunningInstance(dataDir);
      expect(running).toMatchObject({
        pid: process.pid,
        kind: 'serve',
        origin: `http://127.0.0.1:${first.host.port}`,
      });
      await expect(startCore(coreOptions(root, dataDir, 'desktop'))).rejects.toThrow(
        `another Sightline already runs on this data folder: serve (pid ${process.pid}, since ${running?.since})`,
      );
      // The refused one left the running one registered and serving.
      expect(await findRunningInstance(dataDir)).toEqual(running);
      expect((await first.router('settings.get', {})).ok).toBe(true);
      await first.stop();
      stopped = true;
      expect(await findRunningInstance(dataDir)).toBeNull();
      const next = await startCore(coreOptions(root, dataDir, 'desktop'));
      expect(await findRunningInstance(dataDir)).toMatchObject({ kind: 'app' });
      await next.stop();
    } finally {
      if (!stopped) await first.stop();
    }
  });
});

describe('the locale pages write dates and numbers in', () => {
  it('is the system’s the desktop app reports, and none in browser mode, where each browser has its own', async () => {
    const root = await mkdtemp(join(tmpdir(), 'sightline-core-'));
    const desktop = await startCore({
      ...coreOptions(root, join(root, 'desktop'), 'desktop'),
      systemLocale: 'de-DE',
    });
    try {
      expect(await desktop.router('app.info', {})).toMatchObject({ ok: true, value: { locale: 'de-DE' } });
    } finally {
      await desktop.stop();
    }
    const browser = await startCore({
      ...coreOptions(root, join(root, 'browser'), 'browser'),
      systemLocale: 'de-DE',
    });
    try {
      expect(await browser.router('app.info', {})).toMatchObject({ ok: true, value: { locale: null } });
    } finally {
      await browser.stop();
    }
  });
});
