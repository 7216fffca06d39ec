import { chmod, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AppRequestError, webApiRequestInputSchemas } from '@shared/contract';
import {
  SIMULATOR_API_KEY,
  startWebApiSimulator,
  type RunningWebApiSimulator,
} from '../../../simulator/webApi/webApiSimulator';
import { createLogger } from '../../platform/log/logger';
import { createHttpClient } from '../../platform/net/httpClient';
import { createMemorySecretStore } from '../../platform/secrets/secretStore';
import { openTestFeatureContext } from '../../tools/testkit/testFeatureContext';
import { PLAIN_FILE_WARNING, type ApiKeyStorage } from './key/apiKeyStore';
import { deskCreatedCodeIn } from '../tournament/storage/deskCodeFile';
import { openTournamentStore, tournamentDbPath } from '../tournament/storage/tournamentStore';
import { storedCode } from '../../tools/testkit/tournament/storedFixtures';
import { createWebApiFeature, type WebApiFeature } from './webApiFeature';

let simulator: RunningWebApiSimulator;
let dataDir: string;
const http = createHttpClient();
const features: WebApiFeature[] = [];

beforeAll(async () => {
  simulator = await startWebApiSimulator({ appLimits: '100:1,1000:10' });
});
afterAll(async () => {
  http.close();
  await simulator.close();
});
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'sightline-webapi-'));
});
afterEach(async () => {
  for (const feature of features.splice(0)) await feature.stop?.();
  simulator.control.reset();
  await rm(dataDir, { recursive: true, force: true });
});

async function saveDeskCodes(codes: string[]): Promise<void> {
  const store = await openTournamentStore(tournamentDbPath(dataDir));
  await store.saveCodes(codes.map((code) => storedCode(code, { status: 'in-game' })));
  store.close();
}

async function start(options: { storage?: ApiKeyStorage; environmentKey?: string | null } = {}) {
  const lines: string[] = [];
  const logger = createLogger((line) => lines.push(line), 'debug');
  const context = await openTestFeatureContext({ dataDir, http, logger });
  const { hub, settings } = context;
  const messages: string[] = [];
  hub.subscribe((message) => messages.push(JSON.stringify(message)));
  const feature = createWebApiFeature(context, {
    keyStorage: options.storage ?? { kind: 'plain-file', file: join(dataDir, 'web-api-key') },
    environment: { hostTemplate: simulator.baseTemplate, apiKey: options.environmentKey ?? null },
    createdByDesk: (code) => deskCreatedCodeIn(dataDir, code),
  });
  features.push(feature);
  await new Promise((resolve) => setTimeout(resolve, 20));
  return { feature, handlers: feature.handlers, hub, messages, lines, settings };
}

describe('web API feature', () => {
  it('never lets the key reach a view, a pushed state or a log line', async () => {
    const app = await start();
    const outputs: unknown[] = [];
    const record = async <T>(promise: Promise<T>) => {
      try {
        const value = await promise;
        outputs.push(value);
        return value;
      } catch (error) {
        outputs.push(error instanceof AppRequestError ? error.error : String(error));
        return null;
      }
    };
    const status = await record(app.handlers['webApi.key.set']({ key: SIMULATOR_API_KEY, kind: 'personal' }));
    expect(status).toEqual({
      present: true,
      kind: 'personal',
      source: 'file',
      warning: PLAIN_FILE_WARNING,
      storage: { kind: 'plain-file', path: join(dataDir, 'web-api-key') },
    });
    const account = await record(
      app.handlers['webApi.account.byRiotId']({ riotId: 'Quiet Lantern#EUW', region: 'europe' }),
    );
    const puuid = account?.puuid ?? '';
    const summoner = await record(app.handlers['webApi.summoner.byPuuid']({ puuid, platform: 'euw1' }));
    const league = await record(
      app.handlers['webApi.league.entries']({ puuid: '', summonerId: summoner?.id ?? '', platform: 'euw1' }),
    );
    expect(league?.entries.map((entry) => `${entry.queueLabel}: ${entry.tier} ${entry.rank}`)).toEqual([
      '5v5 Ranked Solo: GOLD II',
      '5v5 Ranked Flex: SILVER I',
    ]);
    const recent = await record(
      app.handlers['webApi.matches.recent']({
        puuid,
        platform: 'euw1',
        accountId: summoner?.accountId ?? '',
        start: 0,
        count: 3,
      }),
    );
    await record(app.handlers['webApi.match.get']({ matchId: recent?.matchIds[0] ?? '', routing: '' }));
    await record(app.handlers['webApi.account.byRiotId']({ riotId: 'Nobody Here#EUW', region: 'europe' }));
    await record(app.handlers['webApi.summoner.byName']({ name: 'a/b', platform: 'euw1' }));
    await app.settings.update({ webApi: { authMode: 'query' } });
    simulator.control.failNext(1, 500);
    await record(app.handlers['webApi.summoner.byName']({ name: 'Quiet Lantern', platform: 'euw1' }));
    await record(app.handlers['webApi.key.status']({}));
    await record(app.handlers['webApi.key.clear']({}));

    expect(simulator.control.requests().some((request) => request.auth === 'query')).toBe(true);
    expect(outputs.length).toBe(11);
    const everything = [JSON.stringify(outputs), ...app.messages, ...app.lines].join('\n');
    expect(everything).toContain('Quiet Lantern');
    expect(everything).toContain('api_key=[redacted]');
    expect(everything).not.toContain(SIMULATOR_API_KEY);
    expect(everything).not.toContain(SIMULATOR_API_KEY.slice(6));
  });

  it('keeps the headless key in a 0600 file and ignores one that others can read', async () => {
    const file = join(dataDir, 'web-api-key');
    const app = await start();
    // Before any key is entered the panel can name the file a key would be written to.
    expect(app.hub.state.webApi.key).toMatchObject({
      present: false,
      source: null,
      storage: { kind: 'plain-file', path: file },
    });
    await app.handlers['webApi.key.set']({ key: ` ${SIMULATOR_API_KEY} `, kind: 'development' });
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await readFile(file, 'utf8')).trim()).toBe(SIMULATOR_API_KEY);
    expect(app.hub.state.webApi.key).toEqual({
      present: true,
      kind: 'development',
      source: 'file',
      warning: PLAIN_FILE_WARNING,
      storage: { kind: 'plain-file', path: file },
    });
    await chmod(file, 0o644);
    const loose = await app.handlers['webApi.key.status']({});
    expect(loose.present).toBe(false);
    expect(loose.warning).toMatch(/can be read by other users.*chmod 600/);
    await expect(
      app.handlers['webApi.match.get']({ matchId: 'EUW1_7101004000', routing: '' }),
    ).rejects.toThrow(/No API key/);
    expect(simulator.control.requests()).toEqual([]);
    await expect(app.handlers['webApi.key.set']({ key: 'hunter2', kind: 'development' })).rejects.toThrow(
      /starts with RGAPI-/,
    );
  });

  it('uses SIGHTLINE_API_KEY for the run, and the secret store in the desktop app', async () => {
    const fromEnvironment = await start({ environmentKey: SIMULATOR_API_KEY });
    expect(await fromEnvironment.handlers['webApi.key.status']({})).toMatchObject({
      present: true,
      source: 'environment',
    });
    await expect(
      fromEnvironment.handlers['webApi.key.set']({ key: SIMULATOR_API_KEY, kind: 'development' }),
    ).rejects.toThrow(/SIGHTLINE_API_KEY/);

    const store = createMemorySecretStore();
    const desktop = await start({ storage: { kind: 'secret-store', store } });
    expect(desktop.hub.state.webApi.key).toMatchObject({ present: false, storage: { kind: 'os-encrypted' } });
    await desktop.handlers['webApi.key.set']({ key: SIMULATOR_API_KEY, kind: 'production' });
    expect(await store.get('riotApiKey')).toBe(SIMULATOR_API_KEY);
    expect(desktop.hub.state.webApi.key).toMatchObject({
      present: true,
      kind: 'production',
      source: 'stored',
      storage: { kind: 'os-encrypted' },
    });
    const match = await desktop.handlers['webApi.match.get']({
      matchId: 'EUW1_7101004000',
      routing: 'europe',
    });
    expect(match.teams).toHaveLength(2);
  });

  it('answers refusals and failures as sentences that say what to do', async () => {
    const app = await start({ environmentKey: SIMULATOR_API_KEY });
    await expect(
      app.handlers['webApi.account.byRiotId']({ riotId: 'Quiet Lantern#EUW', region: 'sea' }),
    ).rejects.toThrow(
      /^Wrong region for this endpoint: account lookups go to americas, asia, europe, not sea/,
    );
    await expect(
      app.handlers['webApi.summoner.byPuuid']({ puuid: 'x'.repeat(78), platform: 'oce1' }),
    ).rejects.toThrow('Unknown platform "oce1". Did you mean oc1?');
    await expect(
      app.handlers['webApi.account.byRiotId']({ riotId: 'Nobody Here#EUW', region: 'europe' }),
    ).rejects.toMatchObject({ error: { code: 'not-found', message: expect.stringMatching(/No account/) } });
  });

  it('opens a game of a code this desk created through that code, and says so when the code did not make it', async () => {
    const app = await start({ environmentKey: SIMULATOR_API_KEY });
    await app.settings.update({ webApi: { apiVersion: 'v4' } });
    const code = simulator.control.dataset.tournamentCodes[0]?.code ?? '';
    await saveDeskCodes([code, 'NA-OTHER-CODE']);
    const input = webApiRequestInputSchemas['webApi.match.byCode'].parse({
      matchId: ' NA1_5000900001 ',
      code: ` ${code} `,
    });
    expect(input).toEqual({ matchId: 'NA1_5000900001', code, routing: '' });
    const match = await app.handlers['webApi.match.byCode'](input);
    expect(match).toMatchObject({ source: 'tournament-code', anonymised: false, tournamentCode: code });
    expect(match.teams.flatMap((team) => team.participants).every((player) => player.riotId)).toBe(true);
    await expect(
      app.handlers['webApi.match.byCode']({ matchId: 'NA1_5000900001', code: 'NA-OTHER-CODE', routing: '' }),
    ).rejects.toMatchObject({
      error: {
        code: 'not-found',
        message: 'Match NA1_5000900001 was not played with the tournament code NA-OTHER-CODE.',
      },
    });
    expect(webApiRequestInputSchemas['webApi.match.byCode'].safeParse({ matchId: 'NA1_1' }).success).toBe(
      false,
    );
  });

  it('refuses a tournament code this desk did not create, before anything is sent', async () => {
    const app = await start({ environmentKey: SIMULATOR_API_KEY });
    const code = simulator.control.dataset.tournamentCodes[0]?.code ?? '';
    for (const apiVersion of ['v4', 'v5'] as const) {
      await app.settings.update({ webApi: { apiVersion } });
      await expect(
        app.handlers['webApi.match.byCode']({ matchId: 'NA1_5000900001', code, routing: '' }),
      ).rejects.toMatchObject({
        error: {
          code: 'not-found',
          message: `The tournament code ${code} was not created by this desk (it is not in tournaments.db): only games of your own tournament codes are looked up by code.`,
        },
      });
    }
    expect(simulator.control.requests()).toEqual([]);
    // Once the desk has it, the same lookup goes out.
    await saveDeskCodes([code]);
    const match = await app.handlers['webApi.match.byCode']({ matchId: 'NA1_5000900001', code, routing: '' });
    expect(match).toMatchObject({ source: 'tournament-code', tournamentCode: code });
  });

  it('pushes rate-limit pauses while they last, and the key-at-risk pause until resumed', async () => {
    const app = await start({ environmentKey: SIMULATOR_API_KEY });
    simulator.control.rateLimitNext({ type: 'service', retryAfterSeconds: 1 });
    const pending = app.handlers['webApi.account.byRiotId']({
      riotId: 'Brightwater#NA1',
      region: 'americas',
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(app.hub.state.webApi.pauses).toEqual([
      expect.objectContaining({
        scope: 'service',
        routing: 'americas',
        label: 'account lookups on americas',
      }),
    ]);
    await pending;
    expect(app.hub.state.webApi.pauses).toEqual([]);

    simulator.control.revokeKey(SIMULATOR_API_KEY);
    try {
      for (let i = 0; i < 3; i += 1) {
        await app.handlers['webApi.account.byRiotId']({
          riotId: 'Brightwater#NA1',
          region: 'americas',
        }).catch(() => null);
      }
      expect(app.hub.state.webApi.guard).toMatchObject({
        paused: true,
        message: expect.stringMatching(/revoked/),
      });
      await app.handlers['webApi.resume']({});
      expect(app.hub.state.webApi.guard.paused).toBe(false);
    } finally {
      simulator.control.addKey(SIMULATOR_API_KEY);
    }
  });
});
