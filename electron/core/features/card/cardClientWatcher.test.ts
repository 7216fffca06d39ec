import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initialAppState, type AppState } from '@shared/contract';
import type { CardCatalog } from './catalog/cardCatalog';
import { HistoryError } from '../../platform/db/sqliteDatabase';
import { historyPath, openHistoryStore, type HistoryStore } from '../history/historyStore';
import { StateHub } from '../../platform/hub/stateHub';
import { silentLogger } from '../../platform/log/logger';
import type { HttpOutcome } from '../../platform/net/httpExchange';
import { realScheduler } from '../../platform/polling/poller';
import type { ProcessListDeps } from '../../platform/processes/runningProcesses';
import { createScriptedHttpClient, ok } from '../../tools/testkit/scriptedHttpClient';
import { createCardGameArchive } from './cardGameArchive';
import { CARD_ENDPOINTS, createCardClientWatcher } from './cardClientWatcher';
import { recordedAt, recordedGameEvents } from './fixtures/recordedGame';

const polls = recordedGameEvents();
const DECK = (() => {
  const event = polls.find((candidate) => candidate.kind === 'decklist');
  if (event?.kind !== 'decklist') throw new Error('no deck list recorded');
  return event.record;
})();

/** The card client as recorded: the last frame up to now, the deck during the game, the result after it. */
function recordedClient(options: { absent?: () => boolean; resultAt?: number } = {}) {
  return (path: string): HttpOutcome => {
    if (options.absent?.()) return { kind: 'refused' };
    const now = Date.now();
    const frame = polls.filter((poll) => poll.kind === 'rectangles' && poll.at <= now).at(-1);
    const record = frame?.kind === 'rectangles' ? frame.record : null;
    switch (path) {
      case CARD_ENDPOINTS.rectangles:
        return ok(
          record ?? {
            PlayerName: null,
            OpponentName: null,
            GameState: 'Menus',
            Screen: { ScreenWidth: 1, ScreenHeight: 1 },
            Rectangles: [],
          },
        );
      case CARD_ENDPOINTS.decklist:
        return ok(record?.GameState === 'InProgress' ? DECK : { DeckCode: null, CardsInDeck: null });
      case CARD_ENDPOINTS.result:
        return ok(
          now >= recordedAt(options.resultAt ?? 111)
            ? { GameID: 4, LocalPlayerWon: true }
            : { GameID: 3, LocalPlayerWon: false },
        );
      default:
        return { kind: 'http-error', status: 404, headers: {}, body: null, text: '' };
    }
  };
}

const CATALOG: CardCatalog = {
  lookup: (code) =>
    code === '01DE012'
      ? { name: 'Laurent Protégé', cost: 2, region: 'Demacia', artUrl: '/art/01DE012.png' }
      : null,
};

let dir: string;
const stores: HistoryStore[] = [];
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sightline-card-'));
  // Polls fall half a second after each recorded frame.
  vi.useFakeTimers({ now: recordedAt(16) + 500, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
});
afterEach(async () => {
  vi.useRealTimers();
  for (const store of stores.splice(0)) store.close();
  await rm(dir, { recursive: true, force: true });
});

function openStore(): Promise<HistoryStore> {
  const store = openHistoryStore(historyPath(dir), () => Date.now());
  void store.then((opened) => stores.push(opened));
  return store;
}

/** Pass a store opened with `await openStore()`: opening is real file work, which the fake clock does not wait for. */
function startWatcher(
  answer: (path: string) => HttpOutcome,
  store: HistoryStore | Promise<HistoryStore>,
  processes?: ProcessListDeps,
) {
  const history = Promise.resolve(store);
  const hub = new StateHub<AppState>(initialAppState(Date.now()));
  const { client, requests } = createScriptedHttpClient(answer);
  let publish = (): void => undefined;
  const archive = createCardGameArchive({ history, logger: silentLogger, onStatus: () => publish() });
  const watcher = createCardClientWatcher({
    http: client,
    hub,
    scheduler: realScheduler,
    logger: silentLogger,
    baseUrl: () => 'http://127.0.0.1:21337',
    catalog: CATALOG,
    archive,
    processes,
  });
  publish = watcher.publish;
  watcher.poller.start();
  return { hub, watcher, requests, history };
}

async function until(t: number): Promise<void> {
  await vi.advanceTimersByTimeAsync(Math.max(0, recordedAt(t) - Date.now()));
}

describe('the card client watcher', () => {
  it('tracks the recorded game, records it with its result, and reads no endpoint twice in a second', async () => {
    const sent: { path: string; at: number }[] = [];
    const answer = recordedClient();
    const { hub, watcher, history } = startWatcher(
      (path) => {
        sent.push({ path, at: Date.now() });
        return answer(path);
      },
      await openStore(),
    );

    await until(19);
    expect(hub.state.card.phase).toBe('no-game');
    expect(hub.state.sources.card).toMatchObject({ state: 'connected', reason: 'in menus' });

    await until(21);
    expect(hub.state.card.phase).toBe('in-game');
    expect(hub.state.card.game).toMatchObject({
      mulligan: true,
      deckSize: 40,
      cardsLeft: 36,
      drawn: 4,
      inHand: 4,
    });
    const protege = hub.state.card.game?.deck.find((row) => row.card.code === '01DE012');
    expect(protege).toEqual({
      card: {
        code: '01DE012',
        name: 'Laurent Protégé',
        cost: 2,
        region: 'Demacia',
        faction: 'DE',
        artUrl: '/art/01DE012.png',
        champion: false,
      },
      total: 3,
      left: 2,
    });
    // Without card data a card is its code.
    expect(hub.state.card.game?.deck.find((row) => row.card.code === '01IO009')?.card).toMatchObject({
      name: null,
      faction: 'IO',
      artUrl: null,
    });

    await until(51);
    expect(hub.state.card.game).toMatchObject({ mulligan: false, cardsLeft: 35 });
    await until(100);
    expect(hub.state.card.game?.plays.map((play) => play.card.code)).toEqual([
      '01DE012',
      '01DE001',
      '01IO009',
      '01DE022',
    ]);
    expect(hub.state.card.game?.opponentCards.map((row) => [row.card.code, row.count])).toEqual([
      ['01NX004', 1],
      ['01NX020', 1],
    ]);

    await until(115);
    expect(hub.state.card.phase).toBe('no-game');
    expect(hub.state.card.lastGame).toMatchObject({ result: 'win', opponentName: 'decks_are_fun' });
    expect(hub.state.card.history).toEqual({ revision: 1, error: null, unsaved: 0 });
    const store = await history;
    const [game] = await store.cardGames.details({});
    expect(game).toMatchObject({
      result: 'win',
      clientGameId: 4,
      opponentName: 'decks_are_fun',
      playCount: 4,
    });
    expect(await store.cardGames.loadProgress()).toBeNull();
    watcher.poller.stop();

    for (const path of Object.values(CARD_ENDPOINTS)) {
      const times = sent.filter((request) => request.path === path).map((request) => request.at);
      const gaps = times.slice(1).map((at, index) => at - (times[index] ?? 0));
      expect(Math.min(...gaps), path).toBeGreaterThanOrEqual(1000);
    }
    const count = (path: string) => sent.filter((request) => request.path === path).length;
    // At the start, then every ten seconds of the 90-second game; the result once at the start, twice at the end.
    expect(count(CARD_ENDPOINTS.decklist)).toBe(9);
    expect(count(CARD_ENDPOINTS.result)).toBe(3);
  });

  it('says plainly when nothing answers, and backs off', async () => {
    const sent: number[] = [];
    const { hub } = startWatcher(
      () => {
        sent.push(Date.now());
        return { kind: 'refused' };
      },
      await openStore(),
    );
    await vi.advanceTimersByTimeAsync(20_000);
    expect(hub.state.sources.card).toMatchObject({
      state: 'not-running',
      reason: 'no answer on port 21337 — is the client running with its third-party endpoint enabled?',
    });
    expect(sent.length).toBeLessThan(8);
    expect(hub.state.card.phase).toBe('no-game');
  });

  describe('when the port refuses, looks at the process list (at most every few seconds)', () => {
    /** A Windows process list that shows the card game while `running` says so. */
    function windowsList(running: () => boolean) {
      const listed: number[] = [];
      const processes: ProcessListDeps = {
        platform: 'win32',
        run: async (file) => {
          if (file !== 'powershell.exe') throw new Error(`unexpected ${file}`);
          listed.push(Date.now());
          return running() ? 'C:\\Riot Games\\LoR\\live\\Game\\LoR.exe\r\n' : '';
        },
      };
      return { processes, listed };
    }

    it('says the endpoint is off when the game runs, and where to switch it on', async () => {
      const { processes, listed } = windowsList(() => true);
      const { hub } = startWatcher(() => ({ kind: 'refused' }), await openStore(), processes);
      await vi.advanceTimersByTimeAsync(20_000);
      expect(hub.state.sources.card).toEqual({
        state: 'waiting',
        reason:
          "no answer on port 21337 — Legends of Runeterra is running, so its third-party endpoint is off or on another port: turn the third-party endpoints on in the game's settings with port 21337, or set Sightline's card client port to the game's",
        since: expect.any(Number),
      });
      const gaps = listed.slice(1).map((at, index) => at - (listed[index] ?? 0));
      expect(listed.length).toBeGreaterThan(1);
      expect(Math.min(...gaps)).toBeGreaterThanOrEqual(5000);
    });

    it('says the game is not running when it is not, and notices it start', async () => {
      let running = false;
      const { processes } = windowsList(() => running);
      const { hub } = startWatcher(() => ({ kind: 'refused' }), await openStore(), processes);
      await vi.advanceTimersByTimeAsync(3000);
      expect(hub.state.sources.card).toMatchObject({
        state: 'not-running',
        reason: 'no answer on port 21337 — Legends of Runeterra is not running',
      });
      running = true;
      await vi.advanceTimersByTimeAsync(12_000);
      expect(hub.state.sources.card.state).toBe('waiting');
    });

    it('keeps the plain message when the process list cannot be read', async () => {
      const processes: ProcessListDeps = {
        platform: 'darwin',
        run: async () => {
          throw new Error('spawn ps ENOENT');
        },
      };
      const { hub } = startWatcher(() => ({ kind: 'refused' }), await openStore(), processes);
      await vi.advanceTimersByTimeAsync(3000);
      expect(hub.state.sources.card).toMatchObject({
        state: 'not-running',
        reason: 'no answer on port 21337 — is the client running with its third-party endpoint enabled?',
      });
    });
  });

  it('resumes the game after an app restart and records it whole', async () => {
    const first = startWatcher(recordedClient(), await openStore());
    await until(70);
    expect(first.hub.state.card.game?.plays).toHaveLength(2);
    first.watcher.poller.stop();
    await vi.advanceTimersByTimeAsync(3000);

    const second = startWatcher(recordedClient(), first.history);
    await until(74);
    expect(second.hub.state.card.game).toMatchObject({ startedAt: recordedAt(20) + 500, cardsLeft: 34 });
    await until(115);
    const [game] = await (await first.history).cardGames.details({});
    expect(game).toMatchObject({ startedAt: recordedAt(20) + 500, result: 'win', playCount: 4 });
    second.watcher.poller.stop();
  });

  describe('killed between the last frame and the result', () => {
    // The game's last frame is at 109 s and menus show at 110 s; this client moves GameID at 125 s, later
    // than an app that gives up after a few reads would wait.
    const RESULT_AT = 125;

    /**
     * The store as seen by a process that dies (SIGKILL) at its `killAtWrite`-th write after the game's
     * last frame (0: the first), or when `kill` is called: from then on no write lands and none returns.
     */
    function dyingStore(store: HistoryStore, killAtWrite: number, onDeath: () => void) {
      let writes = 0;
      let dead = false;
      const kill = (): void => {
        dead = true;
        onDeath();
      };
      const write =
        <A extends unknown[], R>(operation: (...args: A) => Promise<R>) =>
        (...args: A): Promise<R> => {
          if (!dead && Date.now() >= recordedAt(109) && writes++ === killAtWrite) kill();
          return dead ? new Promise<R>(() => undefined) : operation(...args);
        };
      const cardGames = {
        ...store.cardGames,
        record: write(store.cardGames.record),
        saveProgress: write(store.cardGames.saveProgress),
        clearProgress: write(store.cardGames.clearProgress),
      };
      return { store: { ...store, cardGames }, kill, died: () => dead };
    }

    /** The first app dies as `kill` says, a second starts `downMs` later on the same database. */
    async function killAndRestart(kill: { atWrite: number } | { atSecond: number }, downMs: number) {
      vi.setSystemTime(recordedAt(99) + 500);
      const store = await openHistoryStore(join(dir, `killed-${stores.length}.db`), () => Date.now());
      stores.push(store);
      const client = recordedClient({ resultAt: RESULT_AT });
      const stopFirst = { now: (): void => undefined };
      const dying = dyingStore(store, 'atWrite' in kill ? kill.atWrite : -1, () => stopFirst.now());
      const first = startWatcher(client, dying.store);
      stopFirst.now = () => first.watcher.poller.stop();
      if ('atSecond' in kill) {
        await until(kill.atSecond);
        dying.kill();
      } else {
        await until(RESULT_AT + 3);
      }
      await vi.advanceTimersByTimeAsync(downMs);
      const second = startWatcher(client, store);
      await vi.advanceTimersByTimeAsync(3000);
      await until(RESULT_AT + 3);
      second.watcher.poller.stop();
      const games = await store.cardGames.details({});
      return { games: games.map((game) => `${game.result} ${game.clientGameId}`), died: dying.died() };
    }

    it('asks for the result once a second until GameID moves, however long that takes', async () => {
      vi.setSystemTime(recordedAt(99) + 500);
      const asked: number[] = [];
      const client = recordedClient({ resultAt: RESULT_AT });
      const { watcher, history } = startWatcher(
        (path) => {
          if (path === CARD_ENDPOINTS.result) asked.push(Date.now());
          return client(path);
        },
        await openStore(),
      );
      await until(RESULT_AT + 3);
      watcher.poller.stop();
      const afterEnd = asked.filter((at) => at >= recordedAt(110));
      const gaps = afterEnd.slice(1).map((at, index) => at - (afterEnd[index] ?? 0));
      expect(Math.max(...gaps)).toBeLessThanOrEqual(2000);
      expect(afterEnd.at(-1)).toBeGreaterThanOrEqual(recordedAt(RESULT_AT));
      const [game] = await (await history).cardGames.details({});
      expect(game).toMatchObject({ result: 'win', clientGameId: 4 });
    });

    it('at each of its writes: the game is recorded once, as a win', async () => {
      const lost: string[] = [];
      let killAtWrite = 0;
      for (; ; killAtWrite += 1) {
        const { games, died } = await killAndRestart({ atWrite: killAtWrite }, 2000);
        if (games.join() !== 'win 4') lost.push(`killed at write ${killAtWrite}: ${games.join() || 'none'}`);
        if (!died) break;
      }
      expect(lost).toEqual([]);
      // The progress when the game ends, after each read that still shows the old GameID… : several writes.
      expect(killAtWrite).toBeGreaterThanOrEqual(3);
    });

    it('at any moment between polls, down for a second or for a while: the game is recorded once, as a win', async () => {
      const lost: string[] = [];
      for (let second = 108.5; second <= RESULT_AT + 1; second += 0.5) {
        for (const downMs of [1000, 8000]) {
          const { games } = await killAndRestart({ atSecond: second }, downMs);
          if (games.join() !== 'win 4') lost.push(`killed at ${second} s for ${downMs} ms: ${games.join()}`);
        }
      }
      expect(lost).toEqual([]);
    });
  });

  it('keeps tracking and keeps finished games in memory when the history cannot be opened', async () => {
    const broken = Promise.reject(
      new HistoryError('The history database x cannot be used (disk I/O error).'),
    );
    const { hub, watcher } = startWatcher(recordedClient(), broken);
    await until(60);
    expect(hub.state.card.game?.cardsLeft).toBe(35);
    expect(hub.state.card.history.error).toBe('The history database x cannot be used (disk I/O error).');
    await until(115);
    expect(hub.state.card.lastGame?.result).toBe('win');
    expect(hub.state.card.history.unsaved).toBe(1);
    watcher.poller.stop();
  });
});
