import type { RequestHandlers } from '../../platform/router/requestRouter';
import type { FeatureContext } from '../../platform/feature/feature';
import { fail, type TournamentDesk } from './tournamentDesk';

/**
 * Which tournament API the desk calls, and the user's confirmation that the key is tournament-enabled
 * (the setting the Settings page ticks), so the command line can say and change both as the desk does.
 */
export function createTournamentApiHandlers(
  context: FeatureContext,
  desk: Pick<TournamentDesk, 'use'>,
): Pick<RequestHandlers, 'tournament.api.use' | 'tournament.api.confirm'> {
  const { settings } = context;
  return {
    'tournament.api.use': async () => desk.use(),
    'tournament.api.confirm': async ({ confirmed }) => {
      // Development keys may call the stub only (reference §6): confirming one would change nothing.
      if (confirmed && settings.effective.webApi.keyKind === 'development') {
        return fail(
          'unsupported',
          'A development key cannot be confirmed as a tournament key: it may call the tournament stub only. Set a personal or production key that is enabled for tournaments first.',
        );
      }
      await settings.update({ webApi: { tournamentKeyConfirmed: confirmed } });
      return desk.use();
    },
  };
}
