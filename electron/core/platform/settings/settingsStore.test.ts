import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { initialAppState, type AppState } from '@shared/contract';
import { createDataFolderStatus } from '../dataFolder/dataFolderStatus';
import { StateHub } from '../hub/stateHub';
import { createLogger, silentLogger } from '../log/logger';
import { readOnlyFolder } from '../../tools/testkit/readOnlyFolder';
import { readEnvironment } from './environment';
import { SettingsStore } from './settingsStore';

const noOverrides = readEnvironment({});
const AT = Date.UTC(2026, 10, 25, 21, 5, 1);

async function tempFile(): Promise<string> {
  return join(await mkdtemp(join(tmpdir(), 'settings-')), 'settings.json');
}

describe('SettingsStore', () => {
  it('starts from defaults and persists an update', async () => {
    const file = await tempFile();
    const store = await SettingsStore.open(file, noOverrides, silentLogger);
    await store.update({ card: { port: 4242 } });
    const reopened = await SettingsStore.open(file, noOverrides, silentLogger);
    expect(reopened.effective.card.port).toBe(4242);
    expect(reopened.effective.live.pollIntervalMs).toBe(1000);
  });

  it('refuses an invalid update and keeps what was saved', async () => {
    const file = await tempFile();
    const store = await SettingsStore.open(file, noOverrides, silentLogger);
    await store.update({ card: { port: 4242 } });
    await expect(store.update({ live: { pollIntervalMs: 100 } })).rejects.toThrow(/Invalid settings/);
    expect(JSON.parse(await readFile(file, 'utf8')).card.port).toBe(4242);
  });

  it('moves a file cut mid-write aside, bytes and all, and starts from defaults', async () => {
    const file = await tempFile();
    const before = await SettingsStore.open(file, noOverrides, silentLogger);
    await before.update({ card: { port: 4242 } });
    const whole = await readFile(file);
    // The first half of a real file, as a crash mid-write without the atomic rename would leave it.
    const cut = whole.subarray(0, Math.floor(whole.length / 2));
    await writeFile(file, cut);

    const store = await SettingsStore.open(file, noOverrides, silentLogger, { now: () => AT });

    expect(store.movedAside).toEqual({
      problem: expect.stringMatching(/^not valid JSON: /),
      movedTo: `${file}.corrupt-20261125T210501Z`,
    });
    expect(store.loadProblem).toMatch(/not valid JSON.*moved to .*settings\.json\.corrupt-20261125T210501Z/);
    expect(await readFile(`${file}.corrupt-20261125T210501Z`)).toEqual(cut);
    expect(await readdir(join(file, '..'))).toEqual(['settings.json.corrupt-20261125T210501Z']);
    expect(store.effective.card.port).toBe(21337);
    // The next save writes a new file; the moved copy stays as it was.
    await store.update({ card: { port: 5151 } });
    expect(JSON.parse(await readFile(file, 'utf8')).card.port).toBe(5151);
    expect(await readFile(`${file}.corrupt-20261125T210501Z`)).toEqual(cut);
  });

  it('moves a file with an out-of-range value aside and names the value by its path', async () => {
    const file = await tempFile();
    const text = JSON.stringify({ live: { pollIntervalMs: 10 } });
    await writeFile(file, text);
    const store = await SettingsStore.open(file, noOverrides, silentLogger, { now: () => AT });
    expect(store.movedAside?.problem).toMatch(/^invalid value at live\.pollIntervalMs: /);
    expect(store.loadProblem).toMatch(/live\.pollIntervalMs/);
    expect(await readFile(`${file}.corrupt-20261125T210501Z`, 'utf8')).toBe(text);
    expect(store.effective.live.pollIntervalMs).toBe(1000);
  });

  it('applies environment overrides without saving them', async () => {
    const file = await tempFile();
    const env = readEnvironment({
      SIGHTLINE_LIVE_URL: 'https://127.0.0.1:9999/',
      SIGHTLINE_HOST_PORT: '5000',
    });
    const store = await SettingsStore.open(file, env, silentLogger);
    expect(store.effective.live.url).toBe('https://127.0.0.1:9999');
    expect(store.view.overridden).toEqual(['live.url', 'host.port']);
    await store.update({ card: { port: 1 } });
    expect(JSON.parse(await readFile(file, 'utf8')).live.url).toBe('https://127.0.0.1:2999');
  });
});

describe('settings from before the first-run guide and background sync', () => {
  it('a fresh data folder gets the guide; background sync stays off until the user says yes', async () => {
    const store = await SettingsStore.open(await tempFile(), noOverrides, silentLogger);
    expect(store.effective.firstRun).toEqual({ dismissed: false });
    expect(store.effective.staticData).toEqual({
      region: 'na',
      autoSync: false,
      locale: null,
      cardVersion: null,
    });
  });

  it('an older file loads with new defaults, and its owner is not shown the guide again', async () => {
    const file = await tempFile();
    await writeFile(file, JSON.stringify({ schemaVersion: 1, staticData: { region: 'euw' } }));
    const store = await SettingsStore.open(file, noOverrides, silentLogger);
    expect(store.loadProblem).toBeNull();
    expect(store.effective.firstRun).toEqual({ dismissed: true });
    expect(store.effective.staticData).toEqual({
      region: 'euw',
      autoSync: false,
      locale: null,
      cardVersion: null,
    });
    // Saved as it was read: the next start sees the guide dismissed, and a patch keeps the region.
    await store.update({ staticData: { autoSync: true, locale: 'de_de' } });
    const saved = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
    expect(saved.firstRun).toEqual({ dismissed: true });
    expect(saved.staticData).toEqual({ region: 'euw', autoSync: true, locale: 'de_de', cardVersion: null });
  });

  it('a file that says the guide is still to come keeps it so; an unknown locale is refused', async () => {
    const file = await tempFile();
    await writeFile(file, JSON.stringify({ firstRun: { dismissed: false } }));
    const store = await SettingsStore.open(file, noOverrides, silentLogger);
    expect(store.effective.firstRun.dismissed).toBe(false);
    await store.update({ firstRun: { dismissed: true } });
    expect((await SettingsStore.open(file, noOverrides, silentLogger)).effective.firstRun.dismissed).toBe(
      true,
    );
    await expect(store.update({ staticData: { locale: 'xx_yy' as 'en_us' } })).rejects.toThrow(
      /card game locale/,
    );
  });
});

describe('readEnvironment', () => {
  it('explains a bad value', () => {
    expect(() => readEnvironment({ SIGHTLINE_HOST_PORT: 'abc' })).toThrow(
      /SIGHTLINE_HOST_PORT must be a port/,
    );
    expect(() => readEnvironment({ SIGHTLINE_LIVE_URL: 'ftp://x' })).toThrow(/SIGHTLINE_LIVE_URL/);
    expect(() => readEnvironment({ SIGHTLINE_HOST_TOKEN: 'short' })).toThrow(/SIGHTLINE_HOST_TOKEN/);
  });
});

describe('SettingsStore.update', () => {
  it('changes only the fields a patch names, keeping saved neighbours', async () => {
    const file = await tempFile();
    const store = await SettingsStore.open(file, noOverrides, silentLogger);
    await store.update({ live: { url: 'https://127.0.0.1:3000' } });
    await store.update({ live: { pollIntervalMs: 2000 } });
    expect(store.effective.live).toEqual({ url: 'https://127.0.0.1:3000', pollIntervalMs: 2000 });
  });

  it('keeps every change of updates sent at once, whichever write finishes first', async () => {
    const file = await tempFile();
    const written: string[] = [];
    let writes = 0;
    const store = await SettingsStore.open(file, noOverrides, silentLogger, {
      // The first write is the slowest: on a busy disk a later one may finish first.
      writeFile: async (_path, data) => {
        const delay = writes === 0 ? 60 : 0;
        writes += 1;
        await new Promise((resolve) => setTimeout(resolve, delay));
        written.push(data);
      },
    });
    await Promise.all([
      store.update({ live: { url: 'https://127.0.0.1:3000' } }),
      store.update({ card: { port: 5001 } }),
      store.update({ live: { pollIntervalMs: 2000 } }),
    ]);
    expect(store.effective.live).toEqual({ url: 'https://127.0.0.1:3000', pollIntervalMs: 2000 });
    expect(store.effective.card.port).toBe(5001);
    const last = JSON.parse(written.at(-1) ?? '{}') as { live: object; card: { port: number } };
    expect(last.live).toEqual({ url: 'https://127.0.0.1:3000', pollIntervalMs: 2000 });
    expect(last.card.port).toBe(5001);
  });

  it('goes on with the next update after one is refused', async () => {
    const store = await SettingsStore.open(await tempFile(), noOverrides, silentLogger);
    const refused = store.update({ card: { port: -1 } });
    const next = store.update({ card: { port: 5002 } });
    await expect(refused).rejects.toThrow(/Invalid settings/);
    await expect(next).resolves.toBeDefined();
    expect(store.effective.card.port).toBe(5002);
  });
});

describe('global shortcuts in the settings', () => {
  it('refuses one key for a replay command and the overlay toggle, and keeps what was saved', async () => {
    const file = await tempFile();
    const store = await SettingsStore.open(file, noOverrides, silentLogger);
    await store.update({ desktop: { shortcuts: { toggleOverlays: 'Ctrl+Alt+H' } } });

    await expect(store.update({ replay: { hotkeys: { 'speed-up': 'ctrl+alt+h' } } })).rejects.toThrow(
      'Invalid settings: Control+Alt+H is already bound to "Hide / show every overlay"',
    );
    await expect(
      store.update({ desktop: { shortcuts: { toggleOverlays: 'Alt+Shift+Left' } } }),
    ).rejects.toThrow('Alt+Shift+Left is already bound to seek-back');
    const saved = JSON.parse(await readFile(file, 'utf8'));
    expect(saved.replay.hotkeys).toEqual({});
    expect(saved.desktop.shortcuts).toEqual({ toggleOverlays: 'Ctrl+Alt+H' });
    expect(store.effective.replay.hotkeys).toEqual({});
  });

  it('starts without the system, overlays on the primary display, until the user says otherwise', async () => {
    const file = await tempFile();
    const store = await SettingsStore.open(file, noOverrides, silentLogger);
    expect(store.effective.desktop).toEqual({
      overlayDisplayId: null,
      overlayArea: 'auto',
      startWithSystem: false,
      shortcuts: { toggleOverlays: 'Alt+Shift+O' },
    });
    await store.update({ desktop: { overlayDisplayId: 2 } });
    await store.update({ desktop: { startWithSystem: true } });
    const reopened = await SettingsStore.open(file, noOverrides, silentLogger);
    expect(reopened.effective.desktop).toMatchObject({ overlayDisplayId: 2, startWithSystem: true });
  });
});

describe('settings in a data folder that takes no writes', () => {
  it('keep every change in memory and say so once, however many saves fail', async () => {
    const folder = await readOnlyFolder(async (dir) => {
      await writeFile(join(dir, 'settings.json'), JSON.stringify({ card: { port: 4242 } }));
    });
    const file = join(folder.dir, 'settings.json');
    try {
      const lines: string[] = [];
      const logger = createLogger((line) => lines.push(line));
      const hub = new StateHub<AppState>(initialAppState(0));
      const dataFolder = createDataFolderStatus({ hub, logger, dataDir: folder.dir, now: () => AT });
      const store = await SettingsStore.open(file, noOverrides, logger, {
        writeFailed: dataFolder.writeFailed,
        writeFile: folder.writeFile,
      });
      const seen: number[] = [];
      store.onChange((settings) => seen.push(settings.card.port));

      for (const port of [5001, 5002, 5003]) {
        const view = await store.update({ card: { port } });
        expect(view.settings.card.port).toBe(port);
      }

      expect(store.effective.card.port).toBe(5003);
      expect(seen).toEqual([5001, 5002, 5003]);
      expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({ card: { port: 4242 } });
      expect(hub.state.dataFolder.writeProblem).toEqual({
        kind: 'read-only',
        message: expect.stringMatching(
          /cannot write to its data folder.*keeps running on what it has in memory/,
        ),
        since: AT,
      });
      expect(lines.filter((line) => line.includes('data folder cannot be written'))).toHaveLength(1);
    } finally {
      await folder.restore();
    }
  });

  it('still refuse a save that fails for another reason, keeping what was saved', async () => {
    const file = await tempFile();
    const hub = new StateHub<AppState>(initialAppState(0));
    const dataFolder = createDataFolderStatus({
      hub,
      logger: silentLogger,
      dataDir: join(file, '..'),
      now: () => AT,
    });
    const store = await SettingsStore.open(file, noOverrides, silentLogger, {
      writeFailed: dataFolder.writeFailed,
      writeFile: async () => {
        throw Object.assign(new Error('EIO: i/o error, write'), { code: 'EIO' });
      },
    });
    await expect(store.update({ card: { port: 5001 } })).rejects.toThrow(/EIO/);
    expect(store.effective.card.port).toBe(21337);
    expect(hub.state.dataFolder.writeProblem).toBeNull();
  });
});
