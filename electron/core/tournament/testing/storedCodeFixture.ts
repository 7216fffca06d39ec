import type { StoredCode } from '../storage/tournamentStore';

/** A code of tournament 1002 whose game is on, as the desk stores it; tests change what they need. */
export function storedCodeFixture(changes: Partial<StoredCode> & Pick<StoredCode, 'code'>): StoredCode {
  return {
    tournamentId: 1002,
    createdAt: 0,
    settings: {
      mapType: 'SUMMONERS_RIFT',
      pickType: 'BLIND_PICK',
      spectatorType: 'ALL',
      teamSize: 5,
      allowedParticipants: [],
      enoughPlayers: false,
    },
    metadata: '',
    status: 'in-game',
    gameEndedAt: null,
    batchNonce: null,
    ...changes,
  };
}
