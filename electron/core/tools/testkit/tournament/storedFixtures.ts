import type { TournamentResultView } from '@shared/contract';
import type { StoredCode } from '../../../features/tournament/storage/tournamentStore';

/** A code as the desk stores it, for tests of the store. */
export const storedCode = (code: string, changes: Partial<StoredCode> = {}): StoredCode => ({
  code,
  tournamentId: 1002,
  createdAt: 1_700_000_000_000,
  settings: {
    mapType: 'SUMMONERS_RIFT',
    pickType: 'TOURNAMENT_DRAFT',
    spectatorType: 'ALL',
    teamSize: 5,
    allowedParticipants: [],
    enoughPlayers: false,
  },
  metadata: 'Game 1',
  status: 'open',
  gameEndedAt: null,
  batchNonce: null,
  ...changes,
});

/** A game's result of `code` as a callback brings it, its players still to be looked up. */
export const storedResult = (
  code: string,
  gameId: number,
  changes: Partial<TournamentResultView> = {},
): TournamentResultView => ({
  code,
  tournamentId: 1002,
  gameId,
  matchId: `NA1_${gameId}`,
  routing: 'americas',
  matchPath: `/matches?match=NA1_${gameId}&routing=americas`,
  source: 'callback',
  receivedAt: 1_700_000_100_000,
  startTime: 1_700_000_050_000,
  gameName: 'g',
  gameType: 'Practice',
  gameMode: 'CLASSIC',
  gameMap: 11,
  region: 'NA1',
  winningTeam: [],
  losingTeam: [],
  metadata: 'Game 1',
  winners: [],
  losers: [],
  durationSeconds: null,
  players: 'looking-up',
  playersError: null,
  review: false,
  counts: null,
  ...changes,
});
