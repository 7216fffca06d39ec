import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { silentLogger } from '../log/logger';
import { readEnvironment } from './environment';
import { SettingsStore } from './settingsStore';

const noOverrides = readEnvironment({});

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

  it('keeps a broken file aside and starts from defaults', async () => {
    const file = await tempFile();
    await writeFile(file, '{"card": {"port": "nope"}');
    const store = await SettingsStore.open(file, noOverrides, silentLogger);
    expect(store.loadProblem).toMatch(/not valid JSON/);
    expect(store.effective.card.port).toBe(21337);
    const kept = (await readdir(join(file, '..'))).find((name) => name.includes('.invalid-'));
    expect(await readFile(join(file, '..', kept ?? 'missing'), 'utf8')).toBe('{"card": {"port": "nope"}');
  });

  it('reports an out-of-range value by its path', async () => {
    const file = await tempFile();
    await writeFile(file, JSON.stringify({ live: { pollIntervalMs: 10 } }));
    const store = await SettingsStore.open(file, noOverrides, silentLogger);
    expect(store.loadProblem).toMatch(/live\.pollIntervalMs/);
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
    expect(store.effective.staticData).toEqual({ region: 'na', autoSync: false, locale: null });
  });

  it('an older file loads with new defaults, and its owner is not shown the guide again', async () => {
    const file = await tempFile();
    await writeFile(file, JSON.stringify({ schemaVersion: 1, staticData: { region: 'euw' } }));
    const store = await SettingsStore.open(file, noOverrides, silentLogger);
    expect(store.loadProblem).toBeNull();
    expect(store.effective.firstRun).toEqual({ dismissed: true });
    expect(store.effective.staticData).toEqual({ region: 'euw', autoSync: false, locale: null });
    // Saved as it was read: the next start sees the guide dismissed, and a patch keeps the region.
    await store.update({ staticData: { autoSync: true, locale: 'de_de' } });
    const saved = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
    expect(saved.firstRun).toEqual({ dismissed: true });
    expect(saved.staticData).toEqual({ region: 'euw', autoSync: true, locale: 'de_de' });
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
});
