import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import {
  AppRequestError,
  initialAppState,
  SEQUENCE_TRACKS,
  type AppState,
  type Sequence,
} from '@shared/contract';
import { captureKeyframes } from '@shared/replay/sequenceEditor';
import { parseScenario, startSimulator, type RunningSimulator } from '../../../simulator/index';
import { smallScenario } from '../../../simulator/simulatorTestKit';
import { StateHub } from '../../platform/hub/stateHub';
import { silentLogger } from '../../platform/log/logger';
import { createHttpClient, type HttpClient } from '../../platform/net/httpClient';
import type { HttpOutcome } from '../../platform/net/httpExchange';
import { createLoopbackTrust } from '../../platform/net/loopbackTrust';
import { realScheduler } from '../../platform/polling/poller';
import { gameClientPacing } from '../../app/gameClientPacing';
import { nodeGameCfgLocatorDeps } from './gameCfg/gameCfgLocator';
import { nodeRecordingFileSystem } from './recordingTracker';
import { createReplayClient } from './replayClient';
import { createReplayDriver, type ReplayDriverDeps } from './replayDriver';
import { createReplayHandlers } from './replayHandlers';
import { createSequenceLibrary } from './sequenceLibrary';

// The driver and the caster's requests against the simulated replay, as the app runs them.

let sim: RunningSimulator | undefined;
let http: HttpClient | undefined;
let stop: (() => void) | undefined;
afterEach(async () => {
  stop?.();
  http?.close();
  await sim?.close();
  sim = http = stop = undefined;
});

async function start(
  replay: Record<string, unknown> = {},
  withLiveGame = true,
  extra: Pick<ReplayDriverDeps, 'diagnoseReplayApi'> = {},
) {
  const dataDir = await mkdtemp(join(tmpdir(), 'sightline-replay-driver-'));
  // Without a live game, a 404 on /replay/* can only mean the API is switched off.
  const { live, ...withoutLive } = smallScenario();
  // The replay API shares the game's port, so the game process stays up for the whole test.
  const base = withLiveGame
    ? { ...withoutLive, live: live && { ...live, closesAfterEndSeconds: 3600 } }
    : withoutLive;
  sim = await startSimulator({
    scenario: parseScenario({ ...base, timeScale: 20, replay: { length: 600, ...replay } }),
    recordingDir: join(dataDir, 'recordings'),
  });
  const running = sim;
  // Paced as the app paces the game's port.
  http = createHttpClient({ loopbackTrust: createLoopbackTrust([running.caPem]), pacing: gameClientPacing });
  const hub = new StateHub<AppState>(initialAppState(0));
  const client = createReplayClient({
    http,
    baseUrl: () => running.urls.replay,
    liveDataUrl: () => running.urls.live,
  });
  const driver = createReplayDriver({
    client,
    http,
    hub,
    scheduler: realScheduler,
    logger: silentLogger,
    liveUrl: () => running.urls.live,
    recordingFs: nodeRecordingFileSystem,
    ...extra,
  });
  const handlers = createReplayHandlers({
    client,
    driver,
    sequences: createSequenceLibrary(join(dataDir, 'sequences')),
    // The game.cfg a test writes there, as `sightline serve --cfg` would name it.
    gameCfg: { locatorDeps: nodeGameCfgLocatorDeps, typed: [join(dataDir, 'game.cfg')] },
    videosDir: async () => join(dataDir, 'Videos'),
    now: Date.now,
  });
  driver.poller.start();
  stop = () => driver.poller.stop();
  return { sim: running, hub, handlers, dataDir };
}

async function until(check: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('replay driver', () => {
  it('pushes playback, render and sequence, and reports the source connected', async () => {
    const { hub } = await start();
    await until(() => hub.state.replay.render !== null && hub.state.replay.sequence !== null);
    expect(hub.state.sources.replay.state).toBe('connected');
    expect(hub.state.replay.playback).toMatchObject({ length: 600, paused: false });
    expect(hub.state.replay.playback?.sampledAt).toBeGreaterThan(0);
  });

  it('says the replay API is disabled, and keeps no stale replay state', async () => {
    const { hub } = await start({ enabled: false }, false);
    await until(() => hub.state.sources.replay.state === 'waiting');
    expect(hub.state.sources.replay.reason).toMatch(/replay API disabled/);
    expect(hub.state.replay.playback).toBeNull();
    expect(hub.state.replay.problem).toBe('api-disabled');
  });

  it('shows the game.cfg diagnosis with the status while the API is off, without reading it every poll', async () => {
    const diagnosed: number[] = [];
    const findings = [
      'C:\\Riot Games\\League of Legends\\Config\\game.cfg: EnableReplayApi is not set under [General]',
      'EnableReplayApi=1 on line 12 is under [HUD], where the game ignores it: it belongs under [General]',
    ];
    const { hub, sim: running } = await start({ enabled: false }, false, {
      diagnoseReplayApi: async () => {
        diagnosed.push(Date.now());
        return findings;
      },
    });
    await until(() => hub.state.sources.replay.findings !== undefined);
    expect(hub.state.sources.replay).toMatchObject({ state: 'waiting', findings });
    const polls = () => running.control.requests().replay['/replay/playback']?.count ?? 0;
    await until(() => polls() >= 3, 10_000);
    expect(diagnosed).toHaveLength(1);

    // Once the replay answers, the findings go with the reason they explained.
    await running.control.restart(parseScenario({ ...smallScenario(), replay: { length: 600 } }));
    await until(() => hub.state.sources.replay.state === 'connected', 10_000);
    expect(hub.state.sources.replay.findings).toBeUndefined();
  });

  it('drives the replay through commands and writes, and the state follows', async () => {
    const { sim: running, hub, handlers } = await start();
    await until(() => hub.state.replay.playback !== null);
    await handlers['replay.command']({ command: 'toggle-pause' });
    expect(running.control.state().replay.playback?.paused).toBe(true);
    expect(hub.state.replay.playback?.paused).toBe(true);

    await handlers['replay.playback.set']({ time: 120 });
    expect(running.control.state().replay.playback?.time).toBeCloseTo(120, 0);

    await handlers['replay.render.set']({ fogOfWar: false });
    expect(running.control.state().replay.render?.fogOfWar).toBe(false);
    expect(hub.state.replay.render?.fogOfWar).toBe(false);
  });

  it('a transport skip past the end lands on the game’s length, as a hotkey’s seek does', async () => {
    const { sim: running, hub, handlers } = await start();
    await until(() => hub.state.replay.playback !== null);
    await handlers['replay.command']({ command: 'toggle-pause' });
    const length = running.control.state().replay.playback?.length ?? 0;
    await handlers['replay.command']({ command: 'seek', time: length - 10 });
    expect(running.control.state().replay.playback?.time).toBeCloseTo(length - 10, 0);

    const atEnd = await handlers['replay.command']({ command: 'skip', seconds: 30 });
    expect(atEnd.time).toBeCloseTo(length, 0);
    expect(running.control.state().replay.playback?.time).toBeCloseTo(length, 0);
    const still = await handlers['replay.command']({ command: 'skip', seconds: 30 });
    expect(still.time).toBeCloseTo(length, 0);
    expect(running.control.state().replay.playback?.time).toBeCloseTo(length, 0);
  });

  it('three keyframes of every track taken while following a champion store three camera positions', async () => {
    const { sim: running, hub, handlers } = await start();
    await until(() => hub.state.replay.render !== null);
    await handlers['replay.render.set']({ selectionName: 'Demacian Blade', cameraAttached: true });
    let sequence: Sequence = {};
    for (let take = 0; take < 3; take += 1) {
      // Over the replay API's pace apart (one read of a resource per 500 ms), and inside one render poll (2 s).
      if (take > 0) await new Promise((resolve) => setTimeout(resolve, 600));
      const snapshot = await handlers['replay.snapshot']({});
      const captured = captureKeyframes(sequence, SEQUENCE_TRACKS, snapshot);
      if (!captured.ok) throw new Error(captured.error);
      expect(captured.skipped).toEqual([]);
      sequence = captured.sequence;
    }
    const positions = (sequence.cameraPosition ?? []).map((keyframe) => JSON.stringify(keyframe.value));
    expect(new Set(positions).size).toBe(3);
    expect(positions).not.toContain(JSON.stringify({ x: 7400, y: 1900, z: 7400 }));
    // Every track keyed at each take, at the same three times.
    const times = (sequence.fieldOfView ?? []).map((keyframe) => keyframe.time);
    expect(times).toHaveLength(3);
    for (const track of SEQUENCE_TRACKS)
      expect(sequence[track]?.map((keyframe) => keyframe.time)).toEqual(times);
    expect(sequence.selectionName?.map((keyframe) => keyframe.value)).toEqual(
      Array(3).fill('Demacian Blade'),
    );
    // What was read is shown too.
    expect(hub.state.replay.render?.cameraPosition).toEqual(sequence.cameraPosition?.[2]?.value);
    expect(running.control.state().replay.render?.cameraAttached).toBe(true);
  });

  it('a toggle the caster clicks while a poll is out is neither painted over nor skipped', async () => {
    const { sim: running, hub, handlers } = await start();
    await until(() => hub.state.replay.render !== null);
    const fog = () => running.control.state().replay.render?.fogOfWar;
    // The scoreboard reads the same port meanwhile: the replay feed's event tail waits for its turn.
    const scoreboard = new AbortController();
    const readEvents = async () => {
      while (!scoreboard.signal.aborted && http) {
        const url = `${running.urls.live}/liveclientdata/eventdata?eventID=0`;
        await http.send({ url, signal: scoreboard.signal });
      }
    };
    void readEvents();
    onTestFinished(() => scoreboard.abort());
    // As the page does: each click sends the opposite of what it shows, at moments that fall anywhere in
    // the poll cycle (which reads render every 2 s, alongside the 1 s paced event tail).
    for (const pause of [0, 150, 400, 650, 900, 1300, 1700, 2100]) {
      await new Promise((resolve) => setTimeout(resolve, pause));
      const shown = hub.state.replay.render?.fogOfWar;
      await handlers['replay.render.set']({ fogOfWar: !shown });
      expect(fog()).toBe(!shown);
      expect(hub.state.replay.render?.fogOfWar).toBe(!shown);
    }
    // Eight clicks from fog on: on again, and the next slow polls keep showing it.
    expect(fog()).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(hub.state.replay.render?.fogOfWar).toBe(true);
  });

  it('refuses a sequence outside the replay, and applies and clears a valid one', async () => {
    const { sim: running, hub, handlers } = await start();
    await until(() => hub.state.replay.playback !== null);
    await expect(
      handlers['replay.sequence.apply']({ fieldOfView: [{ time: 9000, value: 40, blend: 'linear' }] }),
    ).rejects.toBeInstanceOf(AppRequestError);
    await handlers['replay.sequence.apply']({
      fieldOfView: [
        { time: 10, value: 40, blend: 'linear' },
        { time: 20, value: 60, blend: 'smoothStep' },
      ],
    });
    expect(running.control.state().replay.sequence).toMatchObject({
      fieldOfView: [{ time: 10 }, { time: 20 }],
    });
    await handlers['replay.sequence.clear']({});
    expect(running.control.state().replay.sequence?.fieldOfView).toBeUndefined();
  });

  it("offers the platform's videos folder for recordings, with a file in it spelled for this platform", async () => {
    const { handlers, dataDir } = await start();
    expect(await handlers['replay.recording.folder']({})).toEqual({
      folder: join(dataDir, 'Videos'),
      exampleFile: join(dataDir, 'Videos', 'highlight.webm'),
    });
  });

  it('saves, lists, loads and deletes named sequences, refusing unsafe names', async () => {
    const { handlers } = await start();
    const sequence = { fieldOfView: [{ time: 5, value: 50, blend: 'linear' as const }] };
    await handlers['replay.sequences.save']({ name: 'Baron fight', sequence });
    expect(await handlers['replay.sequences.list']({})).toEqual([
      { name: 'Baron fight', keyframes: 1, range: { start: 5, end: 5 } },
    ]);
    expect((await handlers['replay.sequences.load']({ name: 'Baron fight' })).sequence).toEqual(sequence);
    await expect(handlers['replay.sequences.save']({ name: '../escape', sequence })).rejects.toThrow(
      /cannot contain/,
    );
    expect(await handlers['replay.sequences.delete']({ name: 'Baron fight' })).toEqual([]);
  });

  it('records to a file and reports the finished file', async () => {
    const { hub, handlers, dataDir } = await start();
    await until(() => hub.state.replay.playback !== null);
    await handlers['replay.recording.start']({
      path: join(dataDir, 'clip.webm'),
      startTime: 10,
      endTime: 40,
      codec: 'webm',
      framesPerSecond: 60,
      enforceFrameRate: true,
      lossless: false,
    });
    await until(() => hub.state.replay.lastRecording !== null, 8000);
    expect(hub.state.replay.lastRecording).toMatchObject({ ok: true, stopped: false });
  });

  it('a recording the caster stops is reported as stopped, not as a failure, and a new start clears it', async () => {
    const { sim: running, hub, handlers, dataDir } = await start();
    await until(() => hub.state.replay.playback !== null);
    const plan = {
      path: join(dataDir, 'cut.webm'),
      startTime: 10,
      endTime: 500,
      codec: 'webm' as const,
      framesPerSecond: 60,
      enforceFrameRate: true,
      lossless: false,
    };
    await handlers['replay.recording.start'](plan);
    await until(() => (hub.state.replay.recording?.currentTime ?? 0) > 10);
    const stopped = await handlers['replay.recording.stop']({});
    expect(stopped.recording).toBe(false);
    expect(running.control.state().replay.recording?.recording).toBe(false);
    // The simulated game, like League Director's "cancel", keeps nothing of a cut recording.
    expect(hub.state.replay.lastRecording).toMatchObject({ ok: false, stopped: true });
    expect(hub.state.replay.lastRecording).toHaveProperty('error', expect.stringMatching(/stopped at \d+ %/));

    await handlers['replay.recording.start']({ ...plan, endTime: 30 });
    expect(hub.state.replay.lastRecording).toBeNull();
    await until(() => hub.state.replay.lastRecording !== null, 8000);
    expect(hub.state.replay.lastRecording).toMatchObject({ ok: true, stopped: false });
  });

  it('switches the replay API on in a game.cfg and keeps a backup', async () => {
    const { handlers, dataDir } = await start();
    const cfg = join(dataDir, 'game.cfg');
    await writeFile(cfg, '[General]\r\nWindowMode=2\r\n');
    const change = await handlers['replay.config.set']({ path: cfg, enabled: true });
    expect(change).toMatchObject({ changed: true, enabled: true });
    expect(change.message).toMatch(/[Rr]estart the replay/);
    expect(await readFile(cfg, 'utf8')).toBe('[General]\r\nWindowMode=2\r\nEnableReplayApi=1\r\n');
    const located = await handlers['replay.config.locate']({});
    expect(located.candidates[0]).toMatchObject({ path: cfg, exists: true, setting: 'enabled' });
  });
});

describe('replay driver polling', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('reads playback at most twice a second, even from a replay that answers at once', async () => {
    vi.useFakeTimers();
    const playbackReads: number[] = [];
    const instant: HttpClient = {
      send: async (request): Promise<HttpOutcome> => {
        if (!request.url.endsWith('/replay/playback') || request.json !== undefined)
          return { kind: 'refused' };
        playbackReads.push(Date.now());
        const body = { paused: false, seeking: false, time: 10, speed: 1, length: 600 };
        return { kind: 'ok', status: 200, headers: {}, body };
      },
      close: () => undefined,
    };
    const hub = new StateHub<AppState>(initialAppState(0));
    const driver = createReplayDriver({
      client: createReplayClient({ http: instant, baseUrl: () => 'https://127.0.0.1:2999' }),
      http: instant,
      hub,
      scheduler: realScheduler,
      logger: silentLogger,
      liveUrl: () => 'https://127.0.0.1:2999',
      recordingFs: nodeRecordingFileSystem,
    });

    driver.poller.start();
    await vi.advanceTimersByTimeAsync(10_000);
    driver.poller.stop();

    // t = 0, 500, …, 10000: it keeps polling, and no two reads are closer than half a second.
    expect(playbackReads.length).toBeGreaterThanOrEqual(19);
    expect(playbackReads.length).toBeLessThanOrEqual(21);
    const gaps = playbackReads.slice(1).map((at, index) => at - (playbackReads[index] ?? 0));
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(500);
    expect(hub.state.replay.playback).toMatchObject({ time: 10, length: 600 });
  });
});
