import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  SIMULATOR_API_KEY,
  startWebApiSimulator,
  type RunningWebApiSimulator,
} from '../../../../simulator/webApi/webApiSimulator';
import { createHttpClient } from '../../../platform/net/httpClient';
import { deskRequests } from '../cli/deskRequests';
import { createSpringCup, deskValue } from '../../../tools/testkit/tournament/springCup';
import { openSimulatedDesk } from '../../../tools/testkit/tournament/simulatedDesk';
import { startStandaloneReceiver, type RunningReceiver } from './standaloneReceiver';

let simulator: RunningWebApiSimulator;
let dataDir: string;
let receiver: RunningReceiver | null = null;
const http = createHttpClient();

beforeAll(async () => {
  simulator = await startWebApiSimulator({ appLimits: '100:1,1000:10' });
});
afterAll(async () => {
  http.close();
  await simulator.close();
});
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'sightline-receiver-'));
});
afterEach(async () => {
  await receiver?.close();
  receiver = null;
  simulator.control.reset();
  await rm(dataDir, { recursive: true, force: true });
});

/** The organizer's desk (v4, tournament key) makes two codes, then closes; its data folder goes to the server. */
async function codesFromTheDesk(): Promise<string[]> {
  const { feature, close } = await openSimulatedDesk({
    dataDir,
    http,
    hostTemplate: simulator.baseTemplate,
    apiKey: SIMULATOR_API_KEY,
    webApi: { keyKind: 'production', apiVersion: 'v4' },
  });
  const desk = deskRequests(feature.handlers);
  const tournamentId = await createSpringCup(desk);
  // Two creation calls: two batches, each with its own signed metaData.
  const codes: string[] = [];
  for (let call = 0; call < 2; call += 1) {
    const created = deskValue(await desk.request('tournament.codes.create', { tournamentId, count: 1 }));
    codes.push(...created.codes.map((code) => code.code));
  }
  await close();
  return codes;
}

async function startReceiver(): Promise<RunningReceiver> {
  receiver = await startStandaloneReceiver({ dataDir, listen: { host: '127.0.0.1', port: 0 } });
  simulator.control.tournament.redirectCallbacks(`http://127.0.0.1:${receiver.port}`);
  simulator.control.tournament.setCallbackRetry(20, 3);
  return receiver;
}

describe('the standalone receiver against the simulator’s callbacks', () => {
  it('binds the signed metaData to its batch: a replay under a code of another batch with a made-up game is refused', async () => {
    const [played = '', other = ''] = await codesFromTheDesk();
    // Each code came from its own call (batch), with its own signed metaData.
    const sent = simulator.control.tournament.codes();
    expect(sent.map((code) => code.code)).toEqual([played, other]);
    expect(sent[0]?.metaData).not.toBe(sent[1]?.metaData);
    const { store } = await startReceiver();

    expect(await simulator.control.tournament.finishGame(played)).toBe(200);
    expect(await store.listResults()).toMatchObject([{ code: played, source: 'callback' }]);

    // The real body, under the other code (which has no result yet) and with an invented game.
    const replay = { shortCode: other, gameId: 5_000_999_999 };
    expect(await simulator.control.tournament.replayCallback(played, replay)).toBe(403);
    expect(await store.listResults()).toHaveLength(1);
    const [rejection] = await store.callbackLog('rejected', 1);
    expect(rejection).toMatchObject({ shortCode: other, outcome: 'rejected' });
    expect(rejection?.reason).toBe(
      'the code is not a member of the batch its signature names (a callback replayed under another code)',
    );

    // The other code's own game is still taken.
    expect(await simulator.control.tournament.finishGame(other)).toBe(200);
    expect((await store.listResults()).map((result) => result.code).sort()).toEqual([other, played].sort());
  });

  it('records a result once per code and game: repeats are acknowledged, a second game kept for review', async () => {
    const [code = ''] = await codesFromTheDesk();
    const { store } = await startReceiver();
    expect(await simulator.control.tournament.finishGame(code, { duplicates: 2 })).toBe(200);
    expect(await simulator.control.tournament.replayCallback(code)).toBe(200);
    expect(await store.listResults()).toHaveLength(1);
    // The repeats are answered from memory: nothing written, not even a log line.
    expect(await store.callbackCounts()).toEqual({ accepted: 1, duplicate: 0, rejected: 0 });
    // Another game on the code (a remake): answered 200, kept beside the first, for the organizer to choose.
    expect(await simulator.control.tournament.replayCallback(code, { gameId: 5_000_999_998 })).toBe(200);
    expect((await store.listResults()).map((result) => result.review)).toEqual([true, true]);
  });
});
