import { randomBytes } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { problem, type WebApiResult } from '../../webApi/client/webApiProblem';
import { createFakeScheduler, type FakeScheduler } from '../../../tools/testkit/fakeScheduler';
import type { GameFacts } from '../api/tournamentApi';
import { signMetaData } from '../metaDataSignature';
import { openTournamentStore, type TournamentStore } from '../storage/tournamentStore';
import { storedCode } from '../../../tools/testkit/tournament/storedFixtures';
import { createCallbackConfirmation, type CallbackDecision } from './callbackConfirmation';
import { createCallbackReceiver, type CallbackReceiver } from './callbackReceiver';

const MINUTE = 60_000;
const secret = randomBytes(32);
const NONCE = 'batch-one-nonce';
// Two codes of one creation call: the same signed metaData.
const CODE_A = 'NA0a1b2-aaaaaaaa-2222-4333-a444-555555555555';
const CODE_B = 'NA0a1b2-bbbbbbbb-2222-4333-a444-555555555555';
const GAME_A = 5_500_000_001;
const GAME_B = 5_500_000_002;
const metaData = signMetaData(secret, { tournamentId: 1002, text: 'Semi final' }, NONCE);

const callback = (shortCode: string, gameId: number) =>
  Buffer.from(
    JSON.stringify({
      startTime: 1_700_000_000_000,
      shortCode,
      metaData,
      gameId,
      gameName: 'game',
      gameType: 'Practice',
      gameMap: 11,
      gameMode: 'CLASSIC',
      region: 'NA1',
    }),
  );

const listed = (gameId: number): GameFacts => ({
  gameId,
  startTime: 1_700_000_000_000,
  gameName: 'game',
  gameType: 'Practice',
  gameMode: 'CLASSIC',
  gameMap: 11,
  region: 'NA1',
  winningTeam: ['w1', 'w2'],
  losingTeam: ['l1', 'l2'],
  metaData,
});

const code = (name: string) =>
  storedCode(name, { status: 'in-game', metadata: 'Semi final', batchNonce: NONCE });

let clock: FakeScheduler;
let store: TournamentStore;
let receiver: CallbackReceiver;
/** What games/by-code lists per code (absent: no game yet); null: the API does not answer. */
let games: Map<string, GameFacts[]> | null;
let looks: { code: string; at: number }[];
let decisions: CallbackDecision[];

beforeEach(async () => {
  clock = createFakeScheduler();
  store = await openTournamentStore(
    join(await mkdtemp(join(tmpdir(), 'sightline-confirm-')), 'tournaments.db'),
  );
  await store.saveCodes([code(CODE_A), code(CODE_B)]);
  games = new Map();
  looks = [];
  decisions = [];
  const confirmation = createCallbackConfirmation({
    scheduler: clock.scheduler,
    store,
    retryMs: MINUTE,
    maxAttempts: 3,
    gamesByCode: async (name): Promise<WebApiResult<GameFacts[]>> => {
      looks.push({ code: name, at: clock.now });
      if (!games) return problem('unavailable', 'The API is unavailable.');
      return { ok: true, value: games.get(name) ?? [] };
    },
    onDecided: (decision) => decisions.push(decision),
  });
  receiver = createCallbackReceiver({
    secret,
    store,
    now: () => clock.now,
    version: () => 'v5',
    confirmsByCode: async () => true,
    onVerdict: (verdict) => {
      if (verdict.outcome === 'held') confirmation.confirm(verdict.shortCode);
    },
  });
});
afterEach(() => store.close());

describe('confirming held callbacks with games/by-code', () => {
  it('records a genuine callback once the list has its game, with the teams the list gives', async () => {
    games?.set(CODE_A, [listed(GAME_A)]);
    expect((await receiver.receive(callback(CODE_A, GAME_A))).status).toBe(200);
    // Answered before the API was asked.
    expect(looks).toEqual([]);
    await clock.advance(0);
    expect(looks).toEqual([{ code: CODE_A, at: clock.now }]);
    expect(await store.listResults()).toMatchObject([
      {
        code: CODE_A,
        gameId: GAME_A,
        source: 'callback',
        metadata: 'Semi final',
        winningTeam: ['w1', 'w2'],
        losingTeam: ['l1', 'l2'],
      },
    ]);
    expect(await store.heldCallbacks()).toEqual([]);
    expect(decisions).toMatchObject([{ code: CODE_A, outcome: 'accepted' }]);
    expect((await store.callbackLog('accepted', 1))[0]?.reason).toBe('confirmed by games/by-code');
    // The sender's retry afterwards changes nothing: answered from memory, not even logged.
    expect((await receiver.receive(callback(CODE_A, GAME_A))).status).toBe(200);
    expect(await store.callbackCounts()).toEqual({ accepted: 1, duplicate: 0, rejected: 0 });
  });

  it('refuses a genuine callback re-sent under another code of the same creation call', async () => {
    games?.set(CODE_A, [listed(GAME_A)]);
    games?.set(CODE_B, [listed(GAME_B)]);
    // A's real body with B's code: the signature and the nonce are B's too.
    expect((await receiver.receive(callback(CODE_B, GAME_A))).status).toBe(200);
    await clock.advance(0);
    expect(await store.listResults()).toEqual([]);
    expect(await store.heldCallbacks()).toEqual([]);
    const [rejection] = await store.callbackLog('rejected', 1);
    expect(rejection).toMatchObject({ shortCode: CODE_B, outcome: 'rejected' });
    expect(rejection?.reason).toContain(`lists game ${GAME_B} for this code, not game ${GAME_A}`);
    // B's own callback is still taken.
    await receiver.receive(callback(CODE_B, GAME_B));
    await clock.advance(0);
    expect((await store.listResults()).map((result) => [result.code, result.gameId])).toEqual([
      [CODE_B, GAME_B],
    ]);
  });

  it('looks again while the list has no game, then refuses; the sender was answered at once', async () => {
    expect((await receiver.receive(callback(CODE_B, GAME_A))).status).toBe(200);
    await clock.advance(10 * MINUTE);
    expect(looks.map((look) => look.at - (looks[0]?.at ?? 0))).toEqual([0, MINUTE, 2 * MINUTE]);
    expect(await store.listResults()).toEqual([]);
    expect((await store.callbackLog('rejected', 1))[0]?.reason).toContain(
      'games/by-code lists no game for this code after 3 looks',
    );
  });

  it('confirms at a later look when the game is listed late, and refuses when the API never answers', async () => {
    await receiver.receive(callback(CODE_A, GAME_A));
    await clock.advance(0);
    games?.set(CODE_A, [listed(GAME_A)]);
    await clock.advance(MINUTE);
    expect(decisions).toMatchObject([{ code: CODE_A, outcome: 'accepted' }]);

    games = null;
    await receiver.receive(callback(CODE_B, GAME_B));
    await clock.advance(5 * MINUTE);
    expect(decisions.at(-1)).toMatchObject({ code: CODE_B, outcome: 'rejected' });
    expect(decisions.at(-1)?.reason).toContain('did not answer (The API is unavailable.)');
  });

  it('defers to a result recorded by code meanwhile, and asks the list about the other game', async () => {
    await receiver.receive(callback(CODE_A, GAME_A));
    await receiver.receive(callback(CODE_A, GAME_B));
    const [held] = await store.heldCallbacks(CODE_A);
    if (!held) throw new Error('not held');
    await store.recordResult({ ...held, source: 'fallback' });
    await clock.advance(0);
    // Game B is not the code's: the list does not have it.
    games?.set(CODE_A, [listed(GAME_A)]);
    await clock.advance(MINUTE);
    expect(decisions.map((decision) => [decision.gameId, decision.outcome])).toEqual([
      [GAME_A, 'duplicate'],
      [GAME_B, 'rejected'],
    ]);
    expect(await store.listResults()).toMatchObject([{ gameId: GAME_A, source: 'fallback', review: false }]);
  });

  it('records every game the list has for the code (a remake), and the code waits for the organizer', async () => {
    games?.set(CODE_A, [listed(GAME_A), listed(GAME_B)]);
    await receiver.receive(callback(CODE_A, GAME_A));
    await clock.advance(0);
    expect((await receiver.receive(callback(CODE_A, GAME_B))).status).toBe(200);
    await clock.advance(0);
    expect(decisions.map((decision) => [decision.gameId, decision.outcome])).toEqual([
      [GAME_A, 'accepted'],
      [GAME_B, 'accepted'],
    ]);
    expect((await store.listResults()).map(({ gameId, review }) => [gameId, review]).sort()).toEqual([
      [GAME_A, true],
      [GAME_B, true],
    ]);
  });
});
