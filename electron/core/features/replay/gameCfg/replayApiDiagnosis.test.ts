import { mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { GameCfgLocation } from './gameCfgLocator';
import { diagnoseReplayApiConfig } from './replayApiDiagnosis';

let dir: string;
beforeEach(async () => {
  // The real path: the diagnosis names the file the way the system resolves it (macOS's /var is a link).
  dir = await realpath(await mkdtemp(join(tmpdir(), 'sightline-cfg-diagnosis-')));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

/** A locator that found `existing` (and also tried a path that is not there). */
const found =
  (...existing: string[]) =>
  async (): Promise<GameCfgLocation> => ({
    candidates: [
      ...existing.map((path) => ({ path, installDir: dir, exists: true, origins: [] })),
      { path: join(dir, 'elsewhere', 'game.cfg'), installDir: dir, exists: false, origins: [] },
    ],
    failedLookups: [],
  });

async function cfg(text: string): Promise<string> {
  const path = join(dir, 'game.cfg');
  await writeFile(path, text);
  return path;
}

describe('diagnoseReplayApiConfig', () => {
  it('names the file and a key the game ignores under another section', async () => {
    const path = await cfg('[General]\r\nWindowMode=2\r\n\r\n[HUD]\r\nEnableReplayApi=1\r\n');
    expect(await diagnoseReplayApiConfig(found(path))).toEqual([
      `${path}: EnableReplayApi is not set under [General]`,
      'EnableReplayApi=1 on line 5 is under [HUD], where the game ignores it: it belongs under [General]',
    ]);
  });

  it('names conflicting values, and says a switched-on file needs the replay restarted', async () => {
    const path = await cfg('[General]\nEnableReplayApi=0\n[General]\nEnableReplayApi=1\n');
    expect(await diagnoseReplayApiConfig(found(path))).toEqual([
      `${path}: EnableReplayApi=1 under [General] switches it on: restart the replay, the game reads game.cfg as a replay starts`,
      'EnableReplayApi is set 2 times under [General] with different values (lines 2, 4): the game reads the last, EnableReplayApi=1 on line 4',
    ]);
  });

  it('says when the value keeps it off, or the file has no [General]', async () => {
    const off = await cfg('[General]\nEnableReplayApi=0\n');
    expect(await diagnoseReplayApiConfig(found(off))).toEqual([
      `${off}: EnableReplayApi=0 under [General] keeps the replay API off`,
    ]);
    const bare = await cfg('[HUD]\nScale=1\n');
    expect(await diagnoseReplayApiConfig(found(bare))).toEqual([
      `${bare}: EnableReplayApi is not set under [General] (the file has no [General] section)`,
    ]);
  });

  it('says when no game.cfg was found, and which lookups could not run', async () => {
    expect(await diagnoseReplayApiConfig(found())).toEqual([
      'game.cfg not found: pick it on the Replay page',
    ]);
    const failed = async (): Promise<GameCfgLocation> => ({
      candidates: [],
      failedLookups: ['running processes', 'Spotlight'],
    });
    expect(await diagnoseReplayApiConfig(failed)).toEqual([
      'game.cfg not found (could not check running processes, Spotlight): pick it on the Replay page',
    ]);
  });

  it('passes on why a found file cannot be read', async () => {
    const folder = join(dir, 'game.cfg');
    await mkdir(folder);
    expect(await diagnoseReplayApiConfig(found(folder))).toEqual([
      `${folder} is a folder, not a game.cfg file.`,
    ]);
  });
});
