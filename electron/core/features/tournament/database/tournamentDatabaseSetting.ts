import { AppRequestError, type TournamentDatabaseStatus } from '@shared/contract';
import { ENVIRONMENT_VARIABLES } from '@shared/environment/environmentVariables';
import type { SecretStore } from '../../../platform/secrets/secretStore';
import { tournamentDbPath } from '../storage/tournamentStore';
import type { TournamentDatabaseLocation } from '../storage/tournamentDatabaseLocation';
import {
  checkTournamentDatabaseUrl,
  describeTournamentDatabase,
} from '../../../platform/settings/tournamentDatabaseUrl';

/** The secret store's name for the saved URL: the whole URL is kept there, as it holds the password. */
export const TOURNAMENT_DATABASE_SECRET = 'tournamentDatabaseUrl';

export interface TournamentDatabaseSettingOptions {
  /** The OS-encrypted store of the desktop app; a host without encryption (serve) cannot save a URL. */
  secrets: SecretStore;
  /** SIGHTLINE_TOURNAMENT_DATABASE_URL (already checked): wins over the saved URL, for this run only. */
  environmentUrl: string | null;
  /** Where the desk opened its data at start; a different choice applies at the next start. */
  inUse(): TournamentDatabaseLocation | null;
}

export interface TournamentDatabaseSetting {
  /** What a page may know: never the URL's password. */
  status(): Promise<TournamentDatabaseStatus>;
  save(url: string): Promise<TournamentDatabaseStatus>;
  clear(): Promise<TournamentDatabaseStatus>;
}

/** Where the desk keeps its data: the environment's URL, else the saved one, else the data folder's tournaments.db. */
export async function resolveTournamentDatabase(input: {
  environmentUrl: string | null;
  secrets: SecretStore | null;
  dataDir: string;
}): Promise<TournamentDatabaseLocation> {
  const url = input.environmentUrl ?? (await savedUrl(input.secrets));
  return url ? { engine: 'postgres', url } : { engine: 'file', path: tournamentDbPath(input.dataDir) };
}

async function savedUrl(secrets: SecretStore | null): Promise<string | null> {
  const saved = (await secrets?.get(TOURNAMENT_DATABASE_SECRET))?.trim() || null;
  // A saved value that no longer passes (edited by hand) is ignored rather than tried.
  return saved && checkTournamentDatabaseUrl(saved) === null ? saved : null;
}

/** The shared database's URL as a setting of the Tournaments page, kept whole in the secret store. */
export function createTournamentDatabaseSetting(
  options: TournamentDatabaseSettingOptions,
): TournamentDatabaseSetting {
  const { secrets, environmentUrl } = options;
  const refuse = (code: 'bad-input' | 'unsupported', message: string): never => {
    throw new AppRequestError({ code, message });
  };

  const status = async (): Promise<TournamentDatabaseStatus> => {
    const url = environmentUrl ?? (await savedUrl(secrets));
    const chosen: TournamentDatabaseLocation | null = url ? { engine: 'postgres', url } : null;
    const inUse = options.inUse();
    const inUseUrl = inUse?.engine === 'postgres' ? inUse.url : null;
    return {
      configured: url !== null,
      source: environmentUrl ? 'environment' : url ? 'stored' : null,
      database: url ? describeTournamentDatabase(url) : null,
      canSave: secrets.isEncrypted() && environmentUrl === null,
      restartNeeded: inUse !== null && (chosen?.engine === 'postgres' ? chosen.url : null) !== inUseUrl,
    };
  };
  const changeable = (): void => {
    if (environmentUrl) {
      refuse(
        'unsupported',
        `${ENVIRONMENT_VARIABLES.tournamentDatabaseUrl} sets the tournament database for this run; unset it to save one.`,
      );
    }
  };

  return {
    status,
    async save(url) {
      changeable();
      const problem = checkTournamentDatabaseUrl(url);
      if (problem) refuse('bad-input', problem);
      if (!secrets.isEncrypted()) {
        refuse(
          'unsupported',
          `This host has no OS encryption to keep the database password: set ${ENVIRONMENT_VARIABLES.tournamentDatabaseUrl} instead.`,
        );
      }
      await secrets.set(TOURNAMENT_DATABASE_SECRET, url.trim());
      return status();
    },
    async clear() {
      changeable();
      await secrets.delete(TOURNAMENT_DATABASE_SECRET);
      return status();
    },
  };
}
