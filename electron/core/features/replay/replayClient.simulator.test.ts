import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import {
  parseScenario,
  startSimulator,
  type RunningSimulator,
  type ScenarioInput,
} from '../../../simulator/index';
import { TEN_PLAYERS } from '../../../simulator/simulatorTestKit';
import { createHttpClient, type HttpClient } from '../../platform/net/httpClient';
import type { HttpRequest } from '../../platform/net/httpExchange';
import { createLoopbackTrust } from '../../platform/net/loopbackTrust';
import { recordingPercent } from '@shared/replay/recordingProgress';
import { checkRecordingOutput, nodeRecordingFileSystem } from './recordingTracker';
import {
  createReplayClient,
  LIVE_GAME_NOT_REPLAY,
  NO_REPLAY_RUNNING,
  type ReplayResult,
  REPLAY_API_DISABLED,
} from './replayClient';

// The client against the simulator of the game's replay API, over real HTTPS with the simulator's CA.

const recordingDir = mkdtempSync(join(tmpdir(), 'sightline-replay-client-'));
let sim: RunningSimulator | undefined;
let http: HttpClient | undefined;
afterEach(async () => {
  http?.close();
  await sim?.close();
  sim = http = undefined;
});
afterAll(() => rmSync(recordingDir, { recursive: true, force: true }));

/** `realTime` lets the scenario run on the wall clock (sped up); otherwise it moves only by `advance`. */
async function start(input: ScenarioInput, realTime = false) {
  sim = await startSimulator({
    scenario: parseScenario({ timeScale: 50, ...input }),
    recordingDir,
    ...(realTime ? {} : { now: () => 0 }),
  });
  const running = sim;
  http = createHttpClient({ loopbackTrust: createLoopbackTrust([running.caPem]) });
  const inner = http;
  const sent: HttpRequest[] = [];
  const counted: HttpClient = {
    send: (request) => (sent.push(request), inner.send(request)),
    close: () => undefined,
  };
  const client = createReplayClient({
    http: counted,
    baseUrl: () => running.urls.replay,
    liveDataUrl: () => running.urls.live,
  });
  const replay = () => {
    const state = running.control.state().replay;
    if (!state.playback || !state.render || !state.sequence) throw new Error('no replay in the simulator');
    return { ...state, playback: state.playback, render: state.render, sequence: state.sequence };
  };
  return { sim: running, client, sent, replay };
}

function value<T>(result: ReplayResult<T>): T {
  if (!result.ok) throw new Error(`expected success, got: ${result.error.message}`);
  return result.value;
}

const REPLAY = { enabled: true, length: 600 };

describe('replay client against the simulator', () => {
  it('pausing stops the replay clock, and seeking moves it', async () => {
    const { sim, client, replay } = await start({ replay: REPLAY });
    await sim.control.advance(10);
    expect(value(await client.playback()).time).toBe(10);

    expect(value(await client.setPlayback({ paused: true }))).toMatchObject({ paused: true, time: 10 });
    await sim.control.advance(30);
    expect(replay().playback).toMatchObject({ paused: true, time: 10 });

    expect(value(await client.setPlayback({ time: 300 }))).toMatchObject({ time: 300 });
    await sim.control.advance(30);
    expect(replay().playback.time).toBe(300);

    value(await client.setPlayback({ paused: false }));
    await sim.control.advance(5);
    expect(replay().playback.time).toBeCloseTo(305, 6);
  });

  it('echoes a render toggle, and sends nothing when the toggle already has that value', async () => {
    const { client, sent, replay } = await start({ replay: REPLAY });
    const render = value(await client.render());
    expect(render.fogOfWar).toBe(true);
    // The contract knows every field the simulated game reports.
    expect(Object.keys(render).toSorted()).toEqual(Object.keys(replay().render).toSorted());

    const changed = value(await client.setRender({ fogOfWar: false, interfaceAll: true }));
    expect(changed).toMatchObject({ fogOfWar: false, interfaceAll: true, cameraMode: 'top' });
    expect(replay().render.fogOfWar).toBe(false);
    // interfaceAll was already true: only the changed field went out.
    expect(sent.at(-1)).toMatchObject({ method: 'POST', json: { fogOfWar: false } });

    const before = sent.length;
    value(await client.setRender({ fogOfWar: false }));
    expect(sent.length).toBe(before);
  });

  it('stores a sequence, and {} clears it', async () => {
    const { client, replay } = await start({ replay: REPLAY });
    const sequence = {
      cameraPosition: [
        { time: 100, value: { x: 1, y: 2, z: 3 }, blend: 'linear' as const },
        { time: 110, value: { x: 4, y: 5, z: 6 }, blend: 'smoothStep' as const },
      ],
      fieldOfView: [{ time: 100, value: 60, blend: 'snap' as const }],
    };
    expect(value(await client.applySequence(sequence))).toEqual(sequence);
    expect(replay().sequence).toEqual(sequence);

    expect(value(await client.clearSequence())).toEqual({});
    expect(replay().sequence).toEqual({});
  });

  it('records to 100 % and leaves the file', async () => {
    const { client } = await start({ replay: REPLAY }, true);
    const started = value(
      await client.startRecording({
        codec: 'webm',
        path: 'clip.webm',
        startTime: 100,
        endTime: 110,
        framesPerSecond: 60,
        enforceFrameRate: true,
        lossless: false,
      }),
    );
    expect(started).toMatchObject({ recording: true, startTime: 100, endTime: 110 });

    // 10 game seconds at 50× take about 0.2 s; poll as the app would.
    let recording = started;
    const deadline = Date.now() + 5000;
    while (recording.recording && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      recording = value(await client.recording());
    }
    expect(recording.recording).toBe(false);
    expect(recordingPercent(recording)).toBe(100);
    const output = await checkRecordingOutput(recording, nodeRecordingFileSystem);
    expect(output).toEqual({
      ok: true,
      output: { kind: 'file', path: join(recordingDir, 'clip.webm'), bytes: 16, percent: 100 },
    });
  });

  it('says the replay API is disabled when /replay/* answers 404 in a replay', async () => {
    const { client } = await start({ replay: { ...REPLAY, enabled: false } });
    expect(await client.playback()).toEqual({
      ok: false,
      error: { kind: 'api-disabled', message: REPLAY_API_DISABLED },
    });
  });

  it('says a live game is no replay when the live client has a local player', async () => {
    const { sim, client } = await start({
      replay: { ...REPLAY, enabled: false },
      live: { processStartsAt: 0, loadingSeconds: 1, activePlayer: 'Sightline#EUW', players: TEN_PLAYERS },
    });
    await sim.control.advance(2);
    expect(await client.game()).toEqual({
      ok: false,
      error: { kind: 'live-game', message: LIVE_GAME_NOT_REPLAY },
    });
  });

  it('does not mistake a spectated game for a live one: the API is off', async () => {
    const { sim, client } = await start({
      replay: { ...REPLAY, enabled: false },
      live: { processStartsAt: 0, loadingSeconds: 1, spectator: true, players: TEN_PLAYERS },
    });
    await sim.control.advance(2);
    expect(await client.render()).toMatchObject({ ok: false, error: { kind: 'api-disabled' } });
  });

  it('says no game or replay runs when the port is closed', async () => {
    const { client } = await start({});
    expect(await client.setPlayback({ paused: true })).toEqual({
      ok: false,
      error: { kind: 'not-running', message: NO_REPLAY_RUNNING },
    });
  });
});
