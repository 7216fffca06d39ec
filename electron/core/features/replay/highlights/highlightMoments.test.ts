import { describe, expect, it } from 'vitest';
import { HIGHLIGHT_KINDS, type HighlightMoment } from '@shared/contract/highlights';
import { playerRecord, TEN_PLAYERS } from '../../live/liveRecordBuilders';
import { decodeLiveEvent } from '../../live/liveEvents';
import { toLivePlayers } from '../../live/liveRoster';
import type { RawLiveEvent } from '../../live/liveClientSchemas';
import { mergeMoments, pickMoments } from './highlightMoments';

const PLAYERS = toLivePlayers(
  TEN_PLAYERS.map((player) => playerRecord(player)),
  null,
);

const raw = (id: number, name: string, time: number, fields: Partial<RawLiveEvent> = {}): RawLiveEvent => ({
  EventID: id,
  EventName: name,
  EventTime: time,
  ...fields,
});

const EVENTS = [
  raw(0, 'GameStart', 0),
  raw(1, 'MinionsSpawning', 65),
  raw(2, 'ChampionKill', 90, { KillerName: 'Sightline', VictimName: 'DarkSovereign', Assisters: [] }),
  raw(3, 'FirstBlood', 90, { Recipient: 'Sightline' }),
  raw(4, 'ChampionKill', 93, { KillerName: 'Sightline', VictimName: 'PiltoverFist', Assisters: [] }),
  raw(5, 'Multikill', 93, { KillerName: 'Sightline', KillStreak: 2 }),
  raw(6, 'DragonKill', 300, { KillerName: 'BlindMonk', DragonType: 'Fire', Stolen: 'False', Assisters: [] }),
  raw(7, 'ChampionKill', 400, { KillerName: 'Turret_T1_L_03_A', VictimName: 'Headshot', Assisters: [] }),
  raw(8, 'Ace', 410, { Acer: 'DemacianWall', AcingTeam: 'ORDER' }),
  raw(9, 'TurretKilled', 500, { KillerName: 'GetExcited', TurretKilled: 'Turret_T2_R_03_A', Assisters: [] }),
  raw(10, 'InhibRespawned', 600, { InhibRespawned: 'Barracks_T2_L1' }),
  raw(11, 'GameEnd', 700, { Result: 'Win' }),
].map(decodeLiveEvent);

const moment = (time: number, follow: string | null = null): HighlightMoment => ({
  time,
  kind: 'kills',
  label: `at ${time}`,
  follow,
});

describe('picking a replay’s moments', () => {
  it('takes every kind by default, worded as the feed words them, following who made each', () => {
    const moments = pickMoments(EVENTS, PLAYERS, HIGHLIGHT_KINDS);
    expect(moments.map(({ time, kind, follow }) => [time, kind, follow])).toEqual([
      [90, 'kills', 'Sightline'],
      [90, 'firstBlood', 'Sightline'],
      [93, 'kills', 'Sightline'],
      [93, 'multikills', 'Sightline'],
      [300, 'objectives', 'BlindMonk'],
      // A turret's kill: the camera follows the player who died.
      [400, 'kills', 'Headshot'],
      [410, 'aces', 'DemacianWall'],
      [500, 'objectives', 'GetExcited'],
    ]);
    expect(moments[0]?.label).toBe('Ahri killed Syndra');
    expect(moments[4]?.label).toBe('Lee Sin slew the Infernal Drake');
  });

  it('takes only the kinds asked for', () => {
    const moments = pickMoments(EVENTS, PLAYERS, ['multikills', 'aces']);
    expect(moments.map(({ time, kind }) => [time, kind])).toEqual([
      [93, 'multikills'],
      [410, 'aces'],
    ]);
  });
});

describe('merging moments into clips', () => {
  it('makes one clip of moments whose windows overlap or touch, and one of each apart', () => {
    const clips = mergeMoments(
      [moment(100), moment(110), moment(122), moment(200)],
      { before: 8, after: 4 },
      1800,
    );
    // 92-104 and 102-114 overlap; 114-126 touches; 192-204 is apart.
    expect(clips.map(({ start, end, moments }) => [start, end, moments.length])).toEqual([
      [92, 126, 3],
      [192, 204, 1],
    ]);
  });

  it('keeps a clip within the replay, from its start to its end', () => {
    const clips = mergeMoments([moment(3), moment(1799)], { before: 8, after: 4 }, 1800);
    expect(clips.map(({ start, end }) => [start, end])).toEqual([
      [0, 7],
      [1791, 1800],
    ]);
  });

  it('sorts moments first, and names each clip by its first moment', () => {
    const clips = mergeMoments([moment(300), moment(100)], { before: 2, after: 2 }, 1800);
    expect(clips.map((clip) => clip.id)).toEqual(['kills-100.0', 'kills-300.0']);
  });
});
