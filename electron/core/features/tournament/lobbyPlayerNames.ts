import type { LobbyEventView } from '@shared/contract';
import type { WebApiResult } from '../webApi/client/webApiProblem';
import type { WebApiService } from '../webApi/webApiService';

/** How a lobby names its players: PUUIDs (v5 and its stub) or summoner IDs on a platform (v4). */
export type LobbyPlayerIds = { kind: 'puuid' } | { kind: 'summonerId'; platform: string };

export interface LobbyPlayerNamesOptions {
  service: Pick<WebApiService, 'accountByPuuid' | 'summonerById'>;
  /** Accounts are the same on every cluster: the one the settings name. */
  accountRegion(): string;
  onError?(error: string): void;
}

export interface LobbyPlayerNames {
  /** The events with each known player's Riot ID. */
  named(events: readonly LobbyEventView[]): LobbyEventView[];
  /** Looks up the players not known yet, one at a time through the limiter; true when any name was added. */
  learn(events: readonly LobbyEventView[], ids: LobbyPlayerIds, signal?: AbortSignal): Promise<boolean>;
}

/**
 * Riot IDs for the players of lobby events, so the desk names them instead of showing cut-off PUUIDs.
 * Each ID is looked up once (account-v1 by PUUID; v4 summoner IDs first through summoner-v4) and kept
 * for the session; one the API does not know is not asked again, a failed look is.
 */
export function createLobbyPlayerNames(options: LobbyPlayerNamesOptions): LobbyPlayerNames {
  const { service } = options;
  /** A Riot ID, or null when the API knows no account for the ID. */
  const names = new Map<string, string | null>();
  const asking = new Map<string, Promise<void>>();

  const riotIdOf = async (
    player: string,
    ids: LobbyPlayerIds,
    signal?: AbortSignal,
  ): Promise<WebApiResult<string>> => {
    let puuid = player;
    if (ids.kind === 'summonerId') {
      const summoner = await service.summonerById(player, ids.platform, signal);
      if (!summoner.ok) return summoner;
      puuid = summoner.value.puuid;
    }
    const account = await service.accountByPuuid(puuid, options.accountRegion(), signal);
    if (!account.ok) return account;
    const { gameName, tagLine } = account.value;
    return { ok: true, value: gameName && tagLine ? `${gameName}#${tagLine}` : '' };
  };

  const ask = (player: string, ids: LobbyPlayerIds, signal?: AbortSignal): Promise<void> => {
    const pending = asking.get(player);
    if (pending) return pending;
    const asked = riotIdOf(player, ids, signal)
      .then((found) => {
        if (found.ok) names.set(player, found.value || null);
        else if (found.problem.kind === 'not-found') names.set(player, null);
        else if (found.problem.kind !== 'cancelled') options.onError?.(found.problem.message);
      })
      .finally(() => asking.delete(player));
    asking.set(player, asked);
    return asked;
  };

  return {
    named: (events) =>
      events.map((event) => {
        const name = names.get(event.player);
        return name ? { ...event, playerName: name } : event;
      }),
    async learn(events, ids, signal) {
      const unknown = [...new Set(events.map((event) => event.player))].filter(
        (player) => player !== '' && !names.has(player),
      );
      let added = false;
      for (const player of unknown) {
        await ask(player, ids, signal);
        if (names.get(player)) added = true;
      }
      return added;
    },
  };
}
