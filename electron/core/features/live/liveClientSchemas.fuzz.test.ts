import { describe } from 'vitest';
import { jsonInputs } from '../../tools/testkit/fuzz/fuzzInputs';
import { fuzzParser, parsedBy, schemaProblem, type Parsed } from '../../tools/testkit/fuzz/parserFuzz';
import {
  activePlayerSchema,
  eventDataSchema,
  gameStatsSchema,
  liveEventSchema,
  playerListSchema,
  readActivePlayer,
  readEvents,
  readPlayerList,
  type ActivePlayerReading,
  type RawLiveEvent,
} from './liveClientSchemas';
import { activePlayerRecord, gameStatsRecord, playerRecord, SPECTATOR_ANSWER } from './liveRecordBuilders';
import type { z } from 'zod';

/** A reader that answers null: its refusal in words is what its schema says about the body. */
function read<T>(value: T | null, schema: z.ZodType, body: unknown): Parsed<T> {
  if (value !== null) return { ok: true, value };
  const why = parsedBy(schema, body);
  return why.ok ? { ok: false, message: 'null for a body its schema accepts' } : why;
}

const players = [
  playerRecord({
    gameName: 'Sightline',
    champion: 'Ahri',
    team: 'ORDER',
    kills: 3,
    items: [{ itemID: 1055, displayName: "Doran's Blade", slot: 0 }],
  }),
  playerRecord({
    gameName: 'NoxianMight',
    champion: 'Darius',
    team: 'CHAOS',
    isDead: true,
    respawnTimer: 12.5,
  }),
];

const events = {
  Events: [
    { EventID: 0, EventName: 'GameStart', EventTime: 0.02 },
    {
      EventID: 1,
      EventName: 'ChampionKill',
      EventTime: 301.5,
      KillerName: 'Sightline',
      VictimName: 'NoxianMight',
      Assisters: ['BlindMonk'],
    },
    {
      EventID: 2,
      EventName: 'DragonKill',
      EventTime: 620,
      DragonType: 'Fire',
      Stolen: 'False',
      KillerName: 'x',
    },
    {
      EventID: 3,
      EventName: 'TurretKilled',
      EventTime: 700,
      TurretKilled: 'Turret_T2_R_03_A',
      Assisters: [],
    },
  ],
};

describe('live client payloads, fuzzed', () => {
  fuzzParser({
    name: 'live gamestats',
    inputs: jsonInputs([gameStatsRecord(312.4)]),
    parse: (body) => parsedBy(gameStatsSchema, body),
    outputProblem: (stats) => schemaProblem(gameStatsSchema, stats),
  });

  fuzzParser({
    name: 'live playerlist',
    inputs: jsonInputs([players]),
    parse: (body) => read(readPlayerList(body), playerListSchema, body),
    outputProblem: (list) => schemaProblem(playerListSchema, list),
  });

  fuzzParser({
    name: 'live activeplayer',
    inputs: jsonInputs([
      activePlayerRecord({ gameName: 'Sightline', champion: 'Ahri', level: 6 }),
      SPECTATOR_ANSWER,
    ]),
    parse: (body) => read<ActivePlayerReading>(readActivePlayer(body), activePlayerSchema, body),
    outputProblem: (reading) =>
      reading.kind === 'player' ? schemaProblem(activePlayerSchema, reading.player) : null,
  });

  fuzzParser({
    name: 'live eventdata',
    inputs: jsonInputs([events]),
    parse: (body) => read<RawLiveEvent[]>(readEvents(body), eventDataSchema, body),
    outputProblem: (list) => {
      const unsorted = list.findIndex(
        (event, index) => index > 0 && event.EventID < (list[index - 1]?.EventID ?? 0),
      );
      if (unsorted > 0) return `event ${unsorted} is out of id order`;
      for (const event of list) {
        const problem = schemaProblem(liveEventSchema, event);
        if (problem) return problem;
      }
      return null;
    },
  });
});
