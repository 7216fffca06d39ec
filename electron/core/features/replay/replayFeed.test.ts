import { describe, expect, it } from 'vitest';
import type { HttpClient } from '../../platform/net/httpClient';
import { gameStatsRecord, playerRecord, TEN_PLAYERS } from '../live/liveRecordBuilders';
import { createScriptedHttpClient, httpError, ok } from '../../tools/testkit/scriptedHttpClient';
import { createReplayFeedReader } from './replayFeed';

const EVENTS = [
  { EventID: 0, EventName: 'GameStart', EventTime: 0.02 },
  {
    EventID: 1,
    EventName: 'ChampionKill',
    EventTime: 30.5,
    KillerName: 'Sightline',
    VictimName: 'DarkSovereign',
    Assisters: ['BlindMonk'],
  },
  { EventID: 2, EventName: 'FirstBlood', EventTime: 30.5, Recipient: 'Sightline' },
  {
    EventID: 3,
    EventName: 'DragonKill',
    EventTime: 70,
    KillerName: 'BlindMonk',
    DragonType: 'Fire',
    Stolen: 'False',
    Assisters: [],
  },
  {
    EventID: 4,
    EventName: 'TurretKilled',
    EventTime: 120,
    KillerName: 'GetExcited',
    TurretKilled: 'Turret_T2_R_03_A',
    Assisters: [],
  },
  { EventID: 5, EventName: 'SomethingNew', EventTime: 130 },
  { EventID: 6, EventName: 'GameEnd', EventTime: 300, Result: 'Win' },
];

function liveDataApi(events: unknown = { Events: EVENTS }) {
  return createScriptedHttpClient((path) => {
    if (path.startsWith('/liveclientdata/playerlist'))
      return ok(TEN_PLAYERS.map((player) => playerRecord(player)));
    if (path.startsWith('/liveclientdata/eventdata')) return ok(events);
    if (path.startsWith('/liveclientdata/gamestats')) return ok(gameStatsRecord(300));
    return httpError(404);
  });
}

const read = (client: HttpClient) =>
  createReplayFeedReader(client, () => 'https://127.0.0.1:2999').read(new AbortController().signal);

describe('the replay feed reader', () => {
  it('names the players and marks kills, objectives, structures and the end with the feed’s sentences', async () => {
    const { client } = liveDataApi();
    const feed = await read(client);
    expect(feed?.players).toHaveLength(10);
    expect(feed?.players[0]).toEqual({ name: 'Sightline', championName: 'Ahri', team: 'ORDER' });
    expect(feed?.markers).toEqual([
      { time: 30.5, kind: 'kill', label: 'Ahri killed Syndra, assisted by Lee Sin' },
      { time: 70, kind: 'objective', label: 'Lee Sin slew the Infernal Drake' },
      { time: 120, kind: 'structure', label: expect.stringMatching(/^Jinx destroyed the Red .*turret$/) },
      { time: 300, kind: 'other', label: 'Game end' },
    ]);
  });

  it('keeps the players when the events are unreadable, and gives up without a player list', async () => {
    const { client } = liveDataApi('not an event list');
    const feed = await read(client);
    expect(feed).toMatchObject({ markers: [] });
    expect(feed?.players).toHaveLength(10);

    const { client: silent } = createScriptedHttpClient(() => ({ kind: 'refused' }));
    expect(await read(silent)).toBeNull();
  });

  it('asks for the events after the last one it saw, as the live watcher does, and from the first after a reset', async () => {
    let shown = 2;
    const { client, requests } = createScriptedHttpClient((path) => {
      if (path.startsWith('/liveclientdata/playerlist'))
        return ok(TEN_PLAYERS.map((player) => playerRecord(player)));
      if (path.startsWith('/liveclientdata/eventdata')) {
        const from = Number(new URLSearchParams(path.split('?')[1]).get('eventID') ?? 0);
        return ok({ Events: EVENTS.slice(0, shown).filter((event) => event.EventID >= from) });
      }
      return ok(gameStatsRecord(300));
    });
    const reader = createReplayFeedReader(client, () => 'https://127.0.0.1:2999');
    const signal = new AbortController().signal;
    const events = () => requests.map((request) => request.url).filter((url) => url.includes('eventdata'));

    expect((await reader.read(signal))?.markers.map((marker) => marker.time)).toEqual([30.5]);
    shown = 4;
    expect((await reader.read(signal))?.markers.map((marker) => marker.time)).toEqual([30.5, 70]);
    reader.reset();
    expect((await reader.read(signal))?.markers.map((marker) => marker.time)).toEqual([30.5, 70]);
    expect(events()).toEqual([
      'https://127.0.0.1:2999/liveclientdata/eventdata?eventID=0',
      'https://127.0.0.1:2999/liveclientdata/eventdata?eventID=2',
      'https://127.0.0.1:2999/liveclientdata/eventdata?eventID=0',
    ]);
  });
});
