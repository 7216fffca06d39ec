import type { RequestHandlers } from '../../../platform/router/requestRouter';
import { createMemorySecretStore } from '../../../platform/secrets/secretStore';
import type { FeatureContext } from '../../../platform/feature/feature';
import type { TournamentDesk } from '../tournamentDesk';
import type { TournamentFeatureOptions } from '../tournamentOptions';
import { createTournamentDatabaseSetting } from './tournamentDatabaseSetting';

/** The Tournaments page's shared-database setting: the URL in, only where it points out. */
export function createTournamentDatabaseHandlers(
  context: FeatureContext,
  desk: Pick<TournamentDesk, 'location'>,
  options: Pick<TournamentFeatureOptions, 'secrets'>,
): Pick<
  RequestHandlers,
  'tournament.database.status' | 'tournament.database.set' | 'tournament.database.clear'
> {
  const setting = createTournamentDatabaseSetting({
    // Without a secret store (a CLI command) nothing can be saved: the memory store says it cannot encrypt.
    secrets: options.secrets ?? createMemorySecretStore(),
    environmentUrl: context.env.tournamentDatabaseUrl,
    inUse: desk.location,
  });
  return {
    'tournament.database.status': () => setting.status(),
    'tournament.database.set': ({ url }) => setting.save(url),
    'tournament.database.clear': () => setting.clear(),
  };
}
