import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createGameCfgHandlers } from '../../core/features/replay/gameCfg/gameCfgHandlers';
import { nodeGameCfgLocatorDeps } from '../../core/features/replay/gameCfg/gameCfgLocator';
import { FakeBrowserWindow, FakeDialog } from '../tools/testkit/fakeElectron';
import { createGameCfgPicker } from './gameCfgPicker';

const noWindow = () => null;

afterEach(() => FakeBrowserWindow.reset());

describe('the game.cfg picker', () => {
  it('opens a game.cfg chooser over the focused window and hands back the chosen file', async () => {
    const dialog = new FakeDialog();
    const window = new FakeBrowserWindow({} as never);
    const pick = createGameCfgPicker({ dialog, focusedWindow: () => window });
    dialog.answer = ['C:\\Riot Games\\League of Legends\\Config\\game.cfg'];

    expect(await pick('file')).toEqual(['C:\\Riot Games\\League of Legends\\Config\\game.cfg']);
    const [opened] = dialog.opened;
    expect(opened?.parent).toBe(window);
    expect(opened?.options.properties).toContain('openFile');
    expect(opened?.options.properties).not.toContain('openDirectory');
    expect(opened?.options.filters).toEqual([{ name: 'game.cfg', extensions: ['cfg'] }]);
  });

  it('opens a folder chooser for the install folder, without a parent when no window has focus', async () => {
    const dialog = new FakeDialog();
    const pick = createGameCfgPicker({ dialog, focusedWindow: noWindow });
    dialog.answer = ['/Applications/League of Legends.app'];

    expect(await pick('folder')).toEqual(['/Applications/League of Legends.app']);
    expect(dialog.opened[0]?.parent).toBeNull();
    expect(dialog.opened[0]?.options.properties).toContain('openDirectory');
    expect(dialog.opened[0]?.options.properties).not.toContain('openFile');
  });

  it('answers null when the user cancels', async () => {
    const dialog = new FakeDialog();
    expect(await createGameCfgPicker({ dialog, focusedWindow: noWindow })('file')).toBeNull();
  });

  describe('wired into the core', () => {
    let dir: string | null = null;
    afterEach(async () => {
      if (dir) await rm(dir, { recursive: true, force: true });
    });

    it('lets main change the file the user chose, and only that one', async () => {
      dir = await mkdtemp(join(tmpdir(), 'sightline-picker-'));
      const cfg = join(dir, 'Config', 'game.cfg');
      await mkdir(join(dir, 'Config'));
      await writeFile(cfg, '[General]\n');
      const dialog = new FakeDialog();
      const handlers = createGameCfgHandlers({
        locatorDeps: nodeGameCfgLocatorDeps,
        pickGameCfg: createGameCfgPicker({ dialog, focusedWindow: noWindow }),
      });

      dialog.answer = [dir]; // The install folder: main tries its game.cfg places.
      const view = await handlers['replay.config.pick']({ target: 'folder' });
      expect(view.canPick).toBe(true);
      expect(view.candidates.find((candidate) => candidate.exists)?.path).toBe(cfg);
      await handlers['replay.config.set']({ path: cfg, enabled: true });
      expect(await readFile(cfg, 'utf8')).toBe('[General]\nEnableReplayApi=1\n');
    });
  });
});
