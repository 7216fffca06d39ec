import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { startSimulator } from './index';
import type { RunningSimulator } from './index';
import { SEEK_SECONDS } from './replayState';
import type { ScenarioInput } from './scenario';
import { fetchJson, smallScenario } from './simulatorTestKit';

let sim: RunningSimulator | undefined;
const recordingDir = mkdtempSync(join(tmpdir(), 'sightline-sim-test-'));
afterEach(async () => {
  await sim?.close();
  sim = undefined;
});
afterAll(() => rmSync(recordingDir, { recursive: true, force: true }));

type Json = Record<string, unknown>;

async function start(replay: ScenarioInput['replay'] = { enabled: true, length: 600 }) {
  // On a port of its own, so the replay API answers before the live game's process starts (at 1 s).
  sim = await startSimulator({
    scenario: smallScenario({ replay }),
    now: () => 0,
    recordingDir,
    replayPort: 0,
  });
  const s = sim;
  const call = async (path: string, body?: unknown) => {
    const result = await fetchJson(`${s.urls.replay}/replay/${path}`, { ca: s.caPem, body });
    return result as { status: number; json: Json };
  };
  return { s, call };
}

describe('replay playback', () => {
  it('advances by speed, stops when paused, and reports seeking briefly after a jump', async () => {
    const { s, call } = await start();
    expect((await call('playback')).json).toEqual({
      paused: false,
      seeking: false,
      time: 0,
      speed: 1,
      length: 600,
    });

    await s.control.advance(10);
    expect((await call('playback')).json.time).toBe(10);

    await call('playback', { speed: 2 });
    await s.control.advance(5);
    expect((await call('playback')).json.time).toBe(20);

    expect((await call('playback', { paused: true })).json).toMatchObject({ paused: true, time: 20 });
    await s.control.advance(30);
    expect((await call('playback')).json.time).toBe(20);

    const seek = await call('playback', { time: 300, paused: false });
    expect(seek.json).toMatchObject({ seeking: true, time: 300, paused: false });
    await s.control.advance(SEEK_SECONDS);
    expect((await call('playback')).json).toMatchObject({ seeking: false, time: 300 });
    await s.control.advance(1000);
    expect((await call('playback')).json.time).toBe(600); // clamped to length
  });

  it('rejects a playback patch of the wrong type with 400', async () => {
    const { call } = await start();
    const result = await call('playback', { speed: 'fast' });
    expect(result.status).toBe(400);
    expect(result.json.message).toMatch(/speed/);
  });
});

describe('replay resources', () => {
  it('echoes render fields merged over defaults', async () => {
    const { s, call } = await start();
    const before = (await call('render')).json;
    expect(before).toMatchObject({
      cameraMode: 'top',
      fieldOfView: 45,
      fogOfWar: true,
      interfaceScoreboard: true,
    });
    const after = (await call('render', { fieldOfView: 60, interfaceAll: false, customThing: { a: 1 } }))
      .json;
    expect(after).toMatchObject({
      cameraMode: 'top',
      fieldOfView: 60,
      interfaceAll: false,
      customThing: { a: 1 },
    });
    expect(s.control.state().replay.render).toMatchObject({ fieldOfView: 60 });
  });

  it('moves the camera with the unit it follows while the replay plays, and holds it while paused', async () => {
    const { s, call } = await start();
    const free = (await call('render')).json.cameraPosition;
    await call('render', { selectionName: 'Demacian Blade', cameraAttached: true });
    const seen: unknown[] = [];
    for (let step = 0; step < 3; step += 1) {
      seen.push((await call('render')).json.cameraPosition);
      await s.control.advance(1);
    }
    // Three different places, a champion's pace apart (about 250 world units a second), none the free camera's.
    expect(new Set(seen.map((position) => JSON.stringify(position))).size).toBe(3);
    expect(seen).not.toContainEqual(free);
    const [first, second] = seen as Array<{ x: number; z: number }>;
    const moved = Math.hypot((second?.x ?? 0) - (first?.x ?? 0), (second?.z ?? 0) - (first?.z ?? 0));
    expect(moved).toBeGreaterThan(200);
    expect(moved).toBeLessThan(300);

    await call('playback', { paused: true });
    const held = (await call('render')).json.cameraPosition;
    await s.control.advance(5);
    expect((await call('render')).json.cameraPosition).toEqual(held);

    // Let go: the free camera is where it was.
    await call('render', { cameraAttached: false });
    expect((await call('render')).json.cameraPosition).toEqual(free);
  });

  it('stores a posted sequence and clears it with {}', async () => {
    const { s, call } = await start();
    const sequence = { cameraPosition: [{ time: 612, value: { x: 1, y: 2, z: 3 }, blend: 'smoothStep' }] };
    expect((await call('sequence', sequence)).json).toEqual(sequence);
    expect((await call('sequence')).json).toEqual(sequence);
    expect(s.control.state().replay.sequence).toEqual(sequence);
    await call('sequence', {});
    expect((await call('sequence')).json).toEqual({});
  });

  it('serves the process and particles', async () => {
    const { call } = await start({ enabled: true, processID: 777, particles: { A: true, B: true } });
    expect((await call('game')).json).toEqual({ processID: 777 });
    expect((await call('particles', { B: false })).json).toEqual({ A: true, B: false });
  });

  it('answers 404 on every /replay/* when the API is disabled', async () => {
    const { call } = await start({ enabled: false });
    for (const path of ['game', 'playback', 'render', 'recording', 'sequence', 'particles']) {
      expect((await call(path)).status).toBe(404);
    }
  });
});

describe('replay recording', () => {
  it('records from startTime to endTime, then writes the file and stops', async () => {
    const { s, call } = await start();
    const started = await call('recording', {
      recording: true,
      codec: 'webm',
      path: 'C:\\Users\\me\\Videos\\clip.webm',
      startTime: 100,
      endTime: 110,
      framesPerSecond: 60,
      enforceFrameRate: true,
      lossless: false,
    });
    expect(started.json).toMatchObject({
      recording: true,
      currentTime: 100,
      startTime: 100,
      endTime: 110,
      width: 1920,
    });
    expect((await call('playback')).json).toMatchObject({ time: 100, paused: false });

    await s.control.advance(SEEK_SECONDS + 4);
    expect((await call('recording')).json).toMatchObject({ recording: true, currentTime: 104 });

    await s.control.advance(6);
    const done = (await call('recording')).json;
    expect(done).toMatchObject({ recording: false, currentTime: 110 });
    expect(done.path).toBe(join(recordingDir, 'clip.webm'));
    expect(existsSync(String(done.path))).toBe(true);
    expect(readFileSync(String(done.path)).subarray(0, 4)).toEqual(Buffer.from([0x1a, 0x45, 0xdf, 0xa3]));
  });

  it('cancels with {recording:false} without writing', async () => {
    const { s, call } = await start();
    await call('recording', { recording: true, codec: 'png', path: 'out', startTime: 0, endTime: 50 });
    await s.control.advance(2);
    expect((await call('recording', { recording: false })).json).toMatchObject({
      recording: false,
      path: 'out',
    });
    expect((await call('recording', { recording: true, startTime: 20, endTime: 10 })).status).toBe(400);
  });
});
