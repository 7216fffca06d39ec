import { databaseUrlSecrets, scrubSecrets } from '../../../platform/db/databaseUrl';
import { loadOrCreateSigningSecret } from '../signingSecret';
import type { TournamentDatabaseLocation } from '../storage/tournamentDatabaseLocation';
import { openTournamentStore, type TournamentStore } from '../storage/tournamentStore';
import {
  describeTournamentDatabase,
  tournamentDatabaseLabel,
} from '../../../platform/settings/tournamentDatabaseUrl';

export interface DeskStorage {
  secret: Buffer;
  store: TournamentStore;
}

/**
 * The desk's store and its metaData signing secret. On PostgreSQL the secret is kept in the database, so
 * every desk and receiver sharing it signs and checks with the same one and nobody copies a file; on the
 * data folder's tournaments.db it is the 0600 file beside it, as before.
 */
export async function openDeskStorage(
  location: TournamentDatabaseLocation,
  secretFile: string,
): Promise<DeskStorage> {
  if (location.engine === 'file') {
    const secret = await loadOrCreateSigningSecret(secretFile);
    return { secret, store: await openTournamentStore(location.path) };
  }
  const store = await openTournamentStore(location);
  try {
    return { secret: await store.signingSecret(), store };
  } catch (error) {
    await store.close();
    throw error;
  }
}

/** Why the database cannot be used, naming it as user@host:port/database and never with its password. */
export function storageProblem(location: TournamentDatabaseLocation | null, error: unknown): string {
  const said = error instanceof Error ? error.message : String(error);
  if (location?.engine !== 'postgres') return `The tournament database cannot be used: ${said}`;
  const safe = scrubSecrets(said, databaseUrlSecrets(location.url));
  const { host, port } = describeTournamentDatabase(location.url);
  // The store's own errors already name the database (password shown as ***).
  if (safe.includes(`${host}:${port}`)) return safe;
  return `The shared tournament database ${tournamentDatabaseLabel(location.url)} cannot be used: ${safe}`;
}
