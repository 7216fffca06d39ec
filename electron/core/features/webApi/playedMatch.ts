import type { PlayedMatchSearch, WebApiSettings } from '@shared/contract';
import type { WebApiProblem } from './client/webApiProblem';
import type { WebApiService } from './webApiService';

/** A game the player played, as the history stored it from the live client. */
export interface PlayedGameQuery {
  /** "Name#TAG". */
  riotId: string;
  /** Epoch ms. */
  startedAt: number;
  durationSeconds: number;
}

/**
 * How far the record's start and length may be from the live client's: the client's start is its end less its
 * game time (loading screen not counted), the record's `gameStartTimestamp` is when the game began.
 */
export const START_TOLERANCE_MS = 5 * 60_000;
export const DURATION_TOLERANCE_SECONDS = 120;
/** The list is asked for the games that started this long around the stored start. */
const WINDOW_SECONDS = 30 * 60;
/** At most this many matches of the window are opened, newest first. */
const MAX_OPENED = 5;

/**
 * Finds a finished game among the player's matches: the account by Riot ID, the platform it plays on, the match
 * IDs that started around the game, then the match whose start and length fit it. Every call goes through the
 * service's client and its limiter. A missing key, an unknown player, a game not listed yet, a refusal or a busy
 * service is an answer, not an error.
 */
export async function findPlayedMatch(
  service: WebApiService,
  settings: () => Pick<WebApiSettings, 'region' | 'platform' | 'apiVersion'>,
  game: PlayedGameQuery,
  signal?: AbortSignal,
): Promise<PlayedMatchSearch> {
  const { region, platform: lastPlatform, apiVersion } = settings();
  const account = await service.accountByRiotId(game.riotId, region, signal);
  if (!account.ok) return calm(account.problem);
  const { puuid } = account.value;
  const where = await service.playerPlatform(puuid, region, signal);
  // Without a platform on record the player's last-picked one is the best guess.
  if (!where.ok && where.problem.kind !== 'not-found') return calm(where.problem);
  const platform = where.ok ? where.value : lastPlatform;
  let accountId = '';
  if (apiVersion === 'v4') {
    const summoner = await service.summonerByPuuid(puuid, platform, signal);
    if (!summoner.ok) return calm(summoner.problem);
    accountId = summoner.value.accountId;
  }
  const startSeconds = Math.floor(game.startedAt / 1000);
  const list = await service.recentMatchIds(
    {
      puuid,
      accountId,
      platform,
      count: 20,
      startTime: Math.max(0, startSeconds - WINDOW_SECONDS),
      endTime: startSeconds + WINDOW_SECONDS,
    },
    signal,
  );
  if (!list.ok) return calm(list.problem);
  let best: { matchId: string; queueId: number; off: number } | null = null;
  for (const matchId of list.value.matchIds.slice(0, MAX_OPENED)) {
    const match = await service.match(matchId, list.value.routing, signal);
    if (!match.ok) {
      if (match.problem.kind === 'not-found') continue;
      return calm(match.problem);
    }
    const { startedAt, durationSeconds, queueId } = match.value;
    if (startedAt === null || match.value.aborted) continue;
    const startOff = Math.abs(startedAt - game.startedAt);
    const lengthOff = Math.abs(durationSeconds - game.durationSeconds);
    if (startOff > START_TOLERANCE_MS || lengthOff > DURATION_TOLERANCE_SECONDS) continue;
    const off = startOff + lengthOff * 1000;
    if (!best || off < best.off) best = { matchId: match.value.matchId, queueId, off };
  }
  return best ? { state: 'found', matchId: best.matchId, queueId: best.queueId } : { state: 'not-found' };
}

/** A problem as the history shows it: no key and nothing found are states of their own. */
function calm(problem: WebApiProblem): PlayedMatchSearch {
  if (problem.kind === 'no-key') return { state: 'no-key' };
  if (problem.kind === 'not-found') return { state: 'not-found' };
  return { state: 'unavailable', message: problem.message };
}
