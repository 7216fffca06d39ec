import { describe, expect, it } from 'vitest';
import type { AccountView, LobbyEventView, SummonerView } from '@shared/contract';
import { problem, type WebApiResult } from '../webApi/client/webApiProblem';
import { createLobbyPlayerNames } from './lobbyPlayerNames';

const event = (player: string, eventType = 'PlayerJoinedGameEvent'): LobbyEventView => ({
  timestamp: 1,
  eventType,
  label: 'player joined the lobby',
  player,
});

function setup(accounts: Record<string, WebApiResult<AccountView>>) {
  const asked: string[] = [];
  const names = createLobbyPlayerNames({
    accountRegion: () => 'europe',
    service: {
      accountByPuuid: async (puuid, region) => {
        asked.push(`account:${puuid}@${region}`);
        return accounts[puuid] ?? problem('not-found', 'No account with that PUUID.', 404);
      },
      summonerById: async (id, platform) => {
        asked.push(`summoner:${id}@${platform}`);
        return {
          ok: true,
          value: { puuid: `puuid-of-${id}`, id } as SummonerView,
        };
      },
    },
  });
  return { names, asked };
}

const account = (puuid: string, gameName: string, tagLine: string): WebApiResult<AccountView> => ({
  ok: true,
  value: { puuid, gameName, tagLine, region: 'europe' },
});

describe('lobby player names', () => {
  it('names PUUIDs by Riot ID, once each; unknown ones stay IDs and are not asked again', async () => {
    const { names, asked } = setup({ p1: account('p1', 'Quiet Lantern', 'EUW') });
    const events = [
      event('p1'),
      event('p1', 'PlayerSwitchedTeamEvent'),
      event('p2'),
      event('', 'ChampSelectStartedEvent'),
    ];
    expect(await names.learn(events, { kind: 'puuid' })).toBe(true);
    expect(names.named(events).map((item) => item.playerName)).toEqual([
      'Quiet Lantern#EUW',
      'Quiet Lantern#EUW',
      undefined,
      undefined,
    ]);
    expect(await names.learn(events, { kind: 'puuid' })).toBe(false);
    expect(asked).toEqual(['account:p1@europe', 'account:p2@europe']);
  });

  it('asks again after a failed look, not after a 404', async () => {
    const { names, asked } = setup({ p1: problem('unavailable', 'The web API is not answering.', 503) });
    await names.learn([event('p1'), event('p2')], { kind: 'puuid' });
    await names.learn([event('p1'), event('p2')], { kind: 'puuid' });
    expect(asked).toEqual(['account:p1@europe', 'account:p2@europe', 'account:p1@europe']);
  });

  it('goes from a v4 summoner ID to its PUUID on the platform, then to the account', async () => {
    const { names, asked } = setup({ 'puuid-of-s1': account('puuid-of-s1', 'Brightwater', 'NA1') });
    await names.learn([event('s1')], { kind: 'summonerId', platform: 'na1' });
    expect(names.named([event('s1')])[0]?.playerName).toBe('Brightwater#NA1');
    expect(asked).toEqual(['summoner:s1@na1', 'account:puuid-of-s1@europe']);
  });
});
