import {
  chmod,
  link,
  lstat,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  rm,
  stat,
  symlink,
  writeFile,
} from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { GameCfgFs } from './gameCfgFile';
import {
  decodeCfgBytes,
  enableReplayApi,
  encodeCfgText,
  nodeGameCfgFs,
  readReplayApiStatus,
} from './gameCfgFile';

const ORIGINAL = '[General]\r\nWindowMode=2\r\nCfgVersion=14.23.644.6287\r\n\r\n[HUD]\r\nFlipMiniMap=0\r\n';
const ENABLED =
  '[General]\r\nWindowMode=2\r\nCfgVersion=14.23.644.6287\r\nEnableReplayApi=1\r\n\r\n[HUD]\r\nFlipMiniMap=0\r\n';

let dir: string;
let cfg: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sightline-gamecfg-'));
  cfg = join(dir, 'game.cfg');
});

afterEach(async () => {
  await chmod(dir, 0o755).catch(() => undefined);
  await rm(dir, { recursive: true, force: true });
});

function errno(code: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`${code}: simulated`), { code });
}

async function listDir(): Promise<string[]> {
  return (await readdir(dir)).sort();
}

async function expectUntouched(original: string | Buffer, files = ['game.cfg']): Promise<void> {
  expect(await readFile(cfg)).toEqual(Buffer.from(original));
  expect(await listDir()).toEqual(files);
}

describe('enableReplayApi on a real folder', () => {
  it('writes the change, keeps a backup of the previous bytes and leaves no temp file', async () => {
    await writeFile(cfg, ORIGINAL);
    const result = await enableReplayApi(cfg, true);

    expect(result).toMatchObject({
      ok: true,
      value: { changed: true, enabled: true, restartRequired: true, backupPath: `${cfg}.sightline.bak` },
    });
    if (!result.ok) return;
    expect(result.value.message).toMatch(/restart the replay/i);
    expect(result.value.state.setting).toBe('enabled');
    expect(await readFile(cfg, 'latin1')).toBe(ENABLED);
    expect(await readFile(`${cfg}.sightline.bak`, 'latin1')).toBe(ORIGINAL);
    expect(await listDir()).toEqual(['game.cfg', 'game.cfg.sightline.bak']);
  });

  it('writes nothing, not even the backup, when the file already says so', async () => {
    await writeFile(cfg, ORIGINAL);
    await enableReplayApi(cfg, true);
    await writeFile(`${cfg}.sightline.bak`, 'older backup');

    const again = await enableReplayApi(cfg, true);
    expect(again).toMatchObject({
      ok: true,
      value: { changed: false, backupPath: null, restartRequired: false },
    });
    expect(await readFile(`${cfg}.sightline.bak`, 'latin1')).toBe('older backup');
    expect(await readFile(cfg, 'latin1')).toBe(ENABLED);
  });

  it('overwrites the single backup on each written change', async () => {
    await writeFile(cfg, ORIGINAL);
    await enableReplayApi(cfg, true);
    const disabled = await enableReplayApi(cfg, false);

    expect(disabled).toMatchObject({ ok: true, value: { changed: true, enabled: false } });
    expect(await readFile(`${cfg}.sightline.bak`, 'latin1')).toBe(ENABLED);
    expect(await readFile(cfg, 'latin1')).toBe(ENABLED.replace('EnableReplayApi=1', 'EnableReplayApi=0'));
    expect(await listDir()).toEqual(['game.cfg', 'game.cfg.sightline.bak']);
  });

  it('keeps every byte it does not edit, even bytes that are not valid UTF-8', async () => {
    const bom = Buffer.from([0xef, 0xbb, 0xbf]);
    const odd = Buffer.from('; caf\xe9 \xff\xfe \u00e2\u0080\r\n', 'latin1');
    const utf8 = Buffer.from('; 日本語\r\n', 'utf8');
    const original = Buffer.concat([bom, Buffer.from('[General]\r\n'), odd, utf8, Buffer.from('A=1')]);
    await writeFile(cfg, original);

    await enableReplayApi(cfg, true);
    expect(await readFile(cfg)).toEqual(
      Buffer.concat([bom, Buffer.from('[General]\r\n'), odd, utf8, Buffer.from('A=1\r\nEnableReplayApi=1')]),
    );
    expect(await readFile(`${cfg}.sightline.bak`)).toEqual(original);
  });

  it('keeps the file mode', async () => {
    await writeFile(cfg, ORIGINAL);
    await chmod(cfg, 0o666);
    await enableReplayApi(cfg, true);
    expect((await stat(cfg)).mode & 0o777).toBe(0o666);
  });

  it('edits the file a symlink points to and keeps the link', async () => {
    await mkdir(join(dir, 'real'));
    const real = join(dir, 'real', 'game.cfg');
    await writeFile(real, ORIGINAL);
    await symlink(real, cfg);

    const result = await enableReplayApi(cfg, true);
    expect(result).toMatchObject({ ok: true, value: { path: real, backupPath: `${real}.sightline.bak` } });
    expect((await lstat(cfg)).isSymbolicLink()).toBe(true);
    expect(await readFile(real, 'latin1')).toBe(ENABLED);
  });

  it('reports a missing file and creates nothing', async () => {
    const result = await enableReplayApi(cfg, true);
    expect(result).toMatchObject({ ok: false, error: { code: 'not-found', path: cfg } });
    if (!result.ok) expect(result.error.message).toMatch(/No game\.cfg was found/);
    expect(await listDir()).toEqual([]);
  });

  it('reports a folder given as the file', async () => {
    await mkdir(cfg);
    expect(await enableReplayApi(cfg, true)).toMatchObject({ ok: false, error: { code: 'not-a-file' } });
  });

  it('refuses a read-only file and changes nothing, even when run as root', async () => {
    await writeFile(cfg, ORIGINAL);
    await chmod(cfg, 0o444);

    const result = await enableReplayApi(cfg, true);
    expect(result).toMatchObject({ ok: false, error: { code: 'read-only', path: cfg } });
    if (!result.ok) expect(result.error.message).toMatch(/read-only.*Nothing was changed\./);
    await expectUntouched(ORIGINAL);
  });

  it('leaves no temp file and keeps game.cfg when the final rename fails', async () => {
    await writeFile(cfg, ORIGINAL);
    // A folder where the backup goes makes the rename fail for real, whatever the user's rights.
    await mkdir(`${cfg}.sightline.bak`);

    const result = await enableReplayApi(cfg, true);
    expect(result).toMatchObject({ ok: false, error: { code: 'write-failed' } });
    if (!result.ok) expect(result.error.message).toMatch(/Nothing was changed\./);
    await expectUntouched(ORIGINAL, ['game.cfg', 'game.cfg.sightline.bak']);
  });

  it.skipIf(process.getuid?.() === 0)('refuses when the folder is read-only (skipped as root)', async () => {
    await writeFile(cfg, ORIGINAL);
    await chmod(dir, 0o555);
    expect(await enableReplayApi(cfg, true)).toMatchObject({ ok: false, error: { code: 'read-only' } });
    await chmod(dir, 0o755);
    await expectUntouched(ORIGINAL);
  });
});

describe('enableReplayApi when the file system refuses', () => {
  function failing(overrides: Partial<GameCfgFs>): GameCfgFs {
    return { ...nodeGameCfgFs, ...overrides };
  }

  it.each([
    ['EACCES', 'read-only'],
    ['EPERM', 'read-only'],
    ['EROFS', 'read-only'],
    ['EBUSY', 'locked'],
  ])('maps %s from opening the file to %s and touches nothing', async (code, expected) => {
    await writeFile(cfg, ORIGINAL);
    const fs = failing({
      probeWritable: async () => {
        throw errno(code);
      },
    });
    const result = await enableReplayApi(cfg, true, fs);
    expect(result).toMatchObject({ ok: false, error: { code: expected, path: cfg } });
    if (!result.ok) expect(result.error.message).toMatch(/Nothing was changed\./);
    await expectUntouched(ORIGINAL);
  });

  it.each([
    ['EBUSY', 'locked'],
    ['EPERM', 'read-only'],
  ])('keeps game.cfg and removes the temp file when replacing it fails with %s', async (code, expected) => {
    await writeFile(cfg, ORIGINAL);
    const fs = failing({
      async rename(from, to) {
        if (to === cfg) throw errno(code);
        return nodeGameCfgFs.rename(from, to);
      },
    });
    expect(await enableReplayApi(cfg, true, fs)).toMatchObject({ ok: false, error: { code: expected } });
    // There was no backup before, and game.cfg did not change, so none is left behind.
    await expectUntouched(ORIGINAL);
  });

  it('puts the previous backup back when replacing game.cfg fails', async () => {
    await writeFile(cfg, ORIGINAL);
    await writeFile(`${cfg}.sightline.bak`, 'backup of an earlier edit');
    const fs = failing({
      async rename(from, to) {
        if (to === cfg) throw errno('EBUSY');
        return nodeGameCfgFs.rename(from, to);
      },
    });
    expect(await enableReplayApi(cfg, true, fs)).toMatchObject({ ok: false, error: { code: 'locked' } });
    expect(await readFile(`${cfg}.sightline.bak`, 'latin1')).toBe('backup of an earlier edit');
    await expectUntouched(ORIGINAL, ['game.cfg', 'game.cfg.sightline.bak']);
  });

  it('removes a partly written temp file when the disk fills up', async () => {
    await writeFile(cfg, ORIGINAL);
    const fs = failing({
      async writeNewFile(path, data, mode) {
        await nodeGameCfgFs.writeNewFile(path, data.subarray(0, 5), mode);
        throw errno('ENOSPC');
      },
    });
    const result = await enableReplayApi(cfg, true, fs);
    expect(result).toMatchObject({ ok: false, error: { code: 'write-failed' } });
    if (!result.ok) expect(result.error.message).toContain('ENOSPC');
    await expectUntouched(ORIGINAL);
  });

  it('gives up without overwriting when another program changed the file meanwhile', async () => {
    await writeFile(cfg, ORIGINAL);
    let reads = 0;
    const fs = failing({
      async readFile(path) {
        reads++;
        const bytes = await nodeGameCfgFs.readFile(path);
        return reads === 1 ? bytes : Buffer.concat([bytes, Buffer.from('Written=ByTheGame\r\n')]);
      },
    });
    expect(await enableReplayApi(cfg, true, fs)).toMatchObject({
      ok: false,
      error: { code: 'changed-during-edit' },
    });
    expect(await readFile(cfg, 'latin1')).toBe(ORIGINAL);
  });

  it('keeps the previous backup when another program changed the file meanwhile', async () => {
    const rewritten = `${ORIGINAL}Written=ByTheGame\r\n`;
    await writeFile(cfg, ORIGINAL);
    await writeFile(`${cfg}.sightline.bak`, 'backup of an earlier edit');
    let reads = 0;
    const fs = failing({
      async readFile(path) {
        const bytes = await nodeGameCfgFs.readFile(path);
        // Right after Sightline has read game.cfg, the game rewrites it on disk.
        if (path === cfg && ++reads === 1) await writeFile(cfg, rewritten);
        return bytes;
      },
    });

    const result = await enableReplayApi(cfg, true, fs);
    expect(result).toMatchObject({ ok: false, error: { code: 'changed-during-edit' } });
    if (!result.ok) expect(result.error.message).toMatch(/Nothing was changed\./);
    expect(await readFile(`${cfg}.sightline.bak`, 'latin1')).toBe('backup of an earlier edit');
    await expectUntouched(rewritten, ['game.cfg', 'game.cfg.sightline.bak']);
  });

  it('reports an unreadable file', async () => {
    await writeFile(cfg, ORIGINAL);
    const fs = failing({
      readFile: async () => {
        throw errno('EACCES');
      },
    });
    const result = await readReplayApiStatus(cfg, fs);
    expect(result).toMatchObject({ ok: false, error: { code: 'unreadable' } });
    if (!result.ok) expect(result.error.message).toBe(`Sightline may not read ${cfg} (EACCES).`);
  });
});

describe('readReplayApiStatus', () => {
  it('reads the setting and whether the file is read-only', async () => {
    await writeFile(cfg, '[General]\nEnableReplayApi=false\n');
    expect(await readReplayApiStatus(cfg)).toMatchObject({
      ok: true,
      value: { path: cfg, readOnly: false, state: { setting: 'disabled', rawValue: 'false' } },
    });
    await chmod(cfg, 0o444);
    expect(await readReplayApiStatus(cfg)).toMatchObject({ ok: true, value: { readOnly: true } });
  });

  it('reports a missing file', async () => {
    expect(await readReplayApiStatus(cfg)).toMatchObject({ ok: false, error: { code: 'not-found' } });
  });
});

describe('decodeCfgBytes / encodeCfgText', () => {
  it('round-trips any bytes', () => {
    const bytes = Uint8Array.from({ length: 256 }, (_, index) => index);
    expect(encodeCfgText(decodeCfgBytes(bytes))).toEqual(Buffer.from(bytes));
    const withBom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(bytes)]);
    expect(decodeCfgBytes(withBom).charCodeAt(0)).toBe(0xfeff);
    expect(encodeCfgText(decodeCfgBytes(withBom))).toEqual(withBom);
  });
});

describe('enableReplayApi through links', () => {
  const BASHRC = 'alias ll="ls -l"\n';
  let install: string;
  let bashrc: string;
  let linked: string;

  beforeEach(async () => {
    install = join(dir, 'League of Legends');
    await mkdir(join(install, 'Config'), { recursive: true });
    bashrc = join(dir, '.bashrc');
    await writeFile(bashrc, BASHRC);
    linked = join(install, 'Config', 'game.cfg');
  });

  async function expectBashrcUntouched(): Promise<void> {
    expect(await readFile(bashrc, 'utf8')).toBe(BASHRC);
    expect((await readdir(dir)).sort()).toEqual(['.bashrc', 'League of Legends']);
  }

  it('refuses a game.cfg that links out of the install to another file, and touches neither', async () => {
    await symlink(join('..', '..', '.bashrc'), linked);

    for (const result of [await enableReplayApi(linked, true), await readReplayApiStatus(linked)]) {
      expect(result).toMatchObject({ ok: false, error: { code: 'outside-install', path: linked } });
      if (!result.ok) {
        expect(result.error.message).toContain(`is a link to ${bashrc}`);
        expect(result.error.message).toMatch(/inside the game's folder.*Nothing was changed\./);
      }
    }
    await expectBashrcUntouched();
    expect(await readdir(join(install, 'Config'))).toEqual(['game.cfg']);
    expect((await lstat(linked)).isSymbolicLink()).toBe(true);
  });

  it('refuses a game.cfg under a Config folder that links out of the install (Config -> /etc)', async () => {
    const etc = join(dir, 'etc');
    await mkdir(etc);
    await writeFile(join(etc, 'game.cfg'), ORIGINAL);
    await rm(join(install, 'Config'), { recursive: true });
    await symlink(etc, join(install, 'Config'));

    const result = await enableReplayApi(linked, true);
    expect(result).toMatchObject({ ok: false, error: { code: 'outside-install' } });
    expect(await readFile(join(etc, 'game.cfg'), 'latin1')).toBe(ORIGINAL);
    expect(await readdir(etc)).toEqual(['game.cfg']);
  });

  it('still follows a link to another game.cfg inside the same install', async () => {
    const inGame = join(install, 'Game', 'Config', 'game.cfg');
    await mkdir(join(inGame, '..'), { recursive: true });
    await writeFile(inGame, ORIGINAL);
    await symlink(inGame, linked);

    expect(await enableReplayApi(linked, true)).toMatchObject({ ok: true, value: { path: inGame } });
    expect(await readFile(inGame, 'latin1')).toBe(ENABLED);
  });

  it('refuses a game.cfg that is a hard link of another file, and leaves that file alone', async () => {
    await link(bashrc, linked);

    const result = await enableReplayApi(linked, true);
    expect(result).toMatchObject({ ok: false, error: { code: 'hard-linked', path: linked } });
    if (!result.ok)
      expect(result.error.message).toMatch(/hard link \(the same file has 2 names\).*Nothing was changed\./);
    expect(await readFile(linked, 'utf8')).toBe(BASHRC);
    await expectBashrcUntouched();
    expect(await readdir(join(install, 'Config'))).toEqual(['game.cfg']);
  });

  it('does not read through a link put in place of game.cfg after it was resolved', async () => {
    await writeFile(linked, ORIGINAL);
    const fs: GameCfgFs = {
      ...nodeGameCfgFs,
      async stat(path) {
        const info = await nodeGameCfgFs.stat(path);
        // Another program swaps game.cfg for a link to ~/.bashrc between the check and the read.
        await rm(linked);
        await symlink(bashrc, linked);
        return info;
      },
    };

    const result = await enableReplayApi(linked, true, fs);
    expect(result).toMatchObject({ ok: false, error: { code: 'changed-during-edit' } });
    await expectBashrcUntouched();
    // Nothing of ~/.bashrc was copied into the game's folder either (no backup, no edited copy).
    expect(await readdir(join(install, 'Config'))).toEqual(['game.cfg']);
    expect((await lstat(linked)).isSymbolicLink()).toBe(true);
  });

  it('creates its temp files exclusively, so a link planted at a temp name is not written through', async () => {
    const planted = join(install, 'Config', '.game.cfg.planted.tmp');
    await symlink(bashrc, planted);
    await expect(
      nodeGameCfgFs.writeNewFile(planted, Buffer.from('EnableReplayApi=1'), 0o644),
    ).rejects.toMatchObject({ code: 'EEXIST' });
    await expectBashrcUntouched();
  });
});
