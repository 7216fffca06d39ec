import { describe, expect, it } from 'vitest';
import {
  AppRequestError,
  type AccountView,
  type SummonerView,
  type TournamentApiKind,
  type TournamentRegion,
} from '@shared/contract';
import { problem, type WebApiResult } from '../../webApi/client/webApiProblem';
import { createAllowedPlayers, readAllowedPlayers, shownSettings } from './allowedPlayers';

const puuidOf = (seed: string): string => seed.padEnd(78, 'x').slice(0, 78);
const ACCOUNTS: Record<string, AccountView> = {
  'quiet lantern#euw': {
    puuid: puuidOf('lantern'),
    gameName: 'Quiet Lantern',
    tagLine: 'EUW',
    region: 'europe',
  },
  'sleep tight#zzz': { puuid: puuidOf('sleep'), gameName: 'Sleep tight', tagLine: 'ZZZ', region: 'europe' },
};

/** account-v1 and summoner-v4 as the API answers them, each call recorded. */
function fakeService() {
  const calls: string[] = [];
  const service = {
    async accountByRiotId(riotId: string, region: string): Promise<WebApiResult<AccountView>> {
      calls.push(`account ${riotId} on ${region}`);
      const account = ACCOUNTS[riotId.toLowerCase()];
      return account ? { ok: true, value: account } : problem('not-found', 'No account', 404);
    },
    async summonerByPuuid(puuid: string, platform: string): Promise<WebApiResult<SummonerView>> {
      calls.push(`summoner ${puuid.slice(0, 7)} on ${platform}`);
      return {
        ok: true,
        value: {
          puuid,
          id: `summoner-${puuid.slice(0, 7)}`,
          accountId: 'a',
          name: '',
          profileIconId: 1,
          summonerLevel: 30,
          revisionDate: 0,
          platform: 'euw1',
        },
      };
    },
  };
  return { service, calls };
}

function resolver(kind: TournamentApiKind = 'v5', region: TournamentRegion = 'EUW') {
  const { service, calls } = fakeService();
  const players = createAllowedPlayers({ service, kind: () => kind, regionOf: async () => region });
  return { players, calls };
}

const refusal = async (promise: Promise<unknown>): Promise<string> => {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof AppRequestError)) throw new Error('expected a refusal');
  return `${error.error.code}: ${error.message}`;
};

describe('readAllowedPlayers', () => {
  it('reads Riot IDs (with spaces in the name) and PUUIDs of the real shape (78 characters)', () => {
    const read = readAllowedPlayers(
      [' Quiet Lantern#EUW ', 'Sleep tight#ZZZ', puuidOf('p2'), 'Melody#IL1'],
      'v5',
    );
    expect(read).toEqual({
      ok: true,
      players: [
        { kind: 'riotId', riotId: 'Quiet Lantern#EUW' },
        { kind: 'riotId', riotId: 'Sleep tight#ZZZ' },
        { kind: 'id', id: puuidOf('p2') },
        { kind: 'riotId', riotId: 'Melody#IL1' },
      ],
    });
  });

  it('refuses a value that is neither a Riot ID nor a PUUID, naming it', () => {
    expect(readAllowedPlayers(['Quiet Lantern'], 'v5')).toEqual({
      ok: false,
      message:
        'Allowed participant "Quiet Lantern" is neither a Riot ID (name#tag) nor a PUUID (78 letters, digits, - and _).',
    });
    // A summoner ID is not a PUUID: v5 takes PUUIDs only.
    expect(readAllowedPlayers(['a'.repeat(63)], 'v5').ok).toBe(false);
    expect(readAllowedPlayers(['a'.repeat(63)], 'v4').ok).toBe(true);
    expect(readAllowedPlayers(['#EUW'], 'v5')).toMatchObject({ ok: false });
  });
});

describe('allowed players resolved through the web API service', () => {
  it('resolves Riot IDs to PUUIDs on the cluster of the provider region and keeps each Riot ID', async () => {
    const { players, calls } = resolver('v5', 'EUW');
    const p2 = puuidOf('p2');
    expect(await players.resolve(['quiet lantern#euw', p2, 'Quiet Lantern#EUW'], 1)).toEqual({
      ids: [puuidOf('lantern'), p2],
      riotIds: { [puuidOf('lantern')]: 'Quiet Lantern#EUW' },
    });
    // Riot IDs are not case-sensitive: the same player written twice is asked for once.
    expect(calls).toEqual(['account quiet lantern#euw on europe']);
  });

  it('reuses the Riot IDs already resolved for the code without asking again', async () => {
    const { players, calls } = resolver();
    const known = { [puuidOf('lantern')]: 'Quiet Lantern#EUW' };
    expect(await players.resolve(['Quiet Lantern#EUW', puuidOf('lantern')], 1, known)).toEqual({
      ids: [puuidOf('lantern')],
      riotIds: known,
    });
    expect(calls).toEqual([]);
  });

  it('resolves to encrypted summoner IDs under v4, on the provider’s platform', async () => {
    const { players, calls } = resolver('v4', 'EUW');
    expect((await players.resolve(['Sleep tight#ZZZ'], 1)).ids).toEqual(['summoner-sleepxx']);
    expect(calls).toEqual(['account Sleep tight#ZZZ on europe', 'summoner sleepxx on euw1']);
  });

  it('refuses a malformed value before anything is sent, and names a Riot ID the API does not know', async () => {
    const { players, calls } = resolver();
    expect(await refusal(players.resolve(['Quiet Lantern#EUW', 'not-a-player'], 1))).toBe(
      'bad-input: Allowed participant "not-a-player" is neither a Riot ID (name#tag) nor a PUUID (78 letters, digits, - and _).',
    );
    expect(calls).toEqual([]);
    expect(await refusal(players.resolve(['Nobody Here#EUW'], 1))).toBe(
      'not-found: The API knows no player Nobody Here#EUW: check the name and the tag, then try again.',
    );
  });

  it('has no maximum of ten', async () => {
    const { players } = resolver();
    const many = Array.from({ length: 12 }, (_, index) => puuidOf(`p${index}`));
    expect((await players.resolve(many, 1)).ids).toHaveLength(12);
  });

  it('refuses the enough-players check on new codes without a list', async () => {
    const { players } = resolver();
    expect(await refusal(players.forCreate({ allowedParticipants: [], enoughPlayers: true }, 1))).toContain(
      'bad-input: Checking for enough players needs the allowed participants',
    );
    expect(
      await players.forCreate({ allowedParticipants: ['Quiet Lantern#EUW'], enoughPlayers: true }, 1),
    ).toEqual({
      allowedParticipants: [puuidOf('lantern')],
      riotIds: { [puuidOf('lantern')]: 'Quiet Lantern#EUW' },
    });
  });
});

describe('shownSettings', () => {
  it('shows each participant by Riot ID where known, by ID otherwise, and no lookup table', () => {
    const shown = shownSettings({
      mapType: 'HOWLING_ABYSS',
      pickType: 'ALL_RANDOM',
      spectatorType: 'ALL',
      teamSize: 1,
      allowedParticipants: [puuidOf('lantern'), puuidOf('p2')],
      riotIds: { [puuidOf('lantern')]: 'Quiet Lantern#EUW' },
      enoughPlayers: false,
    });
    expect(shown.allowedParticipants).toEqual(['Quiet Lantern#EUW', puuidOf('p2')]);
    expect(shown).not.toHaveProperty('riotIds');
  });
});
