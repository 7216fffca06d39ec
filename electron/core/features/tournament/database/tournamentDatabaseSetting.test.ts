import { describe, expect, it } from 'vitest';
import { AppRequestError } from '@shared/contract';
import { readEnvironment } from '../../../platform/settings/environment';
import { createMemorySecretStore, type SecretStore } from '../../../platform/secrets/secretStore';
import type { TournamentDatabaseLocation } from '../storage/tournamentDatabaseLocation';
import {
  createTournamentDatabaseSetting,
  resolveTournamentDatabase,
  TOURNAMENT_DATABASE_SECRET,
} from './tournamentDatabaseSetting';

const SAVED = 'postgres://desk:s3cret-pass@db.league.example:6543/cup';
const FROM_ENV = 'postgresql://ops:env-pass@10.0.0.5/league';

/** The desktop app's store: it encrypts, so a URL may be saved in it. */
function encryptedStore(): SecretStore {
  return { ...createMemorySecretStore(), isEncrypted: () => true };
}

describe('where the tournament desk keeps its data', () => {
  it('is the environment’s URL first, then the saved one, else the data folder’s tournaments.db', async () => {
    const secrets = encryptedStore();
    await secrets.set(TOURNAMENT_DATABASE_SECRET, SAVED);
    expect(await resolveTournamentDatabase({ environmentUrl: FROM_ENV, secrets, dataDir: '/data' })).toEqual({
      engine: 'postgres',
      url: FROM_ENV,
    });
    expect(await resolveTournamentDatabase({ environmentUrl: null, secrets, dataDir: '/data' })).toEqual({
      engine: 'postgres',
      url: SAVED,
    });
    await secrets.delete(TOURNAMENT_DATABASE_SECRET);
    expect(await resolveTournamentDatabase({ environmentUrl: null, secrets, dataDir: '/data' })).toEqual({
      engine: 'file',
      path: expect.stringMatching(/[/\\]data[/\\]tournaments\.db$/),
    });
  });

  it('refuses an environment URL that is not postgres, without repeating it', () => {
    expect(
      readEnvironment({ SIGHTLINE_TOURNAMENT_DATABASE_URL: ` ${FROM_ENV} ` }).tournamentDatabaseUrl,
    ).toBe(FROM_ENV);
    for (const bad of ['mysql://root:hunter2@db/x', 'postgres://root:hunter2@db/', 'hunter2']) {
      let said = '';
      try {
        readEnvironment({ SIGHTLINE_TOURNAMENT_DATABASE_URL: bad });
      } catch (error) {
        said = (error as Error).message;
      }
      expect(said).toMatch(/^SIGHTLINE_TOURNAMENT_DATABASE_URL: /);
      expect(said).not.toContain('hunter2');
    }
  });
});

describe('the shared database as a setting', () => {
  const inUse = (location: TournamentDatabaseLocation | null) => () => location;

  it('keeps the whole URL in the secret store and tells the page where it points, never the password', async () => {
    const secrets = encryptedStore();
    const setting = createTournamentDatabaseSetting({
      secrets,
      environmentUrl: null,
      inUse: inUse({ engine: 'file', path: '/data/tournaments.db' }),
    });
    expect(await setting.status()).toEqual({
      configured: false,
      source: null,
      database: null,
      canSave: true,
      restartNeeded: false,
    });
    const saved = await setting.save(` ${SAVED} `);
    expect(saved).toEqual({
      configured: true,
      source: 'stored',
      database: { host: 'db.league.example', port: 6543, database: 'cup', user: 'desk' },
      canSave: true,
      restartNeeded: true,
    });
    expect(JSON.stringify(saved)).not.toContain('s3cret-pass');
    expect(await secrets.get(TOURNAMENT_DATABASE_SECRET)).toBe(SAVED);
    expect(await setting.clear()).toMatchObject({ configured: false, restartNeeded: false });
    expect(await secrets.get(TOURNAMENT_DATABASE_SECRET)).toBeNull();
  });

  it('needs no restart once the desk runs on the saved database', async () => {
    const secrets = encryptedStore();
    await secrets.set(TOURNAMENT_DATABASE_SECRET, SAVED);
    const setting = createTournamentDatabaseSetting({
      secrets,
      environmentUrl: null,
      inUse: inUse({ engine: 'postgres', url: SAVED }),
    });
    expect(await setting.status()).toMatchObject({ source: 'stored', restartNeeded: false });
  });

  it('refuses a URL that is not postgres, one over the environment’s, and one a host cannot encrypt', async () => {
    const refused = async (promise: Promise<unknown>) => {
      const error = await promise.then(
        () => null,
        (reason: unknown) => reason,
      );
      expect(error).toBeInstanceOf(AppRequestError);
      return error as AppRequestError;
    };
    const secrets = encryptedStore();
    const setting = createTournamentDatabaseSetting({ secrets, environmentUrl: null, inUse: inUse(null) });
    const bad = await refused(setting.save('mysql://root:hunter2@db/x'));
    expect(bad.error.code).toBe('bad-input');
    expect(bad.message).not.toContain('hunter2');

    const overridden = createTournamentDatabaseSetting({
      secrets,
      environmentUrl: FROM_ENV,
      inUse: inUse(null),
    });
    expect(await overridden.status()).toMatchObject({ source: 'environment', canSave: false });
    expect((await refused(overridden.save(SAVED))).message).toMatch(/SIGHTLINE_TOURNAMENT_DATABASE_URL/);
    expect((await refused(overridden.clear())).error.code).toBe('unsupported');

    const plain = createMemorySecretStore();
    const headless = createTournamentDatabaseSetting({
      secrets: plain,
      environmentUrl: null,
      inUse: inUse(null),
    });
    expect((await refused(headless.save(SAVED))).message).toMatch(/no OS encryption/);
    expect(await plain.get(TOURNAMENT_DATABASE_SECRET)).toBeNull();
  });
});
