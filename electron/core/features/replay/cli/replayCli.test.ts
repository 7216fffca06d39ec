import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { initialAppState, type AppState } from '@shared/contract';
import { remotePlaybackControl } from './remotePlaybackControl';
import { routerRemoteCore } from '../../../tools/testkit/remote/routerRemoteCore';
import { createRequestRouter } from '../../../platform/router/requestRouter';
import { StateHub } from '../../../platform/hub/stateHub';
import { silentLogger } from '../../../platform/log/logger';
import type { HttpClient } from '../../../platform/net/httpClient';
import type { HttpOutcome, HttpRequest } from '../../../platform/net/httpExchange';
import { realScheduler } from '../../../platform/polling/poller';
import { createScriptedHttpClient, httpError, ok } from '../../../tools/testkit/scriptedHttpClient';
import { stubHandlers } from '../../../tools/testkit/stubHandlers';
import { nodeGameCfgLocatorDeps } from '../gameCfg/gameCfgLocator';
import { nodeRecordingFileSystem } from '../recordingTracker';
import { createReplayClient, type ReplayClient } from '../replayClient';
import { parseGameTime, runReplayCliCommand, type PlaybackControl } from './replayCli';
import { createReplayDriver } from '../replayDriver';
import { createReplayHandlers } from '../replayHandlers';
import { createSequenceLibrary } from '../sequenceLibrary';

/** Alone: this process's replay client. Through the primary: the running Sightline's, over its router. */
type Path = 'alone' | 'through the running Sightline';
let path: Path = 'alone';

/** The playback commands' way to the game: the client itself, or the primary's replay handlers over it. */
function controlOver(client: ReplayClient, http: HttpClient): PlaybackControl {
  if (path === 'alone') return client;
  const driver = createReplayDriver({
    client,
    http,
    hub: new StateHub<AppState>(initialAppState(0)),
    scheduler: realScheduler,
    logger: silentLogger,
    liveUrl: () => 'https://127.0.0.1:2999',
    recordingFs: nodeRecordingFileSystem,
  });
  const handlers = createReplayHandlers({
    client,
    driver,
    sequences: createSequenceLibrary(join(tmpdir(), 'sightline-replay-cli-unused')),
    gameCfg: { locatorDeps: nodeGameCfgLocatorDeps, typed: [] },
    videosDir: async () => join(tmpdir(), 'sightline-replay-cli-unused'),
    now: Date.now,
  });
  return remotePlaybackControl(routerRemoteCore(createRequestRouter(stubHandlers(handlers), silentLogger)));
}

/** A replay client over a fake game that applies POSTed playback fields. */
function setup(answer?: (path: string, request: HttpRequest) => HttpOutcome) {
  const playback = { paused: false, seeking: false, time: 630, speed: 1, length: 1800 };
  const { client: http, requests } = createScriptedHttpClient(
    answer ??
      ((_path, request) => {
        if (request.method === 'POST') Object.assign(playback, request.json);
        return ok({ ...playback });
      }),
  );
  const client = createReplayClient({ http, baseUrl: () => 'https://127.0.0.1:2999' });
  const control = controlOver(client, http);
  const posts = () => requests.filter((request) => request.method === 'POST').map((request) => request.json);
  return { run: (...args: string[]) => runReplayCliCommand(control, args), posts };
}

describe.each<Path>(['alone', 'through the running Sightline'])('sightline replay (%s)', (via) => {
  beforeAll(() => {
    path = via;
  });

  it('pauses and plays', async () => {
    const { run, posts } = setup();
    expect(await run('pause')).toEqual({ ok: true, lines: ['paused at 10:30 of 30:00'] });
    expect(await run('play')).toEqual({ ok: true, lines: ['playing at 10:30 of 30:00, speed 1×'] });
    expect(posts()).toEqual([{ paused: true }, { paused: false }]);
  });

  it('seeks to seconds or minutes:seconds within the replay', async () => {
    const { run, posts } = setup();
    expect(await run('seek', '90')).toEqual({ ok: true, lines: ['jumped to 01:30 of 30:00'] });
    expect(await run('seek', '20:05')).toEqual({ ok: true, lines: ['jumped to 20:05 of 30:00'] });
    expect(await run('seek', '31:00')).toEqual({
      ok: false,
      error: '31:00 is past the end of the replay (30:00)',
    });
    expect(posts()).toEqual([{ time: 90 }, { time: 1205 }]);
  });

  it('sets the speed', async () => {
    const { run, posts } = setup();
    expect(await run('speed', '2')).toEqual({ ok: true, lines: ['speed 2× at 10:30 of 30:00'] });
    expect(posts()).toEqual([{ speed: 2 }]);
  });

  it('rejects bad arguments before touching the replay', async () => {
    const { run, posts } = setup();
    expect(await run('seek')).toEqual({
      ok: false,
      error: 'seek needs a time, e.g. "seek 630" or "seek 10:30"',
      usage: true,
    });
    expect(await run('seek', 'soon')).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^"soon" is not a time/),
    });
    expect(await run('speed', '0')).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^"0" is not a speed/),
    });
    expect(await run('speed', '')).toMatchObject({ ok: false });
    expect(await run('speed')).toMatchObject({ ok: false });
    expect(await run('pause', 'now')).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^too many arguments/),
    });
    expect(await run('rewind')).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^unknown replay command "rewind"/),
    });
    expect(await run()).toMatchObject({ ok: false, usage: true });
    expect(posts()).toEqual([]);
  });

  it('takes the speeds the game plays a replay at, 0.25 to 8, and calls any other bad usage', async () => {
    const { run, posts } = setup();
    for (const speed of ['0.25', '8']) expect(await run('speed', speed)).toMatchObject({ ok: true });
    for (const args of [
      ['speed', '100'],
      ['speed', '0.1'],
      ['speed', '0'],
      ['speed'],
      ['seek', 'abc'],
      ['rewind'],
    ])
      expect(await run(...args), args.join(' ')).toMatchObject({ ok: false, usage: true });
    expect(await run('speed', '100')).toMatchObject({
      error: '"100" is not a speed the replay plays at; use 0.25 to 8, e.g. 0.5 or 2',
    });
    expect(posts()).toEqual([{ speed: 0.25 }, { speed: 8 }]);
  });

  it('passes on what is wrong with the replay', async () => {
    const refused = setup(() => ({ kind: 'refused' }));
    expect(await refused.run('pause')).toEqual({ ok: false, error: 'no game or replay running' });
    const disabled = setup(() => httpError(404));
    expect(await disabled.run('seek', '10')).toEqual({
      ok: false,
      error: 'replay API disabled — enable it in game.cfg and restart the replay',
    });
  });
});

describe('game times', () => {
  it.each([
    ['630', 630],
    ['630.5', 630.5],
    ['10:30', 630],
    ['0:05.25', 5.25],
    ['1:02:03', 3723],
    [' 7 ', 7],
  ])('reads %j as %d seconds', (text, seconds) => {
    expect(parseGameTime(text)).toBe(seconds);
  });

  it.each(['', '-5', '10:60', '1.5:00', 'a:b', '1:2:3:4', '1e3'])('refuses %j', (text) => {
    expect(parseGameTime(text)).toBeNull();
  });
});
