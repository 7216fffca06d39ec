import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { INITIAL_TOURNAMENT_STATE } from '@shared/contract';
import { createHttpClient } from '../../platform/net/httpClient';
import { openTestFeatureContext } from '../../tools/testkit/testFeatureContext';
import { openTournamentStore, type TournamentStore } from './storage/tournamentStore';
import { storedCode } from '../../tools/testkit/tournament/storedFixtures';
import { createTournamentStatePublisher } from './tournamentStatePublisher';

const http = createHttpClient();
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

describe('the tournament slice told of changes made elsewhere', () => {
  it('reads the store once or twice for a burst of 100 changes, and shows the last', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'sightline-publisher-'));
    const store = await openTournamentStore(join(dataDir, 'tournaments.db'));
    cleanups.push(async () => {
      store.close();
      await rm(dataDir, { recursive: true, force: true });
    });
    let reads = 0;
    // The store as the desk has it, counting the slice's reads (one listCodes per read).
    const counted: TournamentStore = {
      ...store,
      listCodes: () => {
        reads += 1;
        return store.listCodes();
      },
    };
    const context = await openTestFeatureContext({ dataDir, http });
    const publisher = createTournamentStatePublisher(context, {
      desk: { storeOf: async () => counted, kind: () => 'stub-v5' },
      webApi: { keyFingerprint: async () => null },
      waiting: {
        fallbacks: () => new Map(),
        resultWatches: () => new Map(),
        lobby: () => INITIAL_TOURNAMENT_STATE.lobby,
      },
    });
    cleanups.push(async () => publisher.stop());

    await store.saveCodes([storedCode('NA04-LAST-OF-BURST', { status: 'in-game' })]);
    // As the changes watch calls it: one change after another, without waiting.
    for (let index = 0; index < 100; index += 1) publisher.refreshSoon();
    const shown = () => context.hub.state.tournament.codes.map((code) => code.code);
    for (let waited = 0; !shown().includes('NA04-LAST-OF-BURST'); waited += 10) {
      if (waited > 2000) throw new Error('the last change was never shown');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(reads).toBeGreaterThanOrEqual(1);
    expect(reads).toBeLessThanOrEqual(2);
  });
});
