import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initialAppState, type AppState } from '@shared/contract';
import { loadScenarioFile } from '../../../simulator/index';
import { createLiveClientService } from '../../../simulator/liveClientService';
import { StateHub } from '../../platform/hub/stateHub';
import { silentLogger } from '../../platform/log/logger';
import { realScheduler } from '../../platform/polling/poller';
import { createScriptedHttpClient, httpError, ok } from '../../tools/testkit/scriptedHttpClient';
import { createLiveClientWatcher } from './liveClientWatcher';

// The hard rule: Sightline shows only what the game shows the player. No build, item or rune advice, no
// win prediction, no enemy cooldowns or jungle timers, no augment win rates, no rating estimate. Every
// field the live game state carries to a view (and so to an overlay) is listed here: a new one fails
// until it is added below, with the reason the game shows it.

/** Every field of the live slice in a game, by the object that holds it (`[]` an array, `*` any feed id). */
const PLAYER_VISIBLE_LIVE_FIELDS: Record<string, string[]> = {
  '': [
    'phase',
    'gameMode',
    'mapName',
    'mapNumber',
    'spectator',
    'result',
    'lastGame',
    'clock',
    'layout',
    'broadcast',
    'players',
    'teams',
    'feed',
    'activePlayer',
  ],
  clock: ['gameTime', 'sampledAt'],
  layout: ['feed', 'scoreboard'],
  teams: ['ORDER', 'CHAOS'],
  // The caster's own words for each side (settings), not the game's.
  broadcast: ['ORDER', 'CHAOS'],
  'broadcast.ORDER': ['name', 'tag'],
  'broadcast.CHAOS': ['name', 'tag'],
  feed: ['*'],
  // The streamer's own layout settings (a box: where they placed the widget), nothing of the game.
  'layout.feed': ['anchor', 'box', 'scale', 'visible'],
  'layout.scoreboard': ['anchor', 'box', 'scale', 'visible'],
  // The scoreboard (Tab) and the champion portraits above each player.
  'players[]': [
    'id',
    'name',
    'tagLine',
    'team',
    'championKey',
    'championName',
    'level',
    'kills',
    'deaths',
    'assists',
    'creepScore',
    'wardScore',
    'items',
    'spells',
    'keystone',
    'position',
    'isBot',
    'isDead',
    'respawnTimer',
    'isLocal',
  ],
  'players[].items[]': ['id', 'name', 'count'],
  'players[].spells[]': ['key', 'name'],
  'players[].keystone': ['id', 'name'],
  // What the game's top bar and kill feed show.
  'teams.ORDER': ['kills', 'towers', 'inhibitors', 'dragons', 'barons', 'heralds', 'voidgrubs', 'atakhans'],
  'teams.CHAOS': ['kills', 'towers', 'inhibitors', 'dragons', 'barons', 'heralds', 'voidgrubs', 'atakhans'],
  'feed.*': ['id', 'time', 'kind', 'team', 'text', 'detail', 'stolen', 'actor', 'victim', 'assists'],
  'feed.*.actor': ['name', 'team', 'championKey', 'championName', 'isLocal'],
  'feed.*.victim': ['name', 'team', 'championKey', 'championName', 'isLocal'],
  'feed.*.assists[]': ['name', 'team', 'championKey', 'championName', 'isLocal'],
  // The player's own stat panel, gold, abilities and runes: the player's own, never an enemy's.
  activePlayer: [
    'playerId',
    'name',
    'level',
    'gold',
    'stats',
    'abilities',
    'keystone',
    'primaryTree',
    'secondaryTree',
    'runes',
  ],
  'activePlayer.stats': [
    'abilityHaste',
    'abilityPower',
    'armor',
    'attackDamage',
    'attackRange',
    'attackSpeed',
    'critChance',
    'currentHealth',
    'lifeSteal',
    'magicResist',
    'maxHealth',
    'moveSpeed',
    'resourceMax',
    'resourceType',
    'resourceValue',
    'tenacity',
  ],
  'activePlayer.abilities[]': ['slot', 'id', 'name', 'level'],
  'activePlayer.keystone': ['id', 'name'],
  'activePlayer.primaryTree': ['id', 'name'],
  'activePlayer.secondaryTree': ['id', 'name'],
  'activePlayer.runes[]': ['id', 'name'],
};

const ALLOWED_PATHS = new Set(
  Object.entries(PLAYER_VISIBLE_LIVE_FIELDS).flatMap(([holder, fields]) =>
    fields.map((field) => (holder ? `${holder}.${field}` : field)),
  ),
);

/** Names that say a field is advice, a prediction, a timer the game does not show, or a rating. */
const FORBIDDEN_NAME =
  /advice|advise|recommend|suggest|predict|probabilit|odds|winrate|win_rate|winChance|mmr|elo\b|rating|cooldown|nextSpawn|(?<!re)spawnTimer|jungleTimer|bet\b|betting|wager|crypto|wallet|blockchain/i;

/** Every field path in a value: an array's items under `[]`, a record's numeric ids as `*`. */
function fieldPaths(value: unknown, prefix = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((item) => fieldPaths(item, `${prefix}[]`));
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, child]) => {
    const path = `${prefix}${prefix ? '.' : ''}${/^\d+$/.test(key) ? '*' : key}`;
    return [path, ...fieldPaths(child, path)];
  });
}

describe('the live game state carries only what the game shows the player', () => {
  beforeEach(() => vi.useFakeTimers({ now: 0 }));
  afterEach(() => vi.useRealTimers());

  it('in a game with kills, objectives and an ace: only the listed fields, none named for advice, prediction or timers', async () => {
    const scenario = await loadScenarioFile(
      fileURLToPath(new URL('../../../simulator/scenarios/full-game.json', import.meta.url)),
    );
    const live = createLiveClientService(scenario.live, () => Date.now() / 1000);
    const { client } = createScriptedHttpClient((path, request) => {
      const url = new URL(path, 'https://127.0.0.1:2999');
      const answer = live.handle({
        method: request.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        body: undefined,
      });
      return answer.status === 200 ? ok(answer.body) : httpError(answer.status, answer.body);
    });
    const hub = new StateHub<AppState>(initialAppState(0));
    const watcher = createLiveClientWatcher({
      http: client,
      hub,
      scheduler: realScheduler,
      logger: silentLogger,
      baseUrl: () => 'https://127.0.0.1:2999',
      intervalMs: () => 1000,
    });
    watcher.start();
    await vi.advanceTimersByTimeAsync(200_000);
    watcher.stop();
    expect(hub.state.live.phase).toBe('in-game');
    expect(hub.state.live.feed).not.toEqual({});
    const paths = [...new Set(fieldPaths(hub.state.live))];
    expect(paths.filter((path) => FORBIDDEN_NAME.test(path))).toEqual([]);
    expect(paths.filter((path) => !ALLOWED_PATHS.has(path))).toEqual([]);
  });
});
