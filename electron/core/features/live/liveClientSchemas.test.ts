import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  gameStatsSchema,
  readActivePlayer,
  readEvents,
  readPlayerList,
  type ActivePlayerReading,
} from './liveClientSchemas';
import { activePlayerRecord, playerRecord, SPECTATOR_ANSWER } from './liveRecordBuilders';
import { toActivePlayer, toLivePlayers } from './liveRoster';
import { decodeLiveEvent } from './liveEvents';
import { describeEvent } from './feedSentences';

const valid = playerRecord({ gameName: 'Sightline', champion: 'Ahri', team: 'ORDER', kills: 3 });

/** Random JSON, plus values shaped like the real records with fields replaced or removed at random. */
const anyJson = fc.jsonValue({ maxDepth: 4 });
function mutated(record: Record<string, unknown>) {
  const keys = Object.keys(record);
  return fc
    .record({
      drop: fc.subarray(keys),
      replace: fc.dictionary(fc.constantFrom(...keys), anyJson, { maxKeys: 3 }),
      extra: fc.dictionary(fc.string(), anyJson, { maxKeys: 3 }),
    })
    .map(({ drop, replace, extra }) => {
      const copy: Record<string, unknown> = { ...extra, ...record, ...replace };
      return Object.fromEntries(Object.entries(copy).filter(([key]) => !drop.includes(key)));
    });
}

const eventNames = fc.constantFrom(
  'GameStart',
  'ChampionKill',
  'FirstBlood',
  'Multikill',
  'Ace',
  'DragonKill',
  'HeraldKill',
  'BaronKill',
  'HordeKill',
  'TurretKilled',
  'InhibKilled',
  'InhibRespawningSoon',
  'GameEnd',
  'SomethingNew',
);
const eventLike = fc.record(
  {
    EventID: fc.oneof(fc.nat(), anyJson),
    EventName: fc.oneof(eventNames, anyJson),
    EventTime: fc.oneof(fc.double({ noNaN: true }), anyJson),
    KillerName: fc.oneof(fc.string(), anyJson),
    VictimName: fc.oneof(fc.string(), anyJson),
    Assisters: fc.oneof(fc.array(fc.string()), anyJson),
    Stolen: fc.oneof(fc.constantFrom('True', 'False'), anyJson),
    KillStreak: fc.oneof(fc.integer({ min: 2, max: 5 }), anyJson),
    TurretKilled: fc.oneof(fc.constantFrom('Turret_T2_R_03_A', 'Turret_T1_C_05_A'), fc.string(), anyJson),
    InhibKilled: fc.oneof(fc.constantFrom('Barracks_T2_C1'), fc.string()),
    AcingTeam: fc.oneof(fc.constantFrom('ORDER', 'CHAOS'), anyJson),
  },
  { requiredKeys: [] },
);

describe('live client parsing', () => {
  it('reads thousands of random player lists without throwing, and maps whatever it accepts', () => {
    fc.assert(
      fc.property(
        fc.oneof(anyJson, fc.array(fc.oneof(mutated(valid), anyJson), { maxLength: 12 })),
        (body) => {
          const players = readPlayerList(body);
          if (players) expect(toLivePlayers(players, null)).toHaveLength(players.length);
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('reads thousands of random active-player answers without throwing', () => {
    const record = activePlayerRecord({ gameName: 'Sightline', champion: 'Ahri', level: 7 });
    fc.assert(
      fc.property(fc.oneof(anyJson, mutated(record), mutated(SPECTATOR_ANSWER)), (body) => {
        const reading: ActivePlayerReading | null = readActivePlayer(body);
        if (reading?.kind === 'player') expect(toActivePlayer(reading.player).abilities).toHaveLength(5);
      }),
      { numRuns: 3000 },
    );
  });

  it('reads thousands of random event lists without throwing, and describes every event it keeps', () => {
    fc.assert(
      fc.property(
        fc.oneof(anyJson, fc.record({ Events: fc.oneof(fc.array(fc.oneof(eventLike, anyJson)), anyJson) })),
        (body) => {
          for (const raw of readEvents(body) ?? []) {
            const entry = describeEvent(decodeLiveEvent(raw), {
              players: new Map(),
              mapNumber: 11,
              spectator: false,
            });
            expect(entry.text.length).toBeGreaterThan(0);
            expect(entry.id).toBe(raw.EventID);
          }
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('reads random game stats without throwing', () => {
    fc.assert(
      fc.property(
        fc.oneof(anyJson, mutated({ gameMode: 'CLASSIC', gameTime: 1, mapName: 'Map11' })),
        (body) => {
          gameStatsSchema.safeParse(body);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('tolerates unknown fields and applies the omission rule', () => {
    const [player] = readPlayerList([{ championName: 'Ahri', team: 'ORDER', brandNewField: { x: 1 } }]) ?? [];
    expect(player).toMatchObject({
      championName: 'Ahri',
      level: 0,
      items: [],
      summonerName: '',
      respawnTimer: 0,
    });
    expect(player?.scores).toMatchObject({ kills: 0, wardScore: 0 });
    expect(gameStatsSchema.parse({})).toEqual({
      gameMode: '',
      gameTime: 0,
      mapName: '',
      mapNumber: 0,
      mapTerrain: '',
    });
  });

  it('still reports a present value of the wrong type', () => {
    expect(readPlayerList([{ ...valid, level: 'seven' }])).toBeNull();
    expect(gameStatsSchema.safeParse({ gameTime: '61' }).success).toBe(false);
  });

  it('tells the spectator answer from a player', () => {
    expect(readActivePlayer(SPECTATOR_ANSWER)).toEqual({ kind: 'spectator' });
    expect(readActivePlayer(activePlayerRecord({ gameName: 'Sightline', champion: 'Ahri' }))?.kind).toBe(
      'player',
    );
    expect(readActivePlayer('nope')).toBeNull();
  });

  it('keeps the other events when one is unreadable, in id order', () => {
    const events = readEvents({
      Events: [
        { EventID: 2, EventName: 'MinionsSpawning', EventTime: 65 },
        { EventID: 'x', EventName: 'Broken' },
        { EventID: 0, EventName: 'GameStart', EventTime: 0 },
      ],
    });
    expect(events?.map((event) => event.EventName)).toEqual(['GameStart', 'MinionsSpawning']);
    expect(readEvents({ Events: 'nope' })).toBeNull();
  });

  it('reads a legacy record with only the summoner name', () => {
    const legacy: Record<string, unknown> = { ...valid, summonerName: 'OldName' };
    delete legacy.riotId;
    delete legacy.riotIdGameName;
    delete legacy.riotIdTagLine;
    const [player] = toLivePlayers(readPlayerList([legacy]) ?? [], {
      riotId: '',
      riotIdGameName: '',
      summonerName: 'OldName',
    });
    expect(player).toMatchObject({ id: 'OldName', name: 'OldName', isLocal: true, championKey: 'Ahri' });
  });
});
