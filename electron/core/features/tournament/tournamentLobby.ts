import type { LobbyEventView, TournamentLobbyState } from '@shared/contract';
import type { FeatureContext } from '../../platform/feature/feature';
import { createLobbyPlayerNames, type LobbyPlayerIds } from './lobbyPlayerNames';
import { createLobbyWatcher, type LobbyWatcher } from './lobbyWatcher';
import type { ResultLifecycle } from './resultLifecycle';
import type { TournamentDesk } from './tournamentDesk';
import type { TournamentFeatureOptions } from './tournamentOptions';
import type { TournamentStatePublisher } from './tournamentStatePublisher';

export interface TournamentLobby {
  watcher: LobbyWatcher;
  /** The watched lobby, its players named where their Riot IDs are known. */
  namedLobby(): TournamentLobbyState;
  /** The events with their players' Riot IDs where known. */
  named(events: readonly LobbyEventView[]): LobbyEventView[];
  /** Looks up the Riot IDs of a lobby's players (through the limiter); true when any was added. */
  nameLobbyPlayers(code: string | null, events: readonly LobbyEventView[]): Promise<boolean>;
  /** Lobby events move a code on: lobby seen, then game began (and its end is watched). Never backwards. */
  advanceStatus(code: string, events: LobbyEventView[]): Promise<void>;
}

/** The lobby of one code, watched for its players and for the game's start, which moves the code on. */
export function createTournamentLobby(
  context: FeatureContext,
  deps: {
    desk: TournamentDesk;
    publisher: TournamentStatePublisher;
    lifecycle: Pick<ResultLifecycle, 'watchForGameEnd'>;
    options: Pick<TournamentFeatureOptions, 'webApi' | 'lobbyIntervalMs'>;
  },
): TournamentLobby {
  const { hub, settings, scheduler, logger } = context;
  const { desk, publisher, lifecycle, options } = deps;

  const playerNames = createLobbyPlayerNames({
    service: options.webApi.service,
    accountRegion: () => {
      const region = settings.effective.webApi.region;
      return region === 'sea' ? 'asia' : region;
    },
    onError: (error) => logger.warn('lobby player lookup failed', { error }),
  });
  const namedLobby = (state: TournamentLobbyState): TournamentLobbyState => ({
    ...state,
    events: playerNames.named(state.events),
  });

  async function nameLobbyPlayers(code: string | null, events: readonly LobbyEventView[]): Promise<boolean> {
    if (code === null || events.every((event) => event.player === '')) return false;
    try {
      const stored = await desk.knownCode(code);
      const current = desk.kind();
      const platform = await desk.platformOfCode(stored);
      const ids: LobbyPlayerIds | null =
        current === 'v5' || current === 'stub-v5'
          ? { kind: 'puuid' }
          : platform
            ? { kind: 'summonerId', platform }
            : null;
      return ids ? await playerNames.learn(events, ids, desk.signal) : false;
    } catch (error) {
      logger.warn('lobby player lookup failed', { error: String(error) });
      return false;
    }
  }

  async function advanceStatus(code: string, events: LobbyEventView[]): Promise<void> {
    const store = await desk.storeOf();
    const stored = await store.getCode(code);
    if (!stored || stored.status === 'ended' || stored.status === 'finished') return;
    const began = events.some((event) => event.eventType === 'GameAllocatedToLsmEvent');
    const status = began
      ? 'in-game'
      : events.length > 0 && stored.status === 'open'
        ? 'lobby'
        : stored.status;
    if (status !== stored.status) await store.patchCode(stored.code, { status });
    const watching = await lifecycle.watchForGameEnd(stored, events);
    if (status !== stored.status || watching) publisher.refreshQuietly();
  }

  const watcher = createLobbyWatcher({
    scheduler,
    api: desk.api,
    store: {
      appendLobbyEvents: async (code, events) => (await desk.storeOf()).appendLobbyEvents(code, events),
      lobbyEvents: async (code) => (await desk.storeOf()).lobbyEvents(code),
    },
    intervalMs: options.lobbyIntervalMs,
    onState: (state) => {
      hub.set('tournament', { ...hub.state.tournament, lobby: namedLobby(state) });
      void nameLobbyPlayers(state.code, state.events).then((added) => {
        if (added && watcher.state.code === state.code)
          hub.set('tournament', { ...hub.state.tournament, lobby: namedLobby(watcher.state) });
      });
    },
    onEvents: (code, events) => void advanceStatus(code, events),
    onError: (error) => logger.warn('lobby poll failed', { error: String(error) }),
  });

  return {
    watcher,
    namedLobby: () => namedLobby(watcher.state),
    named: (events) => playerNames.named(events),
    nameLobbyPlayers,
    advanceStatus,
  };
}
