import type { ApiVersion, MatchView } from '@shared/contract';
import { problem, type WebApiResult } from './client/webApiProblem';
import { locateMatch } from './routing/matchLocation';
import { checkTournamentCode } from './routing/pathParams';
import type { WebApiService } from './webApiService';

/** Whether this desk created a tournament code: it is one of the codes kept in its tournaments.db. */
export type DeskCodeCheck = (code: string) => Promise<boolean>;

export interface DeskMatchByCodeOptions {
  service: Pick<WebApiService, 'matchByTournamentCode'>;
  version: () => ApiVersion;
  createdByDesk: DeskCodeCheck;
}

export const notDeskCodeMessage = (code: string): string =>
  `The tournament code ${code} was not created by this desk (it is not in tournaments.db): only games of your own tournament codes are looked up by code.`;

/** A game of one of the desk's tournament codes, as createDeskMatchByCode looks it up. */
export type DeskMatchByCode = (
  matchId: string,
  code: string,
  routing: string,
  signal?: AbortSignal,
) => Promise<WebApiResult<MatchView>>;

/**
 * Games of your tournament codes (the Matches page's code field, `webApi.match.byCode`, `sightline api
 * match-by-code`): a game played with a code this desk created, fetched through that code so its players
 * are named (spec 1 §4). A code the desk did not create is refused before anything is sent, as a code
 * that did not make the match is (not found); a match ID or code that cannot be right is refused first,
 * as every lookup refuses it.
 */
export function createDeskMatchByCode(options: DeskMatchByCodeOptions): DeskMatchByCode {
  return async (matchId, code, routing, signal) => {
    const located = locateMatch(matchId, routing, options.version());
    if (!located.ok) return problem('refused', located.message);
    const checked = checkTournamentCode(code);
    if (!checked.ok) return problem('refused', checked.message);
    let created: boolean;
    try {
      created = await options.createdByDesk(checked.value);
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      return problem(
        'unavailable',
        `The desk's tournament codes cannot be read (${why}), so nothing was sent.`,
      );
    }
    if (!created) return problem('not-found', notDeskCodeMessage(checked.value));
    return options.service.matchByTournamentCode(matchId, checked.value, routing, signal);
  };
}
