import type { TournamentApiUse } from '@shared/contract';
import type { DeskRequests } from './deskRequests';

/**
 * Which tournament API a command will call, said on stderr before it sends anything (spec 1 §5: tournament
 * endpoints use a tournament key), and where a command must stop before sending.
 */

/** What a command sends to the tournament API: results by code (which the stub has not), anything, or nothing. */
export function sendsToTournamentApi(
  command: string | undefined,
  values: Record<string, string | boolean | undefined>,
): 'results' | 'any' | null {
  if (command === 'results') return values.fetch === true ? 'results' : null;
  return ['provider', 'create', 'codes', 'code', 'lobby-events'].includes(command ?? '') ? 'any' : null;
}

/**
 * Says on stderr which tournament API the desk will call, before anything is sent; the exit code when the
 * command must stop there (a --tournament-key that cannot hold, results by code from the stub), else null.
 */
export async function saidBeforeSending(
  desk: DeskRequests & { throughPrimary: boolean },
  sends: 'results' | 'any',
  tournamentKey: boolean,
  options: { err: (line: string) => void },
): Promise<number | null> {
  const answer = await desk.request('tournament.api.use', {});
  if (!answer.ok) {
    options.err(`sightline tournament: ${answer.message}`);
    return 1;
  }
  const use = answer.value;
  if (tournamentKey && use.stubBecause === 'development-key') {
    options.err(
      'sightline tournament: --tournament-key: a development key may call the tournament stub only; set a personal or production key that is enabled for tournaments.',
    );
    return 1;
  }
  if (tournamentKey && use.stubBecause === 'not-confirmed' && desk.throughPrimary) {
    options.err(
      `sightline tournament: --tournament-key does not apply here: the running Sightline's desk answers with its own setting and uses the tournament stub (${use.kind}). Confirm the key there (Settings → Web API) or with "sightline tournament confirm-key", then run this again.`,
    );
    return 1;
  }
  options.err(tournamentApiLine(use, desk.throughPrimary));
  if (sends === 'results' && use.stubBecause !== null) {
    options.err(
      'sightline tournament: the tournament stub has no results by code, so nothing was fetched: only a callback brings results to a stub code ("tournament results" lists the stored ones).',
    );
    return 1;
  }
  return null;
}

/** The line that says which tournament API is called, and how to reach the real one from the stub. */
export function tournamentApiLine(use: TournamentApiUse, throughPrimary: boolean): string {
  if (use.stubBecause === null) return `using the tournament API (${use.kind})`;
  const stub = `using the tournament stub (${use.kind})`;
  if (use.stubBecause === 'development-key') {
    return `${stub}: a development key may call the stub only (mock codes, no code updates, no results by code); a personal or production key confirmed as a tournament key uses the real tournament API`;
  }
  return throughPrimary
    ? `${stub}: the running Sightline's key is not confirmed as a tournament key; confirm it with "sightline tournament confirm-key" (or Settings → Web API) to use the real tournament API`
    : `${stub}: your key is not confirmed as a tournament key; add --tournament-key to use the real tournament API (or confirm it for good with "sightline tournament confirm-key")`;
}
