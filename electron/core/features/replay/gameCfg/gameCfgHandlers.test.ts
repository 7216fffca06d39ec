import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppRequestError, type GameCfgPickTarget } from '@shared/contract';
import { createGameCfgHandlers, PICK_UNAVAILABLE, type GameCfgHandlerDeps } from './gameCfgHandlers';
import { nodeGameCfgLocatorDeps, type GameCfgLocatorDeps } from './gameCfgLocator';

const ORIGINAL = '[General]\r\nWindowMode=2\r\nEnableReplayApi=0\r\n';
const BASHRC = 'alias ll="ls -l"\n';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sightline-game-cfg-handlers-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** The real locator on these temp files, as on a Mac where Spotlight knows the game at `app` (if any). */
function locatorIn(app: string | null): GameCfgHandlerDeps['locatorDeps'] {
  return (picked): GameCfgLocatorDeps => ({
    ...nodeGameCfgLocatorDeps(picked),
    platform: 'darwin',
    run: async (file) => (file === 'mdfind' && app ? `${app}\n` : ''),
  });
}

async function refusal(promise: Promise<unknown>): Promise<AppRequestError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppRequestError);
  return error as AppRequestError;
}

async function writeCfg(...parts: string[]): Promise<string> {
  const path = join(dir, ...parts);
  await mkdir(join(path, '..'), { recursive: true });
  await writeFile(path, ORIGINAL);
  return path;
}

describe('replay.config.set', () => {
  it('refuses a file nobody found or picked, and writes nothing, not even a backup', async () => {
    const bashrc = join(dir, '.bashrc');
    await writeFile(bashrc, BASHRC);
    const stray = await writeCfg('elsewhere', 'game.cfg');
    const handlers = createGameCfgHandlers({ locatorDeps: locatorIn(null) });

    for (const path of [bashrc, stray]) {
      const error = await refusal(handlers['replay.config.set']({ path, enabled: true }));
      expect(error.error.code).toBe('bad-input');
      expect(error.message).toContain('only changes a game.cfg it found or that you picked');
      expect(existsSync(`${path}.sightline.bak`)).toBe(false);
    }
    expect(await readFile(bashrc, 'utf8')).toBe(BASHRC);
    expect(await readFile(stray, 'utf8')).toBe(ORIGINAL);
  });

  it('switches on a game.cfg the locator found, with or without a search first', async () => {
    const app = join(dir, 'League of Legends.app');
    const cfg = await writeCfg('League of Legends.app', 'Contents', 'LoL', 'Config', 'game.cfg');
    const handlers = createGameCfgHandlers({ locatorDeps: locatorIn(app) });

    const located = await handlers['replay.config.locate']({});
    expect(located.canPick).toBe(false);
    expect(located.candidates[0]).toMatchObject({
      path: cfg,
      exists: true,
      origins: ['spotlight'],
      setting: 'disabled',
    });

    const change = await handlers['replay.config.set']({ path: cfg, enabled: true });
    expect(change).toMatchObject({ path: cfg, changed: true, backupPath: `${cfg}.sightline.bak` });
    expect(await readFile(cfg, 'utf8')).toContain('EnableReplayApi=1');

    // A page reloaded since: main searches again and finds the same file.
    const fresh = createGameCfgHandlers({ locatorDeps: locatorIn(app) });
    const spelledOtherwise = join(app, 'Contents', '.', 'LoL', 'config', 'GAME.CFG');
    await fresh['replay.config.set']({ path: spelledOtherwise, enabled: false });
    expect(await readFile(cfg, 'utf8')).toContain('EnableReplayApi=0');
  });

  it('refuses a found game.cfg that links out of the install (game.cfg -> ../../.bashrc), and touches nothing', async () => {
    const app = join(dir, 'League of Legends.app');
    const bashrc = join(dir, '.bashrc');
    await writeFile(bashrc, BASHRC);
    const cfg = join(app, 'Contents', 'LoL', 'Config', 'game.cfg');
    await mkdir(join(cfg, '..'), { recursive: true });
    await symlink(join('..', '..', '..', '..', '.bashrc'), cfg);
    const handlers = createGameCfgHandlers({ locatorDeps: locatorIn(app) });

    // The Replay page shows why, and has nothing to switch.
    const located = await handlers['replay.config.locate']({});
    expect(located.candidates[0]).toMatchObject({ path: cfg, exists: true, setting: null });
    expect(located.candidates[0]?.problem).toContain(`is a link to ${bashrc}`);

    const error = await refusal(handlers['replay.config.set']({ path: cfg, enabled: true }));
    expect(error.error.code).toBe('io');
    expect(error.message).toMatch(/only changes a game\.cfg inside the game's folder.*Nothing was changed\./);
    expect(await readFile(bashrc, 'utf8')).toBe(BASHRC);
    expect(existsSync(`${bashrc}.sightline.bak`)).toBe(false);
    expect(existsSync(`${cfg}.sightline.bak`)).toBe(false);
  });

  it('takes a game.cfg typed on the command line', async () => {
    const cfg = await writeCfg('typed', 'game.cfg');
    const handlers = createGameCfgHandlers({ locatorDeps: locatorIn(null), typed: [cfg] });
    await handlers['replay.config.set']({ path: cfg, enabled: true });
    expect(await readFile(cfg, 'utf8')).toContain('EnableReplayApi=1');
  });
});

describe('replay.config.pick', () => {
  it('adds what the dialog chose to the files that may be changed', async () => {
    const cfg = await writeCfg('picked', 'game.cfg');
    const asked: GameCfgPickTarget[] = [];
    const handlers = createGameCfgHandlers({
      locatorDeps: locatorIn(null),
      pickGameCfg: async (target) => {
        asked.push(target);
        return [cfg];
      },
    });
    await refusal(handlers['replay.config.set']({ path: cfg, enabled: true }));
    expect(await readFile(cfg, 'utf8')).toBe(ORIGINAL);

    const view = await handlers['replay.config.pick']({ target: 'file' });
    expect(asked).toEqual(['file']);
    expect(view.canPick).toBe(true);
    expect(view.candidates[0]).toMatchObject({ path: cfg, origins: ['picked'], setting: 'disabled' });
    await handlers['replay.config.set']({ path: cfg, enabled: true });
    expect(await readFile(cfg, 'utf8')).toContain('EnableReplayApi=1');
    // Later searches still show it.
    expect((await handlers['replay.config.locate']({})).candidates.map((c) => c.path)).toContain(cfg);
  });

  it('refuses a picked file that is not named game.cfg', async () => {
    const other = join(dir, 'settings.cfg');
    await writeFile(other, ORIGINAL);
    const handlers = createGameCfgHandlers({
      locatorDeps: locatorIn(null),
      pickGameCfg: async () => [other],
    });

    const view = await handlers['replay.config.pick']({ target: 'file' });
    expect(view.candidates[0]).toMatchObject({ path: other, problem: expect.stringContaining('game.cfg') });
    const error = await refusal(handlers['replay.config.set']({ path: other, enabled: true }));
    expect(error.message).toContain('"settings.cfg" is not one');
    expect(await readFile(other, 'utf8')).toBe(ORIGINAL);
    expect(existsSync(`${other}.sightline.bak`)).toBe(false);
  });

  it('changes nothing when the dialog is cancelled', async () => {
    const handlers = createGameCfgHandlers({ locatorDeps: locatorIn(null), pickGameCfg: async () => null });
    const view = await handlers['replay.config.pick']({ target: 'folder' });
    expect(view.canPick).toBe(true);
    expect(view.candidates.filter((candidate) => candidate.origins.includes('picked'))).toEqual([]);
  });

  it('says how else to reach game.cfg where there is no dialog (browser mode)', async () => {
    const handlers = createGameCfgHandlers({ locatorDeps: locatorIn(null) });
    const error = await refusal(handlers['replay.config.pick']({ target: 'file' }));
    expect(error.error).toEqual({ code: 'unsupported', message: PICK_UNAVAILABLE });
    expect(PICK_UNAVAILABLE).toContain('npx sightline replay enable --cfg');
  });
});
