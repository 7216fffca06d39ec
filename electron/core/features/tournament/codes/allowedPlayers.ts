import {
  accountRegionOf,
  type TournamentApiKind,
  type TournamentCodeSettings,
  type TournamentRegion,
} from '@shared/contract';
import type { WebApiResult } from '../../webApi/client/webApiProblem';
import { checkRiotId } from '../../webApi/routing/pathParams';
import type { WebApiService } from '../../webApi/webApiService';
import { answer, fail } from '../tournamentDesk';
import { platformOfRegion } from '../tournamentResult';

/**
 * A code's allowed participants as the organizer names them: Riot IDs (name#tag) or the API's own IDs
 * (PUUIDs for v5, encrypted summoner IDs for v4). Riot IDs become IDs through the web API service, so
 * through the one limiter; each keeps its Riot ID so the desk can show it back.
 */

/** The API's documented shapes: "Encrypted PUUID. Exact length of 78 characters."; summoner IDs at most 63. */
const PUUID = /^[A-Za-z0-9_-]{78}$/;
const SUMMONER_ID = /^[A-Za-z0-9_-]{1,63}$/;

export type AllowedPlayer = { kind: 'riotId'; riotId: string } | { kind: 'id'; id: string };

const isV5 = (kind: TournamentApiKind): boolean => kind === 'v5' || kind === 'stub-v5';

/** Each value read as a Riot ID or an ID of the API in use; the first that is neither is refused, nothing sent. */
export function readAllowedPlayers(
  values: readonly string[],
  kind: TournamentApiKind,
): { ok: true; players: AllowedPlayer[] } | { ok: false; message: string } {
  const players: AllowedPlayer[] = [];
  for (const raw of values) {
    const value = raw.trim();
    if (value.includes('#')) {
      const riotId = checkRiotId(value);
      if (!riotId.ok) return { ok: false, message: `Allowed participant "${value}": ${riotId.message}` };
      players.push({ kind: 'riotId', riotId: `${riotId.value.gameName}#${riotId.value.tagLine}` });
      continue;
    }
    const shape = isV5(kind) ? PUUID : SUMMONER_ID;
    if (!shape.test(value)) {
      const what = isV5(kind)
        ? 'a PUUID (78 letters, digits, - and _)'
        : 'an encrypted summoner ID (up to 63 letters, digits, - and _)';
      return {
        ok: false,
        message: `Allowed participant "${value}" is neither a Riot ID (name#tag) nor ${what}.`,
      };
    }
    players.push({ kind: 'id', id: value });
  }
  return { ok: true, players };
}

export interface ResolvedPlayers {
  /** What the API gets, in the order given, each once (the API takes a set). */
  ids: string[];
  /** The Riot ID of each ID that was named by one. */
  riotIds: Record<string, string>;
}

export interface AllowedPlayersDeps {
  service: Pick<WebApiService, 'accountByRiotId' | 'summonerByPuuid'>;
  kind: () => TournamentApiKind;
  /** The region of the tournament's provider: its players are looked up on that region's cluster. */
  regionOf(tournamentId: number): Promise<TournamentRegion>;
  signal?: AbortSignal;
}

/** A Riot ID already resolved for the code (Riot IDs are not case-sensitive), reused without a lookup. */
function knownPlayer(known: Record<string, string>, riotId: string): { id: string; riotId: string } | null {
  const entry = Object.entries(known).find(([, name]) => name.toLowerCase() === riotId.toLowerCase());
  return entry ? { id: entry[0], riotId: entry[1] } : null;
}

/** How long a looked-up Riot ID is reused without asking again (a Riot ID can change hands, rarely). */
const RECENT_LOOKUP_MS = 10 * 60_000;

/** Resolves named players to the API's IDs; a Riot ID the desk already resolved for this code is not asked again. */
export function createAllowedPlayers(deps: AllowedPlayersDeps) {
  /**
   * Riot IDs looked up in the last RECENT_LOOKUP_MS, by API kind and tournament: a run of 1,000 codes is ten
   * requests with the same list, and each would otherwise ask the API again for every player.
   */
  const recent = new Map<string, { player: { id: string; riotId: string }; at: number }>();
  const recentPlayerOf = async (riotId: string, tournamentId: number) => {
    const key = `${deps.kind()}|${tournamentId}|${riotId.toLowerCase()}`;
    const hit = recent.get(key);
    if (hit && Date.now() - hit.at < RECENT_LOOKUP_MS) return hit.player;
    const player = await playerOf(riotId, tournamentId);
    if (recent.size >= 1000) recent.clear();
    recent.set(key, { player, at: Date.now() });
    return player;
  };

  /** The player's ID and Riot ID as the API spells it. */
  async function playerOf(riotId: string, tournamentId: number): Promise<{ id: string; riotId: string }> {
    const region = await deps.regionOf(tournamentId);
    const platform = platformOfRegion(region);
    // Any account cluster answers for every account; the provider's own is the nearest.
    const account = await lookedUp(
      riotId,
      deps.service.accountByRiotId(riotId, platform ? accountRegionOf(platform) : 'americas', deps.signal),
    );
    const spelled = `${account.gameName}#${account.tagLine}`;
    if (isV5(deps.kind())) return { id: account.puuid, riotId: spelled };
    if (!platform)
      return fail(
        'bad-input',
        `Tournament v4 on ${region} has no platform to find ${riotId}'s summoner ID on.`,
      );
    const summoner = await lookedUp(
      riotId,
      deps.service.summonerByPuuid(account.puuid, platform, deps.signal),
    );
    return { id: summoner.id, riotId: spelled };
  }

  async function lookedUp<T>(riotId: string, result: Promise<WebApiResult<T>>): Promise<T> {
    const settled = await result;
    if (!settled.ok && settled.problem.kind === 'not-found')
      return fail(
        'not-found',
        `The API knows no player ${riotId}: check the name and the tag, then try again.`,
      );
    return answer(Promise.resolve(settled));
  }

  /**
   * The IDs to send for `values`, refused before anything is sent when any value is malformed. `known` are
   * the Riot IDs already resolved for the code (by ID), reused as they are.
   */
  async function resolve(
    values: readonly string[],
    tournamentId: number,
    known: Record<string, string> = {},
  ): Promise<ResolvedPlayers> {
    const read = readAllowedPlayers(values, deps.kind());
    if (!read.ok) return fail('bad-input', read.message);
    const resolved: ResolvedPlayers = { ids: [], riotIds: {} };
    for (const player of read.players) {
      const found =
        player.kind === 'id'
          ? { id: player.id, riotId: known[player.id] }
          : (knownPlayer(known, player.riotId) ?? (await recentPlayerOf(player.riotId, tournamentId)));
      if (found.riotId !== undefined) resolved.riotIds[found.id] = found.riotId;
      if (!resolved.ids.includes(found.id)) resolved.ids.push(found.id);
    }
    return resolved;
  }

  return {
    resolve,
    /** The players of new codes, as their settings hold them; "enough players" without a list is refused. */
    async forCreate(
      input: { allowedParticipants: string[]; enoughPlayers: boolean },
      tournamentId: number,
    ): Promise<Pick<TournamentCodeSettings, 'allowedParticipants' | 'riotIds'>> {
      checkEnoughPlayers(input);
      const { ids, riotIds } = await resolve(input.allowedParticipants, tournamentId);
      return { allowedParticipants: ids, riotIds };
    },
  };
}

export type AllowedPlayers = ReturnType<typeof createAllowedPlayers>;

/** "Enough players" is judged on the list: without one the API has nothing to judge (TournamentCodeParametersV5). */
export function checkEnoughPlayers(input: { enoughPlayers: boolean; allowedParticipants: string[] }): void {
  if (input.enoughPlayers && input.allowedParticipants.length === 0) {
    fail(
      'bad-input',
      'Checking for enough players needs the allowed participants: list them, or do not ask for the check.',
    );
  }
}

/** Each allowed participant as people read it: the Riot ID where the desk knows it, else the ID. */
export function shownParticipants(settings: Pick<TournamentCodeSettings, 'allowedParticipants' | 'riotIds'>) {
  return settings.allowedParticipants.map((id) => settings.riotIds?.[id] ?? id);
}

/** A code's settings as its views show them: participants by Riot ID where known, no lookup table. */
export function shownSettings(settings: TournamentCodeSettings): TournamentCodeSettings {
  return {
    mapType: settings.mapType,
    pickType: settings.pickType,
    spectatorType: settings.spectatorType,
    teamSize: settings.teamSize,
    allowedParticipants: shownParticipants(settings),
    enoughPlayers: settings.enoughPlayers,
  };
}
