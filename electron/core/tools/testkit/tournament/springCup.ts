import type {
  DeskAnswer,
  DeskRequests,
  TournamentChannel,
} from '../../../features/tournament/cli/deskRequests';

/** The answer's value; the desk's error as a thrown one, so a test's setup fails with its words. */
export function deskValue<C extends TournamentChannel>(answer: DeskAnswer<C>) {
  if (!answer.ok) throw new Error(`${answer.code}: ${answer.message}`);
  return answer.value;
}

/** What an organizer makes first, through the desk's requests: a provider and its Spring Cup; the cup's id. */
export async function createSpringCup(desk: DeskRequests): Promise<number> {
  const provider = deskValue(
    await desk.request('tournament.provider.create', {
      region: 'NA',
      callbackUrl: 'http://results.organizer.com/tournament/callback',
    }),
  );
  const tournament = deskValue(
    await desk.request('tournament.create', {
      providerId: provider.providerId,
      name: 'Spring Cup',
      participants: 20,
      winCondition: 'Best of one; the winner of the game wins the match',
      entryFee: 0,
      prizePoolShare: 0,
    }),
  );
  return tournament.tournamentId;
}
