import { afterEach, describe, expect, it } from 'vitest';
import { startSimulator } from './index';
import type { RunningSimulator } from './index';
import { failureCode, fetchJson, smallScenario, TEN_PLAYERS } from './simulatorTestKit';

// Scenario time is moved with control.advance over a frozen real clock, so nothing here waits.
let sim: RunningSimulator | undefined;
afterEach(async () => {
  await sim?.close();
  sim = undefined;
});

async function start(scenario = smallScenario()): Promise<RunningSimulator> {
  sim = await startSimulator({ scenario, now: () => 0 });
  return sim;
}

type Json = Record<string, unknown>;
type Player = Json & { riotIdGameName: string; scores: Json; isDead: boolean; respawnTimer: number };
type Events = { Events: (Json & { EventID: number; EventName: string })[] };

describe('live client timeline', () => {
  it('goes refused → loading 404 → in game → GameEnd → refused', async () => {
    const s = await start();
    const get = (path: string) => fetchJson(`${s.urls.live}/liveclientdata/${path}`, { ca: s.caPem });

    expect(await failureCode(`${s.urls.live}/liveclientdata/gamestats`, { ca: s.caPem })).toBe(
      'ECONNREFUSED',
    );

    await s.control.advance(1.5); // process up, loading screen
    const loading = await get('gamestats');
    expect(loading.status).toBe(404);
    expect(loading.json).toMatchObject({ errorCode: 'RESOURCE_NOT_FOUND', httpStatus: 404 });
    expect((await get('eventdata')).status).toBe(404);

    await s.control.advance(1.5 + 12); // game time 12
    const stats = await get('gamestats');
    expect(stats.status).toBe(200);
    expect(stats.json).toEqual({
      gameMode: 'CLASSIC',
      gameTime: 12,
      mapName: 'Map11',
      mapNumber: 11,
      mapTerrain: 'Default',
    });

    const events = (await get('eventdata')).json as Events;
    expect(events.Events.map((event) => [event.EventID, event.EventName])).toEqual([
      [0, 'GameStart'],
      [1, 'ChampionKill'],
      [2, 'FirstBlood'],
    ]);
    expect(events.Events[2]).toMatchObject({ Recipient: 'Sightline', EventTime: 10 });

    await s.control.advance(10); // game time 22: the stolen dragon is out
    const tail = (await get('eventdata?eventID=3')).json as Events;
    expect(tail.Events).toEqual([
      {
        EventID: 3,
        EventName: 'DragonKill',
        EventTime: 20,
        KillerName: 'PiltoverFist',
        Assisters: [],
        DragonType: 'Fire',
        Stolen: 'True',
      },
    ]);
    expect(((await get('gamestats')).json as Json).gameTime).toBe(22);

    await s.control.advance(20); // game time 42: GameEnd at 40, clock frozen
    const ended = (await get('eventdata?eventID=4')).json as Events;
    expect(ended.Events).toEqual([{ EventID: 4, EventName: 'GameEnd', EventTime: 40, Result: 'Win' }]);
    expect(((await get('gamestats')).json as Json).gameTime).toBe(40);
    expect(s.control.state().live).toEqual({ listening: true, phase: 'ended', gameTime: 40 });

    await s.control.advance(4); // game time 46 > 40 + 5: process closed
    expect(await failureCode(`${s.urls.live}/liveclientdata/gamestats`, { ca: s.caPem })).toBe(
      'ECONNREFUSED',
    );
    expect(s.control.state().live.listening).toBe(false);
  });

  it('opens and closes the port on its own as the clock moves, without control calls', async () => {
    let nowMs = 0;
    const s = (sim = await startSimulator({ scenario: smallScenario(), now: () => nowMs }));
    const url = `${s.urls.live}/liveclientdata/gamestats`;
    const waitFor = async (wanted: string): Promise<string> => {
      const deadline = Date.now() + 2000;
      let code = await failureCode(url, { ca: s.caPem });
      while (code !== wanted && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        code = await failureCode(url, { ca: s.caPem });
      }
      return code;
    };
    expect(await failureCode(url, { ca: s.caPem })).toBe('ECONNREFUSED');
    nowMs = 500; // scenario 5 s: in game
    expect(await waitFor('ok')).toBe('ok');
    nowMs = 5_000; // scenario 50 s: past GameEnd (43 s) + 5 s
    expect(await waitFor('ECONNREFUSED')).toBe('ECONNREFUSED');
    expect(s.control.state().live.phase).toBe('absent');
  });

  it('advances gameTime with real time scaled by timeScale', async () => {
    let nowMs = 0;
    sim = await startSimulator({ scenario: smallScenario(), now: () => nowMs });
    await sim.control.advance(3); // game starts
    nowMs += 1500; // 1.5 real s × timeScale 10
    const { json } = await fetchJson(`${sim.urls.live}/liveclientdata/gamestats`, { ca: sim.caPem });
    expect((json as Json).gameTime).toBe(15);
  });
});

describe('live client records', () => {
  it('keeps K/D/A, deaths and updates consistent with the events', async () => {
    const s = await start();
    await s.control.advance(3 + 16); // game time 16
    const list = (await fetchJson(`${s.urls.live}/liveclientdata/playerlist`, { ca: s.caPem }))
      .json as Player[];
    expect(list).toHaveLength(10);
    const byName = new Map(list.map((player) => [player.riotIdGameName, player]));

    const ahri = byName.get('Sightline');
    expect(ahri).toMatchObject({
      championName: 'Ahri',
      rawChampionName: 'game_character_displayname_Ahri',
      riotId: 'Sightline#EUW',
      riotIdTagLine: 'EUW',
      summonerName: 'Sightline#EUW',
      team: 'ORDER',
      position: 'MIDDLE',
      level: 4,
      scores: { kills: 1, deaths: 0, assists: 0, creepScore: 31, wardScore: 2.5 },
      runes: { keystone: { displayName: 'Electrocute', id: 8112 } },
      summonerSpells: {
        summonerSpellOne: { displayName: 'Flash' },
        summonerSpellTwo: { displayName: 'Ignite' },
      },
    });
    expect(byName.get('BlindMonk')?.scores).toMatchObject({ assists: 1 });
    expect(byName.get('BlindMonk')?.championName).toBe('Lee Sin');
    const syndra = byName.get('DarkSovereign');
    expect(syndra?.scores).toMatchObject({ deaths: 1 });
    expect(syndra?.isDead).toBe(true); // died at 10, level 1: 10 s respawn
    expect(syndra?.respawnTimer).toBe(4);

    const chaos = (await fetchJson(`${s.urls.live}/liveclientdata/playerlist?teamID=CHAOS`, { ca: s.caPem }))
      .json as Player[];
    expect(chaos.map((player) => player.riotIdGameName)).toEqual([
      'NoxianMight',
      'PiltoverFist',
      'DarkSovereign',
      'Headshot',
      'Solstice',
    ]);

    const scores = await fetchJson(`${s.urls.live}/liveclientdata/playerscores?riotId=Sightline%23EUW`, {
      ca: s.caPem,
    });
    expect(scores.json).toEqual({ assists: 0, creepScore: 31, deaths: 0, kills: 1, wardScore: 2.5 });
    const unknown = await fetchJson(`${s.urls.live}/liveclientdata/playeritems?summonerName=Nobody`, {
      ca: s.caPem,
    });
    expect(unknown.status).toBe(400);
  });

  it('serves the active player, and all game data as a superset', async () => {
    const s = await start();
    await s.control.advance(3 + 5);
    const active = (await fetchJson(`${s.urls.live}/liveclientdata/activeplayer`, { ca: s.caPem }))
      .json as Json;
    expect(active).toMatchObject({ riotId: 'Sightline#EUW', riotIdGameName: 'Sightline', level: 1 });
    expect(Object.keys(active.abilities as Json).sort()).toEqual(['E', 'Passive', 'Q', 'R', 'W']);
    expect((active.fullRunes as { generalRunes: unknown[] }).generalRunes).toHaveLength(6);
    expect((active.championStats as Json).resourceType).toBe('MANA');
    const name = await fetchJson(`${s.urls.live}/liveclientdata/activeplayername`, { ca: s.caPem });
    expect(name.json).toBe('Sightline#EUW');

    const all = (await fetchJson(`${s.urls.live}/liveclientdata/allgamedata`, { ca: s.caPem })).json as Json;
    expect(Object.keys(all).sort()).toEqual(['activePlayer', 'allPlayers', 'events', 'gameData']);
    expect((all.events as Events).Events[0]).toEqual({ EventID: 0, EventName: 'GameStart', EventTime: 0 });
  });

  it('answers the spectator error instead of an active player', async () => {
    const base = smallScenario();
    const s = await start({
      ...base,
      live: base.live && { ...base.live, spectator: true, activePlayer: undefined },
    });
    await s.control.advance(4);
    const active = await fetchJson(`${s.urls.live}/liveclientdata/activeplayer`, { ca: s.caPem });
    expect(active.json).toEqual({ error: 'This feature is not supported in spectator mode' });
    const all = (await fetchJson(`${s.urls.live}/liveclientdata/allgamedata`, { ca: s.caPem })).json as Json;
    expect(all.activePlayer).toEqual({ error: 'This feature is not supported in spectator mode' });
    expect(all.allPlayers).toHaveLength(TEN_PLAYERS.length);
  });
});

describe('live data beside a replay that drives it', () => {
  it('reports the game at the replay’s playback time: the events it has played, and the rest after a jump', async () => {
    const base = smallScenario({
      replay: { length: 40, startTime: 15, paused: true, drivesLiveData: true },
    });
    const s = await start({
      ...base,
      live: base.live && {
        ...base.live,
        spectator: true,
        activePlayer: undefined,
        closesAfterEndSeconds: 3600,
      },
    });
    const get = (path: string) => fetchJson(`${s.urls.live}/liveclientdata/${path}`, { ca: s.caPem });
    await s.control.advance(30); // the game beside would be at 27 s: the replay says 15.
    const names = async () =>
      ((await get('eventdata')).json as Events).Events.map((event) => event.EventName);
    expect(await names()).toEqual(['GameStart', 'ChampionKill', 'FirstBlood']);
    expect((await get('gamestats')).json).toMatchObject({ gameTime: 15 });

    const replay = s.urls.replay;
    await fetchJson(`${replay}/replay/playback`, { ca: s.caPem, method: 'POST', body: { time: 40 } });
    expect(await names()).toEqual(['GameStart', 'ChampionKill', 'FirstBlood', 'DragonKill', 'GameEnd']);
  });
});
