import { randomBytes } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tournamentRequestInputSchemas } from '@shared/contract';
import { problem, type WebApiResult } from '../../webApi/client/webApiProblem';
import type { TournamentApi } from '../api/tournamentApi';
import { verifyMetaData } from '../metaDataSignature';
import { openTournamentStore, type StoredCodeBatch, type TournamentStore } from '../storage/tournamentStore';
import { createCodeBatches } from './codeBatches';

const secret = randomBytes(32);
let store: TournamentStore;
/** What the desk had recorded of each call's batch at the moment the call was sent. */
let seenAtCall: (StoredCodeBatch | null)[];
let answers: ((count: number) => WebApiResult<string[]>)[];

const input = (count: number) =>
  tournamentRequestInputSchemas['tournament.codes.create'].parse({
    tournamentId: 1002,
    count,
    teamSize: 1,
    metadata: 'Round 1',
  });

function codeBatches() {
  let made = 0;
  const api = {
    createCodes: async (_tournamentId: number, count: number, _settings: unknown, metaData: string) => {
      const signed = verifyMetaData(secret, metaData);
      seenAtCall.push(signed.ok ? await store.getBatch(signed.nonce) : null);
      const answer = answers.shift();
      if (answer) return answer(count);
      return {
        ok: true as const,
        value: Array.from({ length: count }, () => `NA-${String((made += 1)).padStart(4, '0')}`),
      };
    },
  } as unknown as TournamentApi;
  return createCodeBatches({
    desk: { api, signal: new AbortController().signal, storage: async () => ({ secret, store }) },
    now: () => 1_700_000_000_000,
    refresh: async () => undefined,
    playersOf: async (input) => ({ allowedParticipants: input.allowedParticipants }),
  });
}

beforeEach(async () => {
  store = await openTournamentStore(
    join(await mkdtemp(join(tmpdir(), 'sightline-batches-')), 'tournaments.db'),
  );
  await store.saveTournament({
    tournamentId: 1002,
    providerId: 1,
    api: 'v5',
    name: 'Cup',
    callbackUrl: 'http://cb.organizer.org/cb',
    createdAt: 0,
    firstMatchAt: null,
    policy: {
      participants: 2000,
      entryFee: 0,
      prizePoolShare: 100,
      betting: false,
      winCondition: 'Best of one.',
    },
  });
  seenAtCall = [];
  answers = [];
});
afterEach(() => store.close());

describe('creating codes in batches', () => {
  it('asks for 1,000 codes in 10 calls of 100, each a batch recorded before its call and closed with its codes', async () => {
    const created = await codeBatches()(input(1000));
    expect(created.codes).toHaveLength(1000);
    expect(seenAtCall).toHaveLength(10);
    // Recorded before the call went out, still pending then.
    expect(seenAtCall.map((batch) => [batch?.asked, batch?.created])).toEqual(
      seenAtCall.map(() => [100, null]),
    );
    const stored = await store.listCodes();
    expect(stored).toHaveLength(1000);
    const nonces = new Set(stored.map((code) => code.batchNonce));
    expect(nonces.size).toBe(10);
    for (const nonce of nonces) {
      expect(await store.getBatch(nonce ?? '')).toMatchObject({
        asked: 100,
        created: 100,
        tournamentId: 1002,
      });
      expect(await store.batchSize(nonce ?? '')).toBe(100);
    }
  });

  it('keeps the codes of the calls that answered when a later one fails, and says how many', async () => {
    answers = [
      (count) => ({ ok: true, value: Array.from({ length: count }, (_, index) => `NA-first-${index}`) }),
      () => problem('unavailable', 'The web API is not answering.', 503),
    ];
    await expect(codeBatches()(input(300))).rejects.toThrow(
      '100 of 300 codes were created and kept; then: The web API is not answering.',
    );
    expect(await store.listCodes()).toHaveLength(100);
    // The API answered with a status: it made nothing, and the batch is closed empty.
    const failedNonce = seenAtCall[1]?.nonce ?? '';
    expect(await store.getBatch(failedNonce)).toMatchObject({ created: 0 });
  });

  it('leaves a batch pending when its call got no answer: its codes may exist at the API', async () => {
    answers = [() => problem('unavailable', 'The connection was reset.')];
    await expect(codeBatches()(input(5))).rejects.toThrow('The connection was reset.');
    expect(await store.getBatch(seenAtCall[0]?.nonce ?? '')).toMatchObject({ asked: 5, created: null });
  });
});
