import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createHttpClient } from '../../../platform/net/httpClient';
import { createMemorySecretStore } from '../../../platform/secrets/secretStore';
import {
  startThrowawayPostgres,
  type ThrowawayPostgres,
} from '../../../tools/testkit/postgres/throwawayPostgres';
import { openTestFeatureContext } from '../../../tools/testkit/testFeatureContext';
import { createWebApiStack } from '../../webApi/webApiStack';
import { deskRequests } from '../cli/deskRequests';
import { SIGNING_SECRET_FILE } from '../signingSecret';
import { openTournamentStore, TOURNAMENT_DB_FILE, type TournamentStore } from '../storage/tournamentStore';
import { storedCode, storedResult } from '../../../tools/testkit/tournament/storedFixtures';
import { createTournamentFeature, type TournamentFeature } from '../tournamentFeature';
import { waitFor } from '../../../tools/testkit/waitFor';

let server: ThrowawayPostgres;
const http = createHttpClient();
const cleanups: (() => Promise<void>)[] = [];
beforeAll(async () => {
  server = await startThrowawayPostgres();
}, 60_000);
afterAll(async () => {
  http.close();
  await server.stop();
}, 30_000);
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A desk as the app starts it, on a data folder of its own, told only the shared database's URL. */
async function startDesk(url: string, retry = { firstMs: 100, maxMs: 200 }) {
  const dataDir = await mkdtemp(join(tmpdir(), 'sightline-shared-desk-'));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  const context = await openTestFeatureContext({
    dataDir,
    http,
    variables: { SIGHTLINE_TOURNAMENT_DATABASE_URL: url },
  });
  // Nothing here calls the web API: a port that nobody listens on.
  const stack = createWebApiStack({
    http,
    scheduler: context.scheduler,
    logger: context.logger,
    settings: () => context.settings.effective.webApi,
    hostTemplate: 'http://127.0.0.1:9/{routing}',
    apiKey: async () => null,
  });
  const feature: TournamentFeature = createTournamentFeature(context, {
    webApi: { client: stack.client, service: stack.service, keyFingerprint: async () => null },
    secrets: createMemorySecretStore(),
    databaseRetry: retry,
  });
  cleanups.push(async () => {
    await feature.stop?.();
    await stack.close();
  });
  return { dataDir, context, feature };
}

async function otherStore(url: string): Promise<TournamentStore> {
  const store = await openTournamentStore({ engine: 'postgres', url });
  cleanups.push(async () => store.close());
  return store;
}

describe('a desk on the shared PostgreSQL database', () => {
  it('keeps neither tournaments.db nor a signing secret file in its data folder: both are in the database', async () => {
    const url = await server.createDatabase();
    const { dataDir, feature } = await startDesk(url);
    await feature.ready;
    const files = await readdir(dataDir);
    expect(files).not.toContain(TOURNAMENT_DB_FILE);
    expect(files).not.toContain(SIGNING_SECRET_FILE);
    const second = await startDesk(url);
    await second.feature.ready;
    expect(existsSync(join(second.dataDir, SIGNING_SECRET_FILE))).toBe(false);
  });

  it('shows a code, its lobby status and a result another process writes, each within a second, without asking', async () => {
    const url = await server.createDatabase();
    const { context, feature } = await startDesk(url);
    await feature.ready;
    const other = await otherStore(url);
    await other.saveCodes([storedCode('NA04-SHARED-CODE', { status: 'in-game' })]);
    await waitFor(
      () => context.hub.state.tournament.codes.some((code) => code.code === 'NA04-SHARED-CODE'),
      1000,
    );
    // Another desk's lobby watch moves the code on (players in the lobby, then the game began).
    for (const status of ['lobby', 'in-game'] as const) {
      await other.patchCode('NA04-SHARED-CODE', { status });
      await waitFor(
        () =>
          context.hub.state.tournament.codes.find((code) => code.code === 'NA04-SHARED-CODE')?.status ===
          status,
        1000,
      );
    }
    await other.recordResult(storedResult('NA04-SHARED-CODE', 5_500_000_001));
    await waitFor(() => context.hub.state.tournament.results.length === 1, 1000);
    expect(context.hub.state.tournament.results[0]?.gameId).toBe(5_500_000_001);
  });

  it('says which database it cannot reach (never its password), answers requests at once, and opens it once it can', async () => {
    const later = `later_${process.pid}`;
    const admin = new URL(server.adminUrl);
    const url = new URL(server.adminUrl);
    url.pathname = `/${later}`;
    const { context, feature } = await startDesk(url.toString());
    const storageNotice = () =>
      context.hub.state.tournament.notices.find((notice) => notice.kind === 'storage')?.message ?? '';
    await waitFor(() => storageNotice() !== '', 5000);
    expect(storageNotice()).toContain(`${admin.username}:***@127.0.0.1:${server.port}/${later}`);
    expect(storageNotice()).toMatch(/trying again/);
    expect(storageNotice()).not.toContain(admin.password);
    const desk = deskRequests(feature.handlers);
    const started = Date.now();
    expect(await desk.request('tournament.results.list', {})).toMatchObject({
      ok: false,
      code: 'io',
      message: expect.stringMatching(/trying again/),
    });
    expect(Date.now() - started).toBeLessThan(1000);

    const client = new pg.Client({ connectionString: server.adminUrl });
    await client.connect();
    await client.query(`CREATE DATABASE ${later}`);
    await client.end();
    await feature.ready;
    await waitFor(() => context.hub.state.tournament.ready && storageNotice() === '', 5000);
    expect(await desk.request('tournament.results.list', {})).toEqual({ ok: true, value: [] });
  });
});
