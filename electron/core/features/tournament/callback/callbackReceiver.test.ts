import { randomBytes } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signMetaData } from '../metaDataSignature';
import { startRouteServer, type RouteServer } from '../receiver/routeServer';
import { openTournamentStore, type StoredCode, type TournamentStore } from '../storage/tournamentStore';
import { signedCallbackFixture } from '../../../tools/testkit/tournament/signedCallbackFixture';
import { storedCode } from '../../../tools/testkit/tournament/storedFixtures';
import {
  callbackSource,
  createCallbackReceiver,
  type CallbackReceiver,
  type CallbackReceiverOptions,
  type CallbackVerdict,
} from './callbackReceiver';

const secret = randomBytes(32);
const CODE = 'NA0a1b2-11111111-2222-4333-a444-555555555555';
const OTHER_CODE = 'NA0a1b2-66666666-2222-4333-a444-555555555555';
const NONCE = 'batch-one-nonce';
let store: TournamentStore;
let receiver: CallbackReceiver;
let verdicts: CallbackVerdict[];

const body = (changes: Record<string, unknown> = {}) =>
  Buffer.from(JSON.stringify(signedCallbackFixture({ secret, code: CODE, nonce: NONCE }, changes)));

const codeOfGame42 = (changes: Partial<StoredCode> = {}): StoredCode =>
  storedCode(CODE, {
    status: 'in-game',
    metadata: '{"title":"Game 42 - Finals"}',
    batchNonce: NONCE,
    ...changes,
  });

beforeEach(async () => {
  store = await openTournamentStore(
    join(await mkdtemp(join(tmpdir(), 'sightline-callback-')), 'tournaments.db'),
    { callbackLogKeep: 50 },
  );
  // The desk made CODE; tests that need another code or batch save their own.
  await store.saveCodes([codeOfGame42()]);
  verdicts = [];
  receiver = createCallbackReceiver({
    secret,
    store,
    now: () => 1_700_000_400_000,
    version: () => 'v5',
    onVerdict: (verdict) => verdicts.push(verdict),
  });
});
afterEach(() => store.close());

describe('the callback receiver', () => {
  it('is a POST-only public route with a small body limit', () => {
    expect(receiver.route).toMatchObject({ method: 'POST', path: '/tournament/callback' });
    expect(receiver.route.maxBodyBytes).toBeLessThanOrEqual(16 * 1024);
  });

  it('stores a signed callback of the current form with a link to the match page', async () => {
    expect(await receiver.receive(body())).toMatchObject({ status: 200 });
    const [result] = await store.listResults();
    expect(result).toMatchObject({
      code: CODE,
      tournamentId: 1002,
      gameId: 5_500_000_001,
      matchId: 'NA1_5500000001',
      routing: 'americas',
      matchPath: `/matches?match=NA1_5500000001&routing=americas&code=${CODE}`,
      source: 'callback',
      metadata: '{"title":"Game 42 - Finals"}',
      winningTeam: [],
    });
  });

  it('reads the older form with winningTeam and losingTeam', async () => {
    const teams = {
      winningTeam: [{ summonerId: 11, summonerName: 'Brightwater' }],
      losingTeam: [{ summonerId: 12, summonerName: 'New Tide' }],
    };
    expect((await receiver.receive(body(teams))).status).toBe(200);
    expect((await store.listResults())[0]).toMatchObject({
      winningTeam: ['Brightwater'],
      losingTeam: ['New Tide'],
      // Shown until the game looked up by code names them by Riot ID.
      winners: ['Brightwater'],
      losers: ['New Tide'],
      players: 'looking-up',
    });
  });

  it('answers 200 to the sender’s retries and duplicates without storing twice', async () => {
    const answers = await Promise.all([
      receiver.receive(body()),
      receiver.receive(body()),
      receiver.receive(body()),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(await store.listResults()).toHaveLength(1);
    expect(await store.callbackCounts()).toEqual({ accepted: 1, duplicate: 2, rejected: 0 });
  });

  it('rejects a forged callback with 403 and records it', async () => {
    const forged = JSON.parse(body().toString()) as { metaData: string };
    const envelope = JSON.parse(forged.metaData) as Record<string, unknown>;
    const tampered = JSON.stringify({ ...envelope, m: '{"title":"Game 42 - red wins"}' });
    expect((await receiver.receive(body({ metaData: tampered }))).status).toBe(403);
    expect((await receiver.receive(body({ metaData: '{"title":"Final"}' }))).status).toBe(403);
    const otherSecret = signMetaData(randomBytes(32), { tournamentId: 1002, text: 'x' });
    expect((await receiver.receive(body({ metaData: otherSecret }))).status).toBe(403);
    expect(await store.listResults()).toEqual([]);
    expect(await store.callbackCounts()).toEqual({ accepted: 0, duplicate: 0, rejected: 3 });
    expect(verdicts.every((verdict) => verdict.outcome === 'rejected')).toBe(true);
    expect((await store.callbackLog('rejected', 5))[0]?.reason).toContain('signature');
  });

  it('answers 200 to a second game on a code (a remake), keeps both and puts the code up for review', async () => {
    await receiver.receive(body());
    const second = await receiver.receive(body({ gameId: 5_500_000_999 }));
    expect(second).toEqual({
      status: 200,
      body: 'recorded beside game 5500000001 of this code: the organizer chooses which counts',
    });
    const stored = await store.listResults({ code: CODE });
    expect(
      stored
        .map(({ gameId, review, counts }) => ({ gameId, review, counts }))
        .sort((a, b) => a.gameId - b.gameId),
    ).toEqual([
      { gameId: 5_500_000_001, review: true, counts: null },
      { gameId: 5_500_000_999, review: true, counts: null },
    ]);
    expect(await store.callbackCounts()).toEqual({ accepted: 2, duplicate: 0, rejected: 0 });
    // Its retry is acknowledged only.
    expect((await receiver.receive(body({ gameId: 5_500_000_999 }))).status).toBe(200);
    expect(await store.listResults({ code: CODE })).toHaveLength(2);
  });

  it('rejects a signature for another tournament than the code’s', async () => {
    await store.saveCodes([codeOfGame42({ tournamentId: 7 })]);
    const answer = await receiver.receive(body());
    expect(answer.status).toBe(403);
    expect(answer.body).toContain('not this code');
  });

  it('refuses a genuine callback re-sent under a code of another creation call of the same tournament', async () => {
    await store.saveCodes([
      codeOfGame42(),
      codeOfGame42({ code: OTHER_CODE, batchNonce: 'batch-two-nonce' }),
    ]);
    const replay = await receiver.receive(body({ shortCode: OTHER_CODE }));
    expect(replay.status).toBe(403);
    expect(replay.body).toBe(
      `rejected: the signed metaData was issued for the code ${CODE}, not ${OTHER_CODE} (a callback replayed under another code)`,
    );
    expect(await store.listResults()).toEqual([]);
    // The same body under the code it was made for is taken.
    expect((await receiver.receive(body())).status).toBe(200);
    expect((await store.listResults()).map((result) => result.code)).toEqual([CODE]);
  });

  it('decides callbacks one at a time: a game arriving twice at once is recorded once, a second game beside it', async () => {
    // A slow write: deciding in parallel, every callback would read no result before the first is stored.
    const slow: TournamentStore = {
      ...store,
      recordResult: async (result) => {
        await new Promise((resolve) => setTimeout(resolve, 20));
        return store.recordResult(result);
      },
    };
    const oneAtATime = createCallbackReceiver({ secret, store: slow, now: () => 1, version: () => 'v5' });
    const answers = await Promise.all(
      [5_500_000_001, 5_500_000_001, 5_500_000_002].map((gameId) => oneAtATime.receive(body({ gameId }))),
    );
    expect(answers.map((answer) => answer.body)).toEqual([
      'recorded',
      'already recorded',
      'recorded beside game 5500000001 of this code: the organizer chooses which counts',
    ]);
    expect(await store.listResults({ code: CODE })).toMatchObject([
      { gameId: 5_500_000_002 },
      { gameId: 5_500_000_001 },
    ]);
  });

  it('checks codes stored before nonces were kept by their tournament only', async () => {
    await store.saveCodes([codeOfGame42({ batchNonce: null })]);
    expect((await receiver.receive(body())).status).toBe(200);
    expect(await store.listResults()).toHaveLength(1);
  });

  it('holds the callbacks of codes games/by-code can confirm: 200, no result, retries are duplicates', async () => {
    const confirmable = createCallbackReceiver({
      secret,
      store,
      now: () => 1_700_000_400_000,
      version: () => 'v5',
      confirmsByCode: async (code) => code.code === CODE,
      onVerdict: (verdict) => verdicts.push(verdict),
    });
    await store.saveCodes([codeOfGame42(), codeOfGame42({ code: OTHER_CODE })]);
    const first = await confirmable.receive(body());
    expect(first).toEqual({ status: 200, body: 'received; held until games/by-code confirms the game' });
    // A retry is answered from memory: no write, no log line.
    expect(await confirmable.receive(body())).toEqual({
      status: 200,
      body: 'already received; held until games/by-code confirms the game',
    });
    // Another game under the same code is held too: the list decides which, if any, is the code's.
    expect((await confirmable.receive(body({ gameId: 5_500_000_002 }))).status).toBe(200);
    expect(verdicts.map((verdict) => verdict.outcome)).toEqual(['held', 'held']);
    expect((await store.heldCallbacks(CODE)).map((held) => held.gameId)).toEqual([
      5_500_000_001, 5_500_000_002,
    ]);
    expect(await store.listResults()).toEqual([]);
    // Held ones are logged when decided.
    expect(await store.callbackCounts()).toEqual({ accepted: 0, duplicate: 0, rejected: 0 });
    // A code the list cannot confirm records as before.
    expect((await confirmable.receive(body({ shortCode: OTHER_CODE }))).status).toBe(200);
    expect((await store.listResults()).map((result) => result.code)).toEqual([OTHER_CODE]);
  });

  it('adopts an unknown code signed with a pending batch of the desk (its call never answered), then confirms it', async () => {
    const pending = 'batch-killed-mid-call';
    await store.openBatch({
      nonce: pending,
      tournamentId: 1002,
      asked: 2,
      askedAt: 1_700_000_000_000,
      settings: codeOfGame42().settings,
      metadata: 'Round 2',
      created: null,
    });
    const confirmable = createCallbackReceiver({
      secret,
      store,
      now: () => 1_700_000_400_000,
      version: () => 'v5',
      confirmsByCode: async () => true,
      onVerdict: (verdict) => verdicts.push(verdict),
    });
    const adopted = ['NA0a1b2-aaaaaaaa-2222-4333-a444-555555555555', OTHER_CODE];
    for (const [index, code] of adopted.entries()) {
      const callback = signedCallbackFixture(
        { secret, code, nonce: pending },
        { gameId: 5_800_000_000 + index },
      );
      expect(await confirmable.receive(Buffer.from(JSON.stringify(callback)))).toEqual({
        status: 200,
        body: 'received; held until games/by-code confirms the game',
      });
    }
    expect(await store.getCode(OTHER_CODE)).toMatchObject({
      tournamentId: 1002,
      batchNonce: pending,
      metadata: 'Round 2',
      status: 'open',
    });
    expect((await store.heldCallbacks()).map((held) => held.code).sort()).toEqual([...adopted].sort());
    // No more codes than the call asked for.
    const third = signedCallbackFixture({
      secret,
      code: 'NA0a1b2-bbbbbbbb-2222-4333-a444-555555555555',
      nonce: pending,
    });
    expect((await confirmable.receive(Buffer.from(JSON.stringify(third)))).status).toBe(403);
  });

  it('adopts nothing into a batch whose call answered: a code it did not return is not the desk’s', async () => {
    await store.openBatch({
      nonce: 'batch-answered',
      tournamentId: 1002,
      asked: 5,
      askedAt: 1_700_000_000_000,
      settings: codeOfGame42().settings,
      metadata: '',
      created: null,
    });
    await store.closeBatch('batch-answered', [codeOfGame42({ batchNonce: 'batch-answered' })]);
    const unknown = signedCallbackFixture({ secret, code: OTHER_CODE, nonce: 'batch-answered' });
    expect((await receiver.receive(Buffer.from(JSON.stringify(unknown)))).status).toBe(403);
    expect(await store.getCode(OTHER_CODE)).toBeNull();
    // The batch's own code still counts as its member.
    expect(
      (
        await receiver.receive(
          Buffer.from(JSON.stringify(signedCallbackFixture({ secret, code: CODE, nonce: 'batch-answered' }))),
        )
      ).status,
    ).toBe(200);
  });

  it('refuses bodies that are not results, with 400', async () => {
    expect((await receiver.receive(Buffer.from('not json'))).status).toBe(400);
    expect((await receiver.receive(Buffer.from('{"shortCode":"X"}'))).status).toBe(400);
  });

  it('refuses a code this desk did not create, even under a valid signature, and stores nothing', async () => {
    const unknown = signedCallbackFixture({ secret, code: OTHER_CODE, nonce: 'nonce-of-no-stored-code' });
    const answer = await receiver.receive(Buffer.from(JSON.stringify(unknown)));
    expect(answer).toEqual({
      status: 403,
      body: `rejected: the code ${OTHER_CODE} was not created by this desk`,
    });
    expect(await store.listResults()).toEqual([]);
    expect(await store.heldCallbacks()).toEqual([]);
    expect(verdicts).toMatchObject([{ outcome: 'rejected', shortCode: OTHER_CODE }]);
  });
});

describe('the callback route over HTTP', () => {
  let server: RouteServer | null = null;
  let clock = 1_700_000_400_000;
  afterEach(async () => {
    await server?.close();
    server = null;
  });

  async function serve(options: Partial<CallbackReceiverOptions> = {}): Promise<string> {
    const route = createCallbackReceiver({
      secret,
      store,
      now: () => clock,
      version: () => 'v5',
      onVerdict: (verdict) => verdicts.push(verdict),
      ...options,
    }).route;
    server = await startRouteServer([route], { host: '127.0.0.1', port: 0 });
    return `http://127.0.0.1:${server.port}/tournament/callback`;
  }
  const post = (url: string, payload: Buffer, headers: Record<string, string> = {}) =>
    fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: payload,
    });

  it('takes only application/json (any case, with parameters); anything else is 415 and stores nothing', async () => {
    const url = await serve();
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'application/jsonp', '']) {
      const answer = await post(url, body(), { 'content-type': type });
      expect(answer.status, type).toBe(415);
    }
    const bare = await fetch(url, { method: 'POST', body: new Uint8Array(body()) });
    expect(bare.status).toBe(415);
    expect(await store.listResults()).toEqual([]);
    expect((await store.callbackLog('rejected', 1))[0]?.reason).toContain('application/json');

    expect((await post(url, body(), { 'content-type': 'Application/JSON; charset=utf-8' })).status).toBe(200);
    expect(await store.listResults()).toHaveLength(1);
  });

  it('keeps only the newest rejections in the log, while still counting all of them', async () => {
    const url = await serve({ loggedRefusalsPerMinute: 1000 });
    for (let index = 0; index < 200; index += 1) {
      const answer = await post(url, body({ shortCode: `NA-forged-${index}`, metaData: '{"title":"x"}' }));
      expect(answer.status).toBe(403);
    }
    const kept = await store.callbackLog('rejected', 1000);
    expect(kept).toHaveLength(50);
    expect(kept[0]?.shortCode).toBe('NA-forged-199');
    expect(kept.at(-1)?.shortCode).toBe('NA-forged-150');
    expect(await store.callbackCounts()).toEqual({ accepted: 0, duplicate: 0, rejected: 200 });
  }, 20_000);

  it('is not blocked by text/plain posts from its address: the issue’s attack, then a genuine callback gets 200', async () => {
    const url = await serve();
    const plain = () => post(url, body(), { 'content-type': 'text/plain' });
    // 30 simple requests a browser may send, then one every 2 s: each is refused by its type alone.
    for (let index = 0; index < 30; index += 1) expect((await plain()).status).toBe(415);
    for (let index = 0; index < 10; index += 1) {
      clock += 2_000;
      expect((await plain()).status).toBe(415);
    }
    const genuine = await post(url, body());
    expect(genuine.status).toBe(200);
    expect(await store.listResults()).toMatchObject([{ code: CODE, gameId: 5_500_000_001 }]);
  });

  it('is not blocked by a flood of well-formed JSON with a bad signature, nor by bodies that are not results', async () => {
    const url = await serve();
    const forgedMetaData = signMetaData(randomBytes(32), { tournamentId: 1002, text: 'x' }, NONCE);
    for (let index = 0; index < 100; index += 1) {
      expect((await post(url, body({ metaData: forgedMetaData }))).status).toBe(403);
      expect((await post(url, Buffer.from('{"shortCode":"X"}'))).status).toBe(400);
    }
    expect((await post(url, body())).status).toBe(200);
    expect(await store.listResults()).toHaveLength(1);
  }, 20_000);

  it('logs one source’s refusals one by one up to the cap, then once a minute; answers them all the same', async () => {
    const url = await serve({ loggedRefusalsPerMinute: 5 });
    for (let index = 0; index < 20; index += 1) {
      expect((await post(url, body(), { 'content-type': 'text/plain' })).status).toBe(415);
    }
    expect(await store.callbackCounts()).toEqual({ accepted: 0, duplicate: 0, rejected: 6 });
    expect((await store.callbackLog('rejected', 1))[0]?.reason).toBe(
      'more than 5 refused requests a minute from 127.0.0.1: the others of this minute are answered but not logged (the first of them: the body is not sent as Content-Type: application/json)',
    );
    expect(verdicts).toHaveLength(6);
    clock += 60_000;
    expect((await post(url, body(), { 'content-type': 'text/plain' })).status).toBe(415);
    expect((await store.callbackCounts()).rejected).toBe(7);
  });

  it('never throttles valid signed callbacks: 60 codes of one batch from one address in a second all get 200', async () => {
    const batchNonce = 'batch-of-sixty';
    const codes = Array.from(
      { length: 60 },
      (_, index) => `NA0a1b2-${String(index).padStart(8, '0')}-2222-4333-a444-555555555555`,
    );
    await store.saveCodes(codes.map((code) => codeOfGame42({ code, batchNonce })));
    const url = await serve();
    const answers = await Promise.all(
      codes.map((code, index) =>
        post(
          url,
          Buffer.from(
            JSON.stringify(
              signedCallbackFixture({ secret, code, nonce: batchNonce }, { gameId: 5_600_000_000 + index }),
            ),
          ),
        ),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(codes.map(() => 200));
    expect((await store.listResults()).map((result) => result.code).sort()).toEqual([...codes].sort());
    expect(await store.callbackCounts()).toEqual({ accepted: 60, duplicate: 0, rejected: 0 });
  }, 20_000);

  it('answers a valid body re-sent in a loop with 200 "already recorded", and writes nothing more', async () => {
    const url = await serve();
    expect((await post(url, body())).status).toBe(200);
    const logged = await store.callbackCounts();
    for (let index = 0; index < 100; index += 1) {
      const again = await post(url, body());
      expect([again.status, await again.text()]).toEqual([200, 'already recorded']);
    }
    expect(await store.callbackCounts()).toEqual(logged);
    expect(await store.listResults()).toHaveLength(1);
    expect(verdicts.map((verdict) => verdict.outcome)).toEqual(['accepted']);
  }, 20_000);

  it('caps the logging of refused signed callbacks per source, and still answers each with 403', async () => {
    const url = await serve({ loggedRefusalsPerMinute: 5 });
    for (let index = 0; index < 20; index += 1) {
      const unknown = signedCallbackFixture(
        { secret, code: `NA-unknown-${index}`, nonce: NONCE },
        { gameId: 5_700_000_000 + index },
      );
      expect((await post(url, Buffer.from(JSON.stringify(unknown)))).status).toBe(403);
    }
    expect((await store.callbackCounts()).rejected).toBe(6);
  }, 20_000);

  it('counts a request against its remote address, IPv4 either way it arrives', () => {
    const from = (remoteAddress: string | undefined) =>
      callbackSource({ socket: { remoteAddress } } as unknown as IncomingMessage);
    expect(from('::ffff:127.0.0.1')).toBe('127.0.0.1');
    expect(from('127.0.0.1')).toBe('127.0.0.1');
    expect(from('::1')).toBe('::1');
    expect(from(undefined)).toBe('unknown');
  });
});
