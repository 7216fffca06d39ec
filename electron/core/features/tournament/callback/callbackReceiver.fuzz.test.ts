import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import type { TournamentResultView } from '@shared/contract';
import { afterAll, beforeAll, describe } from 'vitest';
import { z } from 'zod';
import { jsonInputs, jsonText, mutatedText } from '../../../tools/testkit/fuzz/fuzzInputs';
import { fuzzParser, schemaProblem, type Parsed } from '../../../tools/testkit/fuzz/parserFuzz';
import { openTournamentStore, type TournamentStore } from '../storage/tournamentStore';
import { signedCallbackFixture } from '../../../tools/testkit/tournament/signedCallbackFixture';
import { storedCode } from '../../../tools/testkit/tournament/storedFixtures';
import { createCallbackReceiver, type CallbackReceiver, type CallbackVerdict } from './callbackReceiver';

const secret = randomBytes(32);
const CODE = 'NA0a1b2-11111111-2222-4333-a444-555555555555';
const NONCE = 'batch-one-nonce';

// The two forms the service sends (spec 1 §2.3), signed for a code the desk made.
const current = signedCallbackFixture({ secret, code: CODE, nonce: NONCE });
const withTeams = signedCallbackFixture(
  { secret, code: CODE, nonce: NONCE },
  {
    gameId: 5_500_000_002,
    winningTeam: [{ summonerName: 'Sightline', puuid: 'p1' }, { summonerId: 12345 }],
    losingTeam: [{ summonerName: 'Opponent', puuid: 'p2' }],
  },
);
const JSON_TOKENS = ['{', '}', '[', ']', '"', ':', ',', '\\', '\\u0000', 'null', 'true', '1e999', '-0', ' '];

/** What reaches the route: a JSON body, JSON text cut about, or any bytes at all. */
const bodies = fc.oneof(
  {
    arbitrary: jsonInputs([current, withTeams]).map((value) => Buffer.from(jsonText(value))),
    weight: 6,
  },
  {
    arbitrary: mutatedText([JSON.stringify(current), JSON.stringify(withTeams)], JSON_TOKENS).map((text) =>
      Buffer.from(text),
    ),
    weight: 3,
  },
  { arbitrary: fc.uint8Array({ maxLength: 2048 }).map((bytes) => Buffer.from(bytes)), weight: 1 },
);

const resultSchema: z.ZodType<TournamentResultView> = z.object({
  code: z.string().min(1),
  tournamentId: z.number().int().positive(),
  gameId: z.number().int().positive(),
  matchId: z.string(),
  routing: z.string(),
  matchPath: z.string().startsWith('/matches?'),
  source: z.literal('callback'),
  receivedAt: z.number(),
  startTime: z.number(),
  gameName: z.string(),
  gameType: z.string(),
  gameMode: z.string(),
  gameMap: z.number().int(),
  region: z.string(),
  winningTeam: z.array(z.string().min(1)),
  losingTeam: z.array(z.string().min(1)),
  metadata: z.string(),
  winners: z.array(z.string().min(1)),
  losers: z.array(z.string().min(1)),
  durationSeconds: z.null(),
  players: z.literal('looking-up'),
  playersError: z.null(),
  review: z.boolean(),
  counts: z.boolean().nullable(),
});

let folder: string;
let store: TournamentStore;
let receiver: CallbackReceiver;
let verdicts: CallbackVerdict[] = [];

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'sightline-callback-fuzz-'));
  store = await openTournamentStore(join(folder, 'tournaments.db'), { callbackLogKeep: 50 });
  await store.saveCodes([
    storedCode(CODE, { status: 'in-game', metadata: '{"title":"Game 42 - Finals"}', batchNonce: NONCE }),
  ]);
  receiver = createCallbackReceiver({
    secret,
    store,
    now: () => 1_700_000_400_000,
    version: () => 'v5',
    onVerdict: (verdict) => verdicts.push(verdict),
  });
});
afterAll(async () => {
  store.close();
  await rm(folder, { recursive: true, force: true });
});

describe('tournament callbacks, fuzzed', () => {
  fuzzParser({
    name: 'tournament callback',
    inputs: bodies,
    parse: async (body): Promise<Parsed<CallbackVerdict>> => {
      verdicts = [];
      const answer = await receiver.receive(body);
      const verdict = verdicts[0];
      if (answer.status !== 200 || !verdict) return { ok: false, message: String(answer.body) };
      return { ok: true, value: verdict };
    },
    outputProblem: (verdict) => {
      if (verdict.outcome === 'rejected') return 'a rejected callback was answered 200';
      if (!verdict.result) return `a callback ${verdict.outcome} without its result`;
      return schemaProblem(resultSchema, verdict.result);
    },
    // Each verdict is logged to tournaments.db, which syncs its writes to disk.
    timeCapMs: 250,
  });
});
