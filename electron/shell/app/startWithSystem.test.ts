import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FakeLoginItems } from '../tools/testkit/fakeElectron';
import {
  autostartDir,
  autostartEntry,
  createStartWithSystem,
  launchCommand,
  startsHidden,
} from './startWithSystem';

describe('start with the system on Linux (XDG autostart)', () => {
  it('writes an autostart entry that starts Sightline to the tray, and removes it when turned off', async () => {
    const dir = join(await mkdtemp(join(tmpdir(), 'autostart-')), 'config', 'autostart');
    const app = new FakeLoginItems();
    const start = createStartWithSystem({
      platform: 'linux',
      app,
      command: ['/opt/Sightline/sightline'],
      autostartDir: dir,
    });
    expect(await start.isOn()).toBe(false);
    await start.set(true);
    const entry = await readFile(join(dir, 'sightline.desktop'), 'utf8');
    expect(entry).toContain('[Desktop Entry]\nType=Application\nName=Sightline\n');
    expect(entry).toContain('\nExec="/opt/Sightline/sightline" "--hidden"\n');
    expect(await start.isOn()).toBe(true);
    // Electron's login items are not Linux's: untouched.
    expect(app.set).toEqual([]);

    await start.set(false);
    await expect(readFile(join(dir, 'sightline.desktop'))).rejects.toThrow(/ENOENT/);
    expect(await start.isOn()).toBe(false);
    await start.set(false);
  });

  it('reads an entry a desktop turned off (Hidden=true) as off', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'autostart-'));
    const start = createStartWithSystem({
      platform: 'linux',
      app: new FakeLoginItems(),
      command: ['/usr/bin/sightline'],
      autostartDir: dir,
    });
    await start.set(true);
    const entry = await readFile(join(dir, 'sightline.desktop'), 'utf8');
    await writeFile(join(dir, 'sightline.desktop'), `${entry}Hidden=true\n`);
    expect(await start.isOn()).toBe(false);
  });

  it('quotes the Exec line as the Desktop Entry spec asks', () => {
    expect(autostartEntry(['/home/a b/Sight$line "x"/app\\run', '100%'])).toContain(
      'Exec="/home/a b/Sight\\\\$line \\\\"x\\\\"/app\\\\\\\\run" "100%%"\n',
    );
    expect(() => autostartEntry(['/tmp/a\nb'])).toThrow(/line break/);
  });

  it('finds the autostart folder under XDG_CONFIG_HOME, or ~/.config when it is unset or relative', () => {
    expect(autostartDir({ XDG_CONFIG_HOME: '/x/conf' }, '/home/u')).toBe('/x/conf/autostart');
    expect(autostartDir({}, '/home/u')).toBe('/home/u/.config/autostart');
    expect(autostartDir({ XDG_CONFIG_HOME: 'rel' }, '/home/u')).toBe('/home/u/.config/autostart');
  });

  it('starts an AppImage by its own file, a packaged app by its executable, development with the app folder', () => {
    const base = { execPath: '/tmp/.mount_x/sightline', appPath: '/src/app', packaged: true };
    expect(launchCommand({ ...base, appImage: '/home/u/Sightline.AppImage' })).toEqual([
      '/home/u/Sightline.AppImage',
    ]);
    expect(launchCommand(base)).toEqual(['/tmp/.mount_x/sightline']);
    expect(launchCommand({ ...base, packaged: false })).toEqual(['/tmp/.mount_x/sightline', '/src/app']);
  });
});

describe('start with the system on Windows and macOS (login items)', () => {
  it('Windows: registers the executable with --hidden, and reads it back for that command', async () => {
    const app = new FakeLoginItems();
    const start = createStartWithSystem({
      platform: 'win32',
      app,
      command: ['C:\\Program Files\\Sightline\\Sightline.exe'],
      autostartDir: 'unused',
    });
    await start.set(true);
    expect(app.set).toEqual([
      { openAtLogin: true, path: 'C:\\Program Files\\Sightline\\Sightline.exe', args: ['--hidden'] },
    ]);
    expect(await start.isOn()).toBe(true);
    await start.set(false);
    expect(app.set.at(-1)?.openAtLogin).toBe(false);
    expect(await start.isOn()).toBe(false);
  });

  it('macOS: opens at login as hidden; the start then knows it came from the login', async () => {
    const app = new FakeLoginItems();
    const start = createStartWithSystem({
      platform: 'darwin',
      app,
      command: ['/Applications/S'],
      autostartDir: '',
    });
    await start.set(true);
    expect(app.set).toEqual([{ openAtLogin: true, openAsHidden: true }]);
    expect(await start.isOn()).toBe(true);
    expect(startsHidden(['/Applications/S'], app)).toBe(false);
    app.wasOpenedAtLogin = true;
    expect(startsHidden(['/Applications/S'], app)).toBe(true);
  });

  it('starts to the tray when started with --hidden (Windows, Linux), and opens the companion otherwise', () => {
    const app = new FakeLoginItems();
    expect(startsHidden(['sightline', '--hidden'], app)).toBe(true);
    expect(startsHidden(['sightline'], app)).toBe(false);
  });
});
