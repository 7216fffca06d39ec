import { describe, expect, it } from 'vitest';
import { matchV4Schema, matchV5Schema } from './recordSchemas';
import { matchViewFromV4, matchViewFromV5 } from './matchView';

describe('match records', () => {
  it('reads absent numbers as 0, lists as empty and strings as empty (the omission rule)', () => {
    const view = matchViewFromV5(
      matchV5Schema.parse({
        metadata: { matchId: 'NA1_1' },
        info: {
          gameDuration: 1500,
          gameEndTimestamp: 1,
          queueId: 420,
          mapId: 11,
          participants: [{ teamId: 100, championName: 'Ahri', riotIdGameName: 'A', riotIdTagline: 'NA1' }],
          teams: [{ teamId: 100, win: true }, { teamId: 200 }],
        },
      }),
      null,
    );
    expect(view.teams[0]?.participants[0]).toMatchObject({
      kills: 0,
      items: [0, 0, 0, 0, 0, 0, 0],
      cs: 0,
      riotId: 'A#NA1',
      runes: { keystone: 0, secondaryTree: 0 },
    });
    expect(view.teams[0]?.objectives).toEqual({
      towers: 0,
      inhibitors: 0,
      dragons: 0,
      barons: 0,
      heralds: 0,
      voidGrubs: 0,
    });
    expect(view.teams[1]).toMatchObject({ side: 'red', win: false, participants: [] });
    expect(view).toMatchObject({
      queueLabel: '5v5 Ranked Solo',
      mapLabel: "Summoner's Rift",
      durationSeconds: 1500,
    });
    expect(() => matchV5Schema.parse({ info: { queueId: 'ranked' } })).toThrow();
  });

  it('reads old records whose duration is in milliseconds', () => {
    const view = matchViewFromV5(matchV5Schema.parse({ info: { gameDuration: 1_830_000, queueId: 9999 } }), {
      queue: () => null,
      map: () => 'Injected map',
    });
    expect(view).toMatchObject({ durationSeconds: 1830, queueLabel: 'Queue 9999', mapLabel: 'Injected map' });
  });

  it('reads the keystone and the secondary tree from both record versions', () => {
    const styles = [
      { description: 'subStyle', style: 8300, selections: [{ perk: 8304 }, { perk: 8345 }] },
      { description: 'primaryStyle', style: 8100, selections: [{ perk: 8112, var1: 300 }, { perk: 8139 }] },
    ];
    const v5 = matchViewFromV5(
      matchV5Schema.parse({
        info: {
          participants: [
            { teamId: 100, perks: { statPerks: { offense: 5008 }, styles } },
            // Unnamed styles: primary first, as the endpoint lists them.
            {
              teamId: 100,
              perks: { styles: styles.map(({ style, selections }) => ({ style, selections })).reverse() },
            },
          ],
          teams: [{ teamId: 100 }],
        },
      }),
      null,
    );
    expect(v5.teams[0]?.participants.map((player) => player.runes)).toEqual([
      { keystone: 8112, secondaryTree: 8300 },
      { keystone: 8112, secondaryTree: 8300 },
    ]);
    const v4 = matchViewFromV4(
      matchV4Schema.parse({
        participants: [
          {
            participantId: 1,
            teamId: 100,
            stats: { perk0: 8005, perkPrimaryStyle: 8000, perkSubStyle: 8400 },
          },
        ],
        teams: [{ teamId: 100 }],
      }),
      { platform: 'euw1', source: 'standard', tournamentCode: '' },
      null,
    );
    expect(v4.teams[0]?.participants[0]?.runes).toEqual({ keystone: 8005, secondaryTree: 8400 });
    expect(() => matchV5Schema.parse({ info: { participants: [{ perks: { styles: 'none' } }] } })).toThrow();
  });

  it('shows Arena as 8 teams of two by playerSubteamId, first place first, every player kept', () => {
    // Shaped as real Arena records are: teamId 100 or 200 on the players, teams 100 and 0 (0 left out).
    const placements = [5, 2, 8, 1, 7, 3, 6, 4];
    const participants = Array.from({ length: 16 }, (_, index) => {
      const subteam = (index % 8) + 1;
      const placement = placements[subteam - 1] ?? 0;
      return {
        puuid: `puuid-${index}`,
        riotIdGameName: `Player ${index}`,
        riotIdTagline: 'EUW',
        teamId: index % 3 === 0 ? 200 : 100,
        kills: index,
        goldEarned: 1000,
        playerSubteamId: subteam,
        subteamPlacement: placement,
        placement,
        win: placement <= 4,
      };
    });
    const view = matchViewFromV5(
      matchV5Schema.parse({
        metadata: { matchId: 'EUW1_7101003481' },
        info: {
          gameMode: 'CHERRY',
          mapId: 30,
          queueId: 1700,
          participants,
          teams: [{ teamId: 100, win: true }, { win: false }],
        },
      }),
      null,
    );
    expect(view.teams).toEqual([]);
    expect(view.subteams.map((team) => team.placement)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(view.subteams.map((team) => team.subteamId)).toEqual([4, 2, 6, 8, 1, 7, 5, 3]);
    expect(view.subteams[0]).toMatchObject({
      kills: 3 + 11,
      gold: 2000,
      participants: [{ riotId: 'Player 3#EUW' }, { riotId: 'Player 11#EUW' }],
    });
    const shown = view.subteams.flatMap((team) => team.participants.map((player) => player.puuid));
    expect(shown.sort()).toEqual(participants.map((player) => player.puuid).sort());
  });

  it("falls back to the players' placement, and keeps unplaced players last", () => {
    const view = matchViewFromV5(
      matchV5Schema.parse({
        info: {
          gameMode: 'CHERRY',
          participants: [
            { puuid: 'a', playerSubteamId: 2 },
            { puuid: 'b', playerSubteamId: 1, placement: 2 },
            { puuid: 'c', playerSubteamId: 3, placement: 1 },
            { puuid: 'd', playerSubteamId: 3, placement: 1 },
          ],
        },
      }),
      null,
    );
    expect(view.subteams.map((team) => [team.subteamId, team.placement, team.participants.length])).toEqual([
      [3, 1, 2],
      [1, 2, 1],
      [2, 0, 1],
    ]);
  });

  it('marks players the standard v4 endpoint hid, without guessing who they were', () => {
    const record = matchV4Schema.parse({
      gameId: 42,
      platformId: 'EUW1',
      queueId: 400,
      teams: [
        { teamId: 100, win: 'Win', towerKills: 7 },
        { teamId: 200, win: 'Fail' },
      ],
      participants: [
        { participantId: 1, teamId: 100, championId: 266, stats: { kills: 3 } },
        { participantId: 2, teamId: 200, championId: 103 },
      ],
      participantIdentities: [{ participantId: 1 }, { participantId: 2 }],
    });
    const view = matchViewFromV4(record, { platform: 'euw1', source: 'standard', tournamentCode: '' }, null);
    expect(view).toMatchObject({ matchId: 'EUW1_42', anonymised: true, apiVersion: 'v4' });
    expect(view.teams[0]).toMatchObject({ win: true, kills: 3, objectives: { towers: 7 } });
    expect(
      view.teams.flatMap((team) => team.participants).map((player) => [player.riotId, player.puuid]),
    ).toEqual([
      [null, ''],
      [null, ''],
    ]);
  });
});
