import {
  PLATFORM_REGION,
  TOURNAMENT_REGION_PLATFORMS,
  type ApiVersion,
  type MatchView,
  type PlatformId,
  type TournamentRegion,
  type TournamentResultView,
} from '@shared/contract';
import type { GameFacts } from './api/tournamentApi';
import { metaDataText } from './metaDataSignature';
import type { ResultPlayers } from './storage/tournamentStore';

/** The match page of the renderer (renderer/src/features/webApi/matches), which reads `match` and `routing`. */
export const MATCH_PAGE_PATH = '/matches';

/** The platform whose match endpoints hold a provider region's games; null for PBE. */
export function platformOfRegion(region: TournamentRegion): PlatformId | null {
  return TOURNAMENT_REGION_PLATFORMS[region];
}

export interface ResultContext {
  code: string;
  tournamentId: number;
  source: TournamentResultView['source'];
  receivedAt: number;
  /** v5 looks matches up by region, v4 by platform. */
  version: ApiVersion;
}

/**
 * A stored result with its match page link (matchId `${region}_${gameId}`, reference §1.5), which
 * names the code so the page fetches the game through it.
 */
export function resultView(facts: GameFacts, context: ResultContext): TournamentResultView {
  const platform = facts.region.toLowerCase();
  const matchId = `${facts.region.toUpperCase()}_${facts.gameId}`;
  const known = Object.hasOwn(PLATFORM_REGION, platform);
  const routing = !known ? '' : context.version === 'v5' ? PLATFORM_REGION[platform as PlatformId] : platform;
  const search = new URLSearchParams({ match: matchId });
  if (routing) search.set('routing', routing);
  // The page fetches the game through its code: the standard endpoint would anonymise it (spec 1 §4).
  search.set('code', context.code);
  return {
    code: context.code,
    tournamentId: context.tournamentId,
    gameId: facts.gameId,
    matchId,
    routing,
    matchPath: `${MATCH_PAGE_PATH}?${search.toString()}`,
    source: context.source,
    receivedAt: context.receivedAt,
    startTime: facts.startTime,
    gameName: facts.gameName,
    gameType: facts.gameType,
    gameMode: facts.gameMode,
    gameMap: facts.gameMap,
    region: facts.region.toUpperCase(),
    winningTeam: facts.winningTeam,
    losingTeam: facts.losingTeam,
    metadata: metaDataText(facts.metaData),
    winners: [],
    losers: [],
    durationSeconds: null,
    players: 'looking-up',
    playersError: null,
    review: false,
    counts: null,
  };
}

/** A player the record does not name (never guessed from anything else). */
export const UNNAMED_PLAYER = '(not named)';

/**
 * Who won and who lost a game fetched through its code, by Riot ID, and its length. The teams' own `win`
 * says which side won; a game with no winning team (a remake) names nobody as winner.
 */
export function resultPlayers(match: MatchView): Extract<ResultPlayers, { winners: string[] }> {
  const named = (won: boolean) =>
    match.teams
      .filter((team) => team.win === won)
      .flatMap((team) => team.participants.map((player) => player.riotId ?? UNNAMED_PLAYER));
  return { winners: named(true), losers: named(false), durationSeconds: match.durationSeconds };
}
