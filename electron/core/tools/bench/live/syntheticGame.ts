import { seededRandom } from '@shared/random/seededRandom';
import {
  activePlayerRecord,
  gameStatsRecord,
  playerRecord,
  TEN_PLAYERS,
  type PlayerRecordOptions,
} from '../../../features/live/liveRecordBuilders';

/**
 * A ten-player game that plays itself, second by second, answering the live client's subset endpoints
 * as JSON text: kills every twenty seconds or so, objectives and turrets now and then, farm, levels,
 * items and gold. Seeded, so every run is the same game.
 */
export interface SyntheticGame {
  readonly gameTime: number;
  readonly eventCount: number;
  /** Plays one more second; true when it produced new events. */
  step(): boolean;
  /** Gives a player one more minion, so a view has something to redraw. */
  bumpCreepScore(index: number): number;
  /** The response body for a path such as /liveclientdata/eventdata?eventID=12. */
  answer(pathAndQuery: string): string;
}

interface GameEvent {
  EventID: number;
  EventName: string;
  EventTime: number;
  [field: string]: unknown;
}

const ITEMS = [
  { itemID: 3089, displayName: "Rabadon's Deathcap" },
  { itemID: 3157, displayName: "Zhonya's Hourglass" },
  { itemID: 3020, displayName: "Sorcerer's Shoes" },
  { itemID: 3071, displayName: 'Black Cleaver' },
  { itemID: 6672, displayName: 'Kraken Slayer' },
  { itemID: 3031, displayName: 'Infinity Edge' },
];

const OBJECTIVES = ['DragonKill', 'HordeKill', 'HeraldKill', 'BaronKill', 'TurretKilled'] as const;
const DRAGONS = ['Fire', 'Water', 'Earth', 'Air', 'Hextech', 'Chemtech'];
const TURRETS = [
  'Turret_T1_L_03_A',
  'Turret_T2_R_03_A',
  'Turret_T1_C_05_A',
  'Turret_T2_C_04_A',
  'Turret_T2_L_02_A',
];

export function createSyntheticGame(seed = 42): SyntheticGame {
  const next = seededRandom(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  let gameTime = 0;
  let gold = 500;
  const events: GameEvent[] = [{ EventID: 0, EventName: 'GameStart', EventTime: 0 }];
  const players: Array<PlayerRecordOptions & { respawnAt: number | null }> = TEN_PLAYERS.map((player) => ({
    ...player,
    respawnAt: null,
    items: [{ itemID: 3340, displayName: 'Stealth Ward', slot: 6 }],
  }));

  const add = (event: Omit<GameEvent, 'EventID' | 'EventTime'>) =>
    events.push({ ...event, EventID: events.length, EventTime: gameTime } as GameEvent);

  function kill(): void {
    const alive = players.filter((player) => player.respawnAt === null);
    const killer = pick(alive);
    const victims = alive.filter((player) => player.team !== killer.team);
    if (victims.length === 0) return;
    const victim = pick(victims);
    const helpers = alive.filter(
      (player) => player.team === killer.team && player !== killer && next() < 0.4,
    );
    killer.kills = (killer.kills ?? 0) + 1;
    victim.deaths = (victim.deaths ?? 0) + 1;
    for (const helper of helpers) helper.assists = (helper.assists ?? 0) + 1;
    victim.respawnAt = gameTime + 6 + (victim.level ?? 1) * 2;
    add({
      EventName: 'ChampionKill',
      KillerName: killer.gameName,
      VictimName: victim.gameName,
      Assisters: helpers.map((player) => player.gameName),
    });
    if (events.filter((event) => event.EventName === 'ChampionKill').length === 1) {
      add({ EventName: 'FirstBlood', Recipient: killer.gameName });
    }
  }

  function objective(): void {
    const name = pick(OBJECTIVES);
    const killer = pick(players);
    if (name === 'TurretKilled') {
      add({ EventName: name, KillerName: killer.gameName, Assisters: [], TurretKilled: pick(TURRETS) });
    } else {
      add({
        EventName: name,
        KillerName: killer.gameName,
        Assisters: [],
        Stolen: next() < 0.1 ? 'True' : 'False',
        ...(name === 'DragonKill' ? { DragonType: pick(DRAGONS) } : {}),
      });
    }
  }

  return {
    get gameTime() {
      return gameTime;
    },
    get eventCount() {
      return events.length;
    },
    step() {
      const before = events.length;
      gameTime += 1;
      gold += 2.04;
      const level = Math.min(18, 1 + Math.floor(gameTime / 120));
      for (const player of players) {
        player.level = level;
        if (player.respawnAt !== null && player.respawnAt <= gameTime) player.respawnAt = null;
        if (player.position !== 'UTILITY' && next() < 0.12) player.creepScore = (player.creepScore ?? 0) + 1;
        if (next() < 0.004) player.wardScore = (player.wardScore ?? 0) + 1;
        const items = player.items ?? [];
        if (gameTime % 180 === 0 && items.length < 7) {
          const slot = items.length - 1;
          items.splice(slot, 0, { ...(ITEMS[slot] ?? { itemID: 1001, displayName: 'Boots' }), slot });
        }
      }
      if (next() < 0.05) kill();
      if (next() < 0.01) objective();
      return events.length > before;
    },
    bumpCreepScore(index) {
      const player = players[index];
      if (!player) return 0;
      player.creepScore = (player.creepScore ?? 0) + 1;
      return player.creepScore;
    },
    answer(pathAndQuery) {
      const url = new URL(pathAndQuery, 'https://127.0.0.1:2999');
      switch (url.pathname) {
        case '/liveclientdata/gamestats':
          return JSON.stringify(gameStatsRecord(gameTime));
        case '/liveclientdata/playerlist':
          return JSON.stringify(
            players.map(({ respawnAt, ...player }) =>
              playerRecord({
                ...player,
                isDead: respawnAt !== null,
                respawnTimer: (respawnAt ?? gameTime) - gameTime,
              }),
            ),
          );
        case '/liveclientdata/activeplayer': {
          const [me] = players;
          return JSON.stringify(
            activePlayerRecord({
              gameName: me?.gameName ?? '',
              champion: me?.champion ?? '',
              level: me?.level,
              currentGold: gold,
            }),
          );
        }
        case '/liveclientdata/eventdata': {
          const from = Number(url.searchParams.get('eventID') ?? 0);
          return JSON.stringify({ Events: events.filter((event) => event.EventID >= from) });
        }
        default:
          return JSON.stringify({ errorCode: 'RESOURCE_NOT_FOUND', httpStatus: 404 });
      }
    },
  };
}
