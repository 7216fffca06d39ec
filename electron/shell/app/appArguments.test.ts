import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { gameCfgPathsFromArgv } from './appArguments';

describe('gameCfgPathsFromArgv', () => {
  it('takes every --cfg path, resolved, from among the app folder and Chromium switches', () => {
    const cfg = join('/', 'tmp', 'sightline-demo-1', 'League of Legends', 'Config', 'game.cfg');
    const argv = ['/opt/electron', '/repo', '--no-sandbox', '--cfg', cfg, '--cfg=relative/game.cfg'];
    expect(gameCfgPathsFromArgv(argv)).toEqual([cfg, resolve('relative/game.cfg')]);
  });

  it('is empty without --cfg, and ignores a --cfg with no path', () => {
    expect(gameCfgPathsFromArgv(['/opt/electron', '/repo'])).toEqual([]);
    expect(gameCfgPathsFromArgv(['/opt/electron', '/repo', '--cfg'])).toEqual([]);
  });
});
