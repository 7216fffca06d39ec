import { signMetaData } from '../../../features/tournament/metaDataSignature';

export interface CallbackSigning {
  secret: Buffer;
  code: string;
  /** The nonce of the code-creation call the code came from. */
  nonce: string;
}

/** A callback body of the current form (spec 1 §2.3) for a code of tournament 1002, signed as the desk signs it. */
export function signedCallbackFixture(
  { secret, code, nonce }: CallbackSigning,
  changes: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    startTime: 1_700_000_000_000,
    shortCode: code,
    metaData: signMetaData(secret, { tournamentId: 1002, text: '{"title":"Game 42 - Finals"}' }, nonce),
    gameId: 5_500_000_001,
    gameName: 'a123bc45-ab1c-1a23-ab12-12345a67b89c',
    gameType: 'Practice',
    gameMap: 11,
    gameMode: 'CLASSIC',
    region: 'NA1',
    ...changes,
  };
}
