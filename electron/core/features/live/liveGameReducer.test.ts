import { describe, expect, it } from 'vitest';
import {
  DEFAULT_OVERLAY_LAYOUT,
  LIVE_FEED_LIMIT,
  feedEntries,
  type LiveGameState,
  type LiveGameSummary,
  type PatchOp,
} from '@shared/contract';
import { StateHub } from '../../platform/hub/stateHub';
import { gameStatsSchema, readActivePlayer, readEvents, readPlayerList } from './liveClientSchemas';
import {
  DISCONNECT_GRACE_MS,
  END_SETTLE_MS,
  INITIAL_TRACKER,
  reduceLiveGame,
  type LiveObservation,
  type LiveTracker,
} from './liveGameReducer';
import {
  activePlayerRecord,
  gameStatsRecord,
  playerRecord,
  SPECTATOR_ANSWER,
  TEN_PLAYERS,
} from './liveRecordBuilders';

type Scores = Partial<
  Record<
    string,
    { kills?: number; deaths?: number; assists?: number; creepScore?: number; wardScore?: number }
  >
>;

function players(scores: Scores = {}) {
  return (
    readPlayerList(TEN_PLAYERS.map((player) => playerRecord({ ...player, ...scores[player.gameName] }))) ?? []
  );
}

const me = readActivePlayer(
  activePlayerRecord({ gameName: 'Sightline', champion: 'Ahri', level: 6, currentGold: 1234.7 }),
);

let nextId = 0;
function events(...list: Array<Record<string, unknown>>) {
  return readEvents({ Events: list.map((event) => ({ EventID: nextId++, EventTime: 10, ...event })) }) ?? [];
}

function poll(
  gameTime: number,
  parts: Partial<Omit<Extract<LiveObservation, { kind: 'poll' }>, 'kind' | 'stats'>> = {},
): LiveObservation {
  return {
    kind: 'poll',
    stats: gameStatsSchema.parse(gameStatsRecord(gameTime)),
    events: [],
    players: players(),
    active: me,
    ...parts,
  };
}

/**
 * The game of `first` then of `second` as the state hub publishes them: the hub keeps what did not change, so
 * views (and the next diff) stop at it.
 */
function publishBoth(first: LiveTracker, second: LiveTracker) {
  const hub = new StateHub<{ live: LiveGameState }>({ live: first.game });
  const before = hub.state.live;
  const patches: PatchOp[][] = [];
  hub.subscribe((message) => {
    if (message.kind === 'patch') patches.push(message.ops);
  });
  hub.set('live', second.game);
  return { before, after: hub.state.live, paths: patches.flat().map((op) => op.path) };
}

/** Runs observations one second apart (or at the given times) and collects what was handed out. */
function run(
  steps: Array<LiveObservation | [at: number, LiveObservation]>,
  start: LiveTracker = INITIAL_TRACKER,
) {
  let tracker = start;
  const summaries: LiveGameSummary[] = [];
  const phases = steps.map((step, index) => {
    const [now, observation] = Array.isArray(step) ? step : [index * 1000, step];
    tracker = reduceLiveGame(tracker, observation, { now, queueLabel: () => "Summoner's Rift" });
    if (tracker.emitted) summaries.push(tracker.emitted);
    return tracker.game.phase;
  });
  return { tracker, phases, summaries };
}

describe('reduceLiveGame', () => {
  it('walks no game → loading → in game → ended → no game', () => {
    nextId = 0;
    const { phases, summaries, tracker } = run([
      { kind: 'absent' },
      { kind: 'loading' },
      poll(0, { events: [] }),
      poll(1, { events: events({ EventName: 'GameStart', EventTime: 0 }) }),
      poll(300, { events: events({ EventName: 'GameEnd', EventTime: 300, Result: 'Win' }) }),
      poll(300),
      { kind: 'absent' },
    ]);
    expect(phases).toEqual(['no-game', 'loading', 'loading', 'in-game', 'ended', 'ended', 'no-game']);
    expect(summaries).toHaveLength(1);
    expect(summaries[0]).toMatchObject({
      result: 'win',
      durationSeconds: 300,
      championKey: 'Ahri',
      playerId: 'Sightline#EUW',
      queueLabel: "Summoner's Rift",
      gameMode: 'CLASSIC',
    });
    // The finished game stays visible once the client has closed.
    expect(tracker.game.lastGame).toEqual(summaries[0]);
  });

  it('saves a finished game with the figures shown after GameEnd settles, not an older list read with it', () => {
    nextId = 0;
    const before = players({ Sightline: { kills: 1, deaths: 1 } });
    const final = players({ Sightline: { kills: 4, deaths: 1, creepScore: 90 } });
    const end = () => events({ EventName: 'GameEnd', EventTime: 300, Result: 'Win' });
    const settled = run([
      [10_000, poll(300, { events: end(), players: before })],
      [11_000, poll(300, { players: final })],
      [10_000 + END_SETTLE_MS, poll(300, { players: final })],
      [13_000, poll(300, { players: final })],
    ]);
    expect(settled.summaries).toEqual([expect.objectContaining({ kills: 4, deaths: 1, creepScore: 90 })]);
    expect(settled.tracker.game.lastGame).toMatchObject({ kills: 4, result: 'win' });

    // The client closes first: saved then, with the last figures it showed.
    const closed = run([
      [10_000, poll(300, { events: end(), players: before })],
      [11_000, poll(300, { players: final })],
      [11_500, { kind: 'absent' }],
    ]);
    expect(closed.summaries).toEqual([expect.objectContaining({ kills: 4, result: 'win' })]);
    expect(closed.phases).toEqual(['ended', 'ended', 'no-game']);
  });

  describe("vision: the other team's only once the game is over, as the game's scoreboard shows it", () => {
    // Every player has a ward score on the client: the local player (ORDER) 3.5, a teammate 7.2, each enemy 9.9.
    const withWards = () =>
      players(
        Object.fromEntries(
          TEN_PLAYERS.map(({ gameName, team }) => [
            gameName,
            { wardScore: gameName === 'Sightline' ? 3.5 : team === 'ORDER' ? 7.2 : 9.9 },
          ]),
        ),
      );
    const wardsByTeam = (tracker: LiveTracker) =>
      Object.fromEntries(
        (['ORDER', 'CHAOS'] as const).map((team) => [
          team,
          tracker.game.players.filter((player) => player.team === team).map((player) => player.wardScore),
        ]),
      );

    it('shows the own team while the game runs, and both teams after GameEnd', () => {
      nextId = 0;
      const running = run([poll(600, { players: withWards() })]);
      expect(wardsByTeam(running.tracker)).toEqual({
        ORDER: [3.5, 7.2, 7.2, 7.2, 7.2],
        CHAOS: [null, null, null, null, null],
      });
      // Nothing of the enemy's figure is in the state views get, only that it is not shown.
      expect(JSON.stringify(running.tracker.game)).not.toContain('9.9');

      const ended = run(
        [
          poll(900, {
            players: withWards(),
            events: events({ EventName: 'GameEnd', EventTime: 900, Result: 'Win' }),
          }),
        ],
        running.tracker,
      );
      expect(ended.phases).toEqual(['ended']);
      expect(wardsByTeam(ended.tracker)).toEqual({
        ORDER: [3.5, 7.2, 7.2, 7.2, 7.2],
        CHAOS: [9.9, 9.9, 9.9, 9.9, 9.9],
      });
    });

    it('shows both teams when a game ends because its client closed, without another player list', () => {
      const { tracker, phases } = run([poll(600, { players: withWards() }), { kind: 'absent' }]);
      expect(phases).toEqual(['in-game', 'ended']);
      expect(wardsByTeam(tracker).CHAOS).toEqual([9.9, 9.9, 9.9, 9.9, 9.9]);
    });

    it('hides every team from a spectator until the end, and from the loading screen on', () => {
      const spectating = run([
        poll(600, { players: withWards(), active: readActivePlayer(SPECTATOR_ANSWER) }),
      ]);
      expect(spectating.tracker.game.spectator).toBe(true);
      expect(spectating.tracker.game.players.map((player) => player.wardScore)).toEqual(Array(10).fill(null));

      const loading = run([poll(0, { players: withWards(), events: null })]);
      expect(loading.phases).toEqual(['loading']);
      expect(wardsByTeam(loading.tracker).CHAOS).toEqual([null, null, null, null, null]);
    });

    it('keeps the unchanged players the same objects from poll to poll where the game is published', () => {
      const { tracker } = run([poll(600, { players: withWards() })]);
      const next = reduceLiveGame(tracker, poll(601, { players: withWards() }), {
        now: 5000,
        queueLabel: () => '',
      });
      const { before, after, paths } = publishBoth(tracker, next);
      expect(after.players).toBe(before.players);
      expect(paths.filter((path) => path[1] === 'players')).toEqual([]);
    });
  });

  it('treats game time past zero as started even before GameStart is read', () => {
    expect(run([poll(12, { events: null })]).phases).toEqual(['in-game']);
  });

  it('samples the clock with the poll time and freezes it after the end', () => {
    nextId = 0;
    const { tracker } = run([[7000, poll(42.5)]]);
    expect(tracker.game.clock).toEqual({ gameTime: 42.5, sampledAt: 7000 });
    const ended = run([
      [1000, poll(300, { events: events({ EventName: 'GameEnd', EventTime: 300, Result: 'Lose' }) })],
      [2000, poll(300)],
    ]).tracker;
    expect(ended.game.clock).toEqual({ gameTime: 300, sampledAt: 1000 });
    expect(ended.game.result).toBe('lose');
  });

  it('keeps the last good state through unreadable polls and a loading answer mid-game', () => {
    const { tracker, phases } = run([poll(100), { kind: 'unreadable' }, { kind: 'loading' }]);
    expect(phases).toEqual(['in-game', 'in-game', 'in-game']);
    expect(tracker.game.players).toHaveLength(10);
  });

  it('ends a game whose client goes away, resumes it when it comes back, and saves nothing', () => {
    const { phases, summaries } = run([
      poll(100),
      { kind: 'absent' },
      { kind: 'absent' },
      { kind: 'loading' },
      poll(110),
    ]);
    expect(phases).toEqual(['in-game', 'ended', 'no-game', 'loading', 'in-game']);
    expect(summaries).toEqual([]);
  });

  it('saves a game that never came back once the grace time has passed, without a result', () => {
    const { summaries } = run([
      [
        0,
        poll(100, { players: players({ Sightline: { kills: 4, deaths: 1, assists: 2, creepScore: 80 } }) }),
      ],
      [1000, { kind: 'absent' }],
      [2000, { kind: 'absent' }],
      [1000 + DISCONNECT_GRACE_MS - 1, { kind: 'absent' }],
      [1000 + DISCONNECT_GRACE_MS, { kind: 'absent' }],
      [1000 + DISCONNECT_GRACE_MS + 5000, { kind: 'absent' }],
    ]);
    expect(summaries).toEqual([
      expect.objectContaining({
        result: null,
        durationSeconds: 100,
        kills: 4,
        deaths: 1,
        assists: 2,
        creepScore: 80,
      }),
    ]);
  });

  it('saves the lost game at once when another game starts', () => {
    const { summaries, phases } = run([poll(600), { kind: 'absent' }, { kind: 'absent' }, poll(3)]);
    expect(phases).toEqual(['in-game', 'ended', 'no-game', 'in-game']);
    expect(summaries).toEqual([expect.objectContaining({ durationSeconds: 600, result: null })]);
  });

  it('saves a game once even when it is rebuilt from the event list after a drop', () => {
    nextId = 0;
    const all = events(
      { EventName: 'GameStart', EventTime: 0 },
      { EventName: 'GameEnd', EventTime: 300, Result: 'Win' },
    );
    const { summaries, phases } = run([
      poll(300, { events: all }),
      { kind: 'absent' },
      poll(300, { events: all }),
    ]);
    expect(phases).toEqual(['ended', 'no-game', 'ended']);
    expect(summaries).toHaveLength(1);
  });

  it('starts over when game time goes back: a new game in the same client', () => {
    nextId = 0;
    const first = run([poll(900, { events: events({ EventName: 'GameStart', EventTime: 0 }) })]).tracker;
    const { tracker } = run(
      [
        poll(2, {
          events: events({ EventName: 'ChampionKill', KillerName: 'Sightline', VictimName: 'Solstice' }),
        }),
      ],
      first,
    );
    expect(tracker.game.phase).toBe('in-game');
    expect(tracker.nextEventId).toBe(0);
    expect(feedEntries(tracker.game)).toEqual([]);
  });

  it('shows spectator mode without the active player, and saves no summary', () => {
    nextId = 0;
    const spectator = { kind: 'spectator' } as const;
    const { tracker, summaries } = run([
      poll(10, { active: readActivePlayer(SPECTATOR_ANSWER) ?? spectator }),
      poll(300, {
        active: spectator,
        events: events({ EventName: 'GameEnd', EventTime: 300, Result: 'Win' }),
      }),
    ]);
    expect(tracker.game).toMatchObject({ spectator: true, activePlayer: null, phase: 'ended' });
    expect(tracker.game.players.some((player) => player.isLocal)).toBe(false);
    expect(summaries).toEqual([]);
  });

  it('builds the active player’s panel and marks the local player', () => {
    const { tracker } = run([poll(100)]);
    expect(tracker.game.activePlayer).toMatchObject({
      playerId: 'Sightline#EUW',
      level: 6,
      gold: 1234,
      abilities: [
        { slot: 'Passive', level: null },
        { slot: 'Q', level: 3 },
        { slot: 'W', level: 1 },
        { slot: 'E', level: 2 },
        { slot: 'R', level: 1 },
      ],
    });
    expect(
      tracker.game.players.filter((player) => player.isLocal).map((player) => player.championKey),
    ).toEqual(['Ahri']);
  });

  it('counts team totals from the events', () => {
    nextId = 0;
    const { tracker } = run([
      poll(100, {
        events: events(
          { EventName: 'ChampionKill', KillerName: 'Sightline', VictimName: 'DarkSovereign', Assisters: [] },
          {
            EventName: 'ChampionKill',
            KillerName: 'Turret_T1_C_05_A',
            VictimName: 'Headshot',
            Assisters: [],
          },
          {
            EventName: 'ChampionKill',
            KillerName: 'PiltoverFist',
            VictimName: 'DemacianWall',
            Assisters: [],
          },
          {
            EventName: 'TurretKilled',
            KillerName: 'Minion_T100L1S02N0042',
            TurretKilled: 'Turret_T2_R_03_A',
          },
          { EventName: 'InhibKilled', KillerName: 'Sightline', InhibKilled: 'Barracks_T2_C1' },
          { EventName: 'DragonKill', KillerName: 'BlindMonk', DragonType: 'Fire', Stolen: 'False' },
          { EventName: 'DragonKill', KillerName: 'PiltoverFist', DragonType: 'Water', Stolen: 'True' },
          { EventName: 'DragonKill', KillerName: 'BlindMonk', DragonType: 'Air', Stolen: 'False' },
          { EventName: 'BaronKill', KillerName: 'BlindMonk', Stolen: 'False' },
          { EventName: 'HeraldKill', KillerName: 'PiltoverFist', Stolen: 'False' },
          { EventName: 'HordeKill', KillerName: 'BlindMonk', Stolen: 'False' },
          { EventName: 'HordeKill', KillerName: 'BlindMonk', Stolen: 'False' },
          { EventName: 'Mystery', KillerName: 'BlindMonk' },
        ),
      }),
    ]);
    expect(tracker.game.teams.ORDER).toEqual({
      kills: 2,
      towers: 1,
      inhibitors: 1,
      dragons: ['Fire', 'Air'],
      barons: 1,
      heralds: 0,
      voidgrubs: 2,
      atakhans: 0,
    });
    expect(tracker.game.teams.CHAOS).toMatchObject({ kills: 1, towers: 0, dragons: ['Water'], heralds: 1 });
    expect(feedEntries(tracker.game).at(-1)?.text).toBe('Mystery: KillerName BlindMonk');
  });

  it('tails events by id and never counts one twice', () => {
    nextId = 0;
    const kill = events({ EventName: 'ChampionKill', KillerName: 'Sightline', VictimName: 'Solstice' });
    const { tracker } = run([poll(100, { events: kill }), poll(101, { events: kill })]);
    expect(tracker.nextEventId).toBe(1);
    expect(tracker.game.teams.ORDER.kills).toBe(1);
  });

  it('waits with events until the players are known', () => {
    nextId = 0;
    const kill = events({ EventName: 'ChampionKill', KillerName: 'Sightline', VictimName: 'Solstice' });
    const waiting = run([poll(100, { events: kill, players: null })]).tracker;
    expect(waiting.nextEventId).toBe(0);
    const { tracker } = run([poll(101, { events: kill })], waiting);
    expect(tracker.game.teams.ORDER.kills).toBe(1);
  });

  it('keeps the latest events within the feed limit', () => {
    nextId = 0;
    const many = events(
      ...Array.from({ length: LIVE_FEED_LIMIT + 20 }, () => ({ EventName: 'MinionsSpawning' })),
    );
    const feed = feedEntries(run([poll(100, { events: many })]).tracker.game);
    expect(feed).toHaveLength(LIVE_FEED_LIMIT);
    expect(feed[0]?.id).toBe(20);
  });

  it('reuses unchanged parts, so a steady poll changes only the clock and the gold', () => {
    const first = run([poll(100)]).tracker;
    const steady = activePlayerRecord({
      gameName: 'Sightline',
      champion: 'Ahri',
      level: 6,
      currentGold: 1240,
    });
    const second = run([poll(101, { active: readActivePlayer(steady) })], first).tracker;
    const { before, after, paths } = publishBoth(first, second);
    expect(after.players).toBe(before.players);
    expect(after.teams).toBe(before.teams);
    expect(after.activePlayer?.stats).toBe(before.activePlayer?.stats);
    expect(after.activePlayer?.gold).toBe(1240);
    expect(new Set(paths.map((path) => path.slice(1, 3).join('.')))).toEqual(
      new Set(['clock.gameTime', 'activePlayer.gold']),
    );
  });

  it('applies overlay layout changes and keeps them across games', () => {
    const layout = {
      ...DEFAULT_OVERLAY_LAYOUT,
      feed: { visible: false, anchor: 'bottom-left', scale: 1.5, box: null },
    } as const;
    const { tracker } = run([{ kind: 'layout', layout }, poll(100), { kind: 'absent' }, { kind: 'absent' }]);
    expect(tracker.game.layout).toEqual(layout);
  });

  it('applies the caster’s team names and keeps them across games', () => {
    const teams = { ORDER: { name: 'Demacia Esports', tag: 'DMC' }, CHAOS: { name: '', tag: 'NXA' } };
    const { tracker } = run([
      { kind: 'broadcast', teams },
      poll(100),
      { kind: 'absent' },
      { kind: 'absent' },
    ]);
    expect(tracker.game.broadcast).toEqual(teams);
  });
});
