import { describe, expect, it } from 'vitest';
import { describeEvent, type FeedContext } from './feedSentences';
import { liveEventSchema } from './liveClientSchemas';
import { decodeLiveEvent } from './liveEvents';
import { playerRecord, TEN_PLAYERS } from './liveRecordBuilders';
import { indexPlayerNames, toLivePlayers } from './liveRoster';
import { readPlayerList } from './liveClientSchemas';

const players = toLivePlayers(readPlayerList(TEN_PLAYERS.map((player) => playerRecord(player))) ?? [], {
  riotId: 'Sightline#EUW',
  riotIdGameName: 'Sightline',
  summonerName: '',
});
const context: FeedContext = { players: indexPlayerNames(players), mapNumber: 11, spectator: false };

function feed(event: Record<string, unknown>) {
  return describeEvent(
    decodeLiveEvent(liveEventSchema.parse({ EventID: 7, EventTime: 90, ...event })),
    context,
  );
}

describe('event feed sentences', () => {
  it('names killer and victim by champion, with assists, credited to the killer’s side', () => {
    const entry = feed({
      EventName: 'ChampionKill',
      KillerName: 'Sightline',
      VictimName: 'DarkSovereign',
      Assisters: ['BlindMonk', 'GetExcited'],
    });
    expect(entry).toMatchObject({
      kind: 'kill',
      team: 'ORDER',
      text: 'Ahri killed Syndra, assisted by Lee Sin and Jinx',
      actor: { championKey: 'Ahri', name: 'Sightline', isLocal: true },
      victim: { championKey: 'Syndra', team: 'CHAOS' },
    });
    expect(entry.assists.map((actor) => actor.championKey)).toEqual(['LeeSin', 'Jinx']);
  });

  it('tells executions by turrets and minions', () => {
    expect(
      feed({ EventName: 'ChampionKill', KillerName: 'Turret_T2_C_05_A', VictimName: 'Sightline' }),
    ).toMatchObject({ text: 'Ahri was executed by a turret', team: 'CHAOS' });
    expect(
      feed({ EventName: 'ChampionKill', KillerName: 'Minion_T200L1S02N0042', VictimName: 'Garen' }).text,
    ).toBe('Garen was executed by Red minions');
  });

  it('reads FirstBlood’s killer from Recipient', () => {
    expect(feed({ EventName: 'FirstBlood', Recipient: 'PiltoverFist' })).toMatchObject({
      kind: 'first-blood',
      text: 'Vi drew first blood',
      team: 'CHAOS',
    });
  });

  it('reads Multikill’s KillStreak and Ace’s Acer and AcingTeam', () => {
    expect(feed({ EventName: 'Multikill', KillerName: 'GetExcited', KillStreak: 3 }).text).toBe(
      'Jinx scored a triple kill',
    );
    expect(feed({ EventName: 'Multikill', KillerName: 'GetExcited', KillStreak: 5 }).text).toBe(
      'Jinx scored a penta kill',
    );
    expect(feed({ EventName: 'Ace', Acer: 'DemacianWall', AcingTeam: 'ORDER' })).toMatchObject({
      text: 'Garen aced the Red team',
      team: 'ORDER',
    });
  });

  it('words a drake type named like an Object property as any unknown type', () => {
    const entry = feed({
      EventName: 'DragonKill',
      KillerName: 'BlindMonk',
      DragonType: 'constructor',
      Assisters: [],
    });
    expect(entry.text).toBe('Lee Sin slew the constructor Drake');
  });

  it('reads Stolen as the string the client sends', () => {
    expect(
      feed({
        EventName: 'DragonKill',
        KillerName: 'BlindMonk',
        DragonType: 'Water',
        Stolen: 'True',
        Assisters: [],
      }),
    ).toMatchObject({ kind: 'dragon', text: 'Lee Sin stole the Ocean Drake', stolen: true, detail: 'Water' });
    expect(
      feed({
        EventName: 'DragonKill',
        KillerName: 'BlindMonk',
        DragonType: 'Fire',
        Stolen: 'False',
        Assisters: ['Sightline'],
      }),
    ).toMatchObject({ text: 'Lee Sin slew the Infernal Drake, assisted by Ahri', stolen: false });
    expect(feed({ EventName: 'BaronKill', KillerName: 'PiltoverFist', Stolen: 'False' }).text).toBe(
      'Vi slew Baron Nashor',
    );
    expect(feed({ EventName: 'HeraldKill', KillerName: 'PiltoverFist', Stolen: 'False' }).kind).toBe(
      'herald',
    );
    expect(feed({ EventName: 'HordeKill', KillerName: 'BlindMonk', Stolen: 'False' }).text).toBe(
      'Lee Sin slew a Voidgrub',
    );
  });

  it('decodes structures into team, lane and tier', () => {
    expect(
      feed({
        EventName: 'TurretKilled',
        KillerName: 'GetExcited',
        TurretKilled: 'Turret_T2_R_03_A',
        Assisters: [],
      }),
    ).toMatchObject({
      kind: 'turret',
      team: 'ORDER',
      text: 'Jinx destroyed the Red bot outer turret',
    });
    expect(
      feed({
        EventName: 'TurretKilled',
        KillerName: 'Minion_T100L1S02N0042',
        TurretKilled: 'Turret_T2_C_05_A',
      }).text,
    ).toBe('Blue minions destroyed the Red mid outer turret');
    expect(
      feed({
        EventName: 'InhibKilled',
        KillerName: 'Sightline',
        InhibKilled: 'Barracks_T2_C1',
        Assisters: [],
      }).text,
    ).toBe('Ahri destroyed the Red mid inhibitor');
    expect(feed({ EventName: 'InhibRespawningSoon', InhibRespawningSoon: 'Barracks_T2_C1' }).text).toBe(
      'The Red mid inhibitor respawns soon',
    );
    expect(feed({ EventName: 'InhibRespawned', InhibRespawned: 'Barracks_T2_C1' }).text).toBe(
      'The Red mid inhibitor has respawned',
    );
    expect(feed({ EventName: 'FirstBrick', KillerName: 'GetExcited' }).text).toBe(
      'Jinx took the first turret',
    );
  });

  it('words the game’s own events and its end', () => {
    expect(feed({ EventName: 'GameStart' }).text).toBe('The game has started');
    expect(feed({ EventName: 'MinionsSpawning' }).text).toBe('Minions have spawned');
    expect(feed({ EventName: 'GameEnd', Result: 'Win' }).text).toBe('Victory: the game has ended');
    expect(feed({ EventName: 'GameEnd', Result: 'Lose' }).text).toBe('Defeat: the game has ended');
  });

  it('keeps an unknown event and shows it generically', () => {
    expect(feed({ EventName: 'ObjectiveBountyPrestart', OwningTeam: 'CHAOS' })).toMatchObject({
      kind: 'other',
      text: 'Objective bounty prestart: OwningTeam CHAOS',
    });
    expect(feed({ EventName: '' }).text).toBe('Unnamed event');
  });

  it('shows names it cannot place as they are', () => {
    expect(feed({ EventName: 'ChampionKill', KillerName: 'Stranger', VictimName: 'Sightline' }).text).toBe(
      'Ahri was executed by Stranger',
    );
  });
});
